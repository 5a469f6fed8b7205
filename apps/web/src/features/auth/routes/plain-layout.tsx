import { Outlet } from 'react-router'
import { BrandLogo } from '../../../components/brand-logo'

/** SPEC §2.11: the plain layout (activation screens): the brand and the outlet. */
function PlainLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-8">
        <BrandLogo />
      </header>
      <main
        id="contenido"
        className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0"
      >
        <Outlet />
      </main>
    </div>
  )
}

export { PlainLayout as Component }
