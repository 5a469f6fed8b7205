import { Outlet } from 'react-router'
import { PlatformFooter } from './platform-footer'
import { PlatformHeader } from './platform-header'

/**
 * Chrome of the platform site (SPEC §2.2): header with navigation, business search and account
 * area; footer with the legal links. Shared so the owner area can use it too.
 */
export function PlatformLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only z-[60] rounded-lg bg-primary px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Saltar al contenido
      </a>
      <PlatformHeader />
      <main id="contenido" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <PlatformFooter />
    </div>
  )
}
