import { Menu, UserRound } from 'lucide-react'
import type { ImageAsset } from '@vitrina/contracts'
import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router'
import { Link } from '../ui/link'
import { paths } from '../../config/paths'
import { useLazyPanel } from '../../lib/use-lazy-panel'
import { AccountMenu } from './account-menu'
import type { StorefrontUser } from './account-menu'
import { CartButton } from './cart-button'
import { CategoriesMenu } from './categories-menu'
import { FavoritesLink } from './favorites-link'
import type { StorefrontCategory } from './categories-menu'
import { HeaderSearch } from './header-search'
import { storefrontNavItems } from './nav-items'
import { isStorefrontOwner } from './owner'
import { StoreLogo } from './store-logo'
import { storefrontThemeStyle } from './theme'
import type { StorefrontColors } from './theme'

// The sheet (Radix Dialog) only downloads when the menu first opens.
const MobileMenu = lazy(() => import('./mobile-menu'))

/** SPEC §3: the header has a default business name. */
export const DEFAULT_STORE_NAME = 'Mi Tienda'

export interface StorefrontHeaderProps {
  identifier: string
  name?: string
  logo?: ImageAsset | null
  categories?: readonly StorefrontCategory[]
  /** The business's owner (SPEC §3 `userId`), to recognise the owner among visitors. */
  businessUserId?: string | null
  /** The signed-in visitor, or null. */
  user?: StorefrontUser | null
  /** While the session is being restored nothing is shown in the account area (no flash). */
  isUserLoading?: boolean
  cartItemsCount?: number
  onCartClick?: () => void
  onLogout?: () => void
  /**
   * Colours, when the header is used outside a <StorefrontFrame> (which already sets them).
   */
  colors?: StorefrontColors
  /** The owner's live preview: looks the same, but nothing in it can be used. */
  isPreview?: boolean
}

const navLinkBaseClass =
  'inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition outline-none hover:bg-current/10 hover:opacity-100 focus-visible:ring-3 focus-visible:ring-current/40 aria-[current=page]:opacity-100 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8 aria-expanded:bg-current/10 aria-expanded:opacity-100'
const navLinkClass = `${navLinkBaseClass} opacity-85`

/**
 * SPEC §2.6 storefront header: logo, name and the business colours (bar in bgColor, text in
 * black or white by contrast), 'Inicio', 'Productos', 'Categorías', 'Ofertas', 'Contacto',
 * search, the cart with its badge, and the account area. Below 1280 px the links move to a
 * menu (they do not fit beside search and account); below 768 px search and account move there
 * too.
 */
export function StorefrontHeader({
  identifier,
  name = DEFAULT_STORE_NAME,
  logo,
  categories = [],
  businessUserId,
  user = null,
  isUserLoading = false,
  cartItemsCount = 0,
  onCartClick,
  onLogout = () => {},
  colors,
  isPreview = false,
}: StorefrontHeaderProps) {
  const {
    isOpen: isMenuOpen,
    hasOpened: hasOpenedMenu,
    open: openMenu,
    setOpen: setIsMenuOpen,
  } = useLazyPanel()
  const location = useLocation()
  const nav = storefrontNavItems(identifier)
  const isOwner = isStorefrontOwner(user, businessUserId)

  const productsPath = paths.storefront.products(identifier)
  const isOffers =
    location.pathname === productsPath &&
    new URLSearchParams(location.search).get('oferta') === 'true'
  const current = {
    home: location.pathname === nav.home.to,
    products: location.pathname.startsWith(productsPath) && !isOffers,
    offers: isOffers,
  }

  return (
    <header
      inert={isPreview}
      style={colors ? storefrontThemeStyle(colors) : undefined}
      className="sticky top-0 z-40 border-b border-black/10 bg-(--store-bar) text-(--store-on-bar) shadow-sm"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 @min-[640px]/storefront:px-6 @min-[1024px]/storefront:gap-4 @min-[1024px]/storefront:px-8">
        <button
          type="button"
          aria-label="Abrir menú"
          aria-haspopup="dialog"
          aria-expanded={isMenuOpen}
          onClick={openMenu}
          className="grid size-10 shrink-0 place-items-center rounded-full outline-none hover:bg-current/10 focus-visible:ring-3 focus-visible:ring-current/40 @min-[1280px]/storefront:hidden"
        >
          <Menu className="size-6" aria-hidden="true" />
        </button>
        <Link
          to={nav.home.to}
          className="flex min-w-10 items-center gap-2.5 rounded-lg outline-none focus-visible:ring-3 focus-visible:ring-current/40"
        >
          <StoreLogo name={name} logo={logo} />
          <span className="truncate text-base font-bold tracking-tight @min-[640px]/storefront:text-lg @min-[1280px]/storefront:max-w-56">
            {name}
          </span>
        </Link>

        <nav
          aria-label="Tienda"
          className="ml-2 hidden items-center gap-0.5 @min-[1280px]/storefront:flex"
        >
          <Link
            to={nav.home.to}
            aria-current={current.home ? 'page' : undefined}
            className={navLinkClass}
          >
            {nav.home.label}
          </Link>
          <Link
            to={nav.products.to}
            aria-current={current.products ? 'page' : undefined}
            className={navLinkClass}
          >
            {nav.products.label}
          </Link>
          <CategoriesMenu
            identifier={identifier}
            categories={categories}
            triggerClassName={navLinkClass}
          />
          <Link
            to={nav.offers.to}
            aria-current={current.offers ? 'page' : undefined}
            className={navLinkClass}
          >
            {nav.offers.label}
          </Link>
          <Link to={nav.contact.to} className={navLinkClass}>
            {nav.contact.label}
          </Link>
        </nav>

        <div className="ml-auto flex items-center gap-1 @min-[768px]/storefront:gap-2">
          <HeaderSearch
            identifier={identifier}
            className="hidden w-56 @min-[768px]/storefront:block @min-[1440px]/storefront:w-64"
          />
          <FavoritesLink />
          <CartButton count={cartItemsCount} onClick={onCartClick} />
          <div className="hidden items-center gap-2 @min-[768px]/storefront:flex">
            {isUserLoading ? (
              <span className="size-10" aria-hidden="true" />
            ) : user ? (
              <AccountMenu user={user} isOwner={isOwner} onLogout={onLogout} />
            ) : (
              // Issue 41: nothing here suggests an account is needed to buy; owners still find
              // their way in (SPEC §2.6's 'Iniciar sesión', now an icon with its name).
              <Link
                to={paths.auth.login()}
                aria-label="Iniciar sesión"
                title="Iniciar sesión"
                className="grid size-10 shrink-0 place-items-center rounded-full opacity-85 outline-none hover:bg-current/10 hover:opacity-100 focus-visible:ring-3 focus-visible:ring-current/40"
              >
                <UserRound className="size-5.5" aria-hidden="true" />
              </Link>
            )}
          </div>
        </div>
      </div>
      {hasOpenedMenu && (
        <Suspense fallback={null}>
          <MobileMenu
            open={isMenuOpen}
            onOpenChange={setIsMenuOpen}
            identifier={identifier}
            name={name}
            categories={categories}
            user={user}
            isOwner={isOwner}
            onLogout={onLogout}
          />
        </Suspense>
      )}
    </header>
  )
}
