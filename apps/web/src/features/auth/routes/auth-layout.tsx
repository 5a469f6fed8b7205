import { ArrowLeft } from 'lucide-react'
import { Outlet } from 'react-router'
import { Link } from '../../../components/ui/link'
import { BrandLogo } from '../../../components/brand-logo'
import { paths } from '../../../config/paths'
import { AuthPromoPanel } from '../components/auth-promo-panel'

/** SPEC §2.11: the promo panel (large screens only) beside the login / register form. */
function AuthLayout() {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <AuthPromoPanel />
      <div className="flex flex-col bg-card">
        <header className="flex items-center justify-between px-4 py-4 sm:px-8">
          <BrandLogo className="lg:invisible" />
          <Link
            to={paths.home()}
            className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Volver al inicio
          </Link>
        </header>
        <main
          id="contenido"
          className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:px-8 sm:py-12"
        >
          <Outlet />
        </main>
      </div>
    </div>
  )
}

export { AuthLayout as Component }
