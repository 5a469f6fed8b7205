import { Menu } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { NavLink } from 'react-router'
import { Link } from '../../ui/link'
import { BrandLogo } from '../../brand-logo'
import { Button } from '../../ui/button'
import { paths } from '../../../config/paths'
import { useSession } from '../../../lib/session'
import { cn } from '../../../lib/utils'
import { useLazyPanel } from '../../../lib/use-lazy-panel'
import { BusinessSearch } from './business-search'
import { PLATFORM_NAV } from './nav-links'

// Radix Dialog and Dropdown Menu (with Popper) stay out of the first load: the phone menu
// downloads when it first opens, the account menu only for a signed-in user.
const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })))
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })))

const accountPlaceholder = <div className="h-10 w-44" aria-hidden="true" />

export function PlatformHeader() {
  const { user, isAuthenticated, isUserLoading } = useSession()
  const {
    isOpen: isMenuOpen,
    hasOpened: hasOpenedMenu,
    open: openMenu,
    setOpen: setIsMenuOpen,
  } = useLazyPanel()

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-card/90 backdrop-blur-md supports-[backdrop-filter]:bg-card/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label="Principal" className="ml-4 hidden items-center gap-1 md:flex">
          {PLATFORM_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
                  isActive ? 'text-foreground' : 'text-muted-foreground',
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <BusinessSearch className="ml-auto hidden w-full max-w-64 lg:block" />
        <div className="ml-auto hidden items-center gap-2 md:flex lg:ml-0">
          {isUserLoading ? (
            accountPlaceholder
          ) : isAuthenticated && user ? (
            <Suspense fallback={accountPlaceholder}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <>
              <Button variant="ghost" asChild>
                <Link to={paths.auth.login()}>Iniciar sesión</Link>
              </Button>
              <Button asChild>
                <Link to={paths.auth.register()}>Crear cuenta</Link>
              </Button>
            </>
          )}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto md:hidden"
          aria-label="Abrir menú"
          aria-expanded={isMenuOpen}
          onClick={openMenu}
        >
          <Menu className="size-6" aria-hidden="true" />
        </Button>
      </div>
      {hasOpenedMenu && (
        <Suspense fallback={null}>
          <MobileNav open={isMenuOpen} onOpenChange={setIsMenuOpen} />
        </Suspense>
      )}
    </header>
  )
}
