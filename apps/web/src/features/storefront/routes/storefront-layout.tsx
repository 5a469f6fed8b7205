import {
  BUSINESS_MESSAGES,
  GENERIC_MESSAGES,
  STOREFRONT_UNAVAILABLE_TEXTS,
  whatsappNumber,
} from '@vitrina/contracts'
import { lazy, Suspense, useMemo } from 'react'
import { Outlet, useMatch, useParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import { isApiError } from '../../../api/client'
import { businessKeys, useBusinessByIdentifier } from '../../../api/businesses'
import { PageSpinner } from '../../../components/page-spinner'
import { StorefrontFooter } from '../../../components/storefront/storefront-footer'
import { StorefrontFrame } from '../../../components/storefront/storefront-frame'
import { StorefrontHeader } from '../../../components/storefront/storefront-header'
import { whatsappUrl } from '../../../components/storefront/whatsapp'
import { WhatsAppButton } from '../../../components/storefront/whatsapp-button'
import { Button } from '../../../components/ui/button'
import { paths, routePaths } from '../../../config/paths'
import { siteShop, storefrontIdentifier } from '../../../lib/site'
import { useCartCount } from '../../../lib/cart'
import { useSession } from '../../../lib/session'
import { useLazyPanel } from '../../../lib/use-lazy-panel'
import { OfflineNotice } from '../components/offline-notice'
import { StatusScreen } from '../components/status-screen'
import { StorefrontWorker } from '../lib/storefront-app'
import { missingHead } from '../lib/storefront-head'
import type { StorefrontContext } from '../lib/storefront-context'
import type { HeadArgs, RouteDocument } from '../../../ssr/page-head'

// The drawer (and Radix Dialog with it) downloads when the cart is first opened.
const CartDrawer = lazy(() => import('../components/cart-drawer'))

/** Why the storefront cannot be shown: unknown, suspended by an operator, or a failed load. */
type Unavailability = 'not-found' | 'suspended' | 'error'

const NOT_FOUND_TEXTS = {
  'not-found': {
    title: BUSINESS_MESSAGES.notFound,
    description: BUSINESS_MESSAGES.notFoundDescription,
  },
  suspended: {
    title: STOREFRONT_UNAVAILABLE_TEXTS.businessUnavailable,
    description: STOREFRONT_UNAVAILABLE_TEXTS.businessUnavailableDescription,
  },
} as const

function unavailability(error: unknown): Unavailability {
  if (!isApiError(error) || error.status !== 404) return 'error'
  // Issue 23 §3: a suspended business answers 404 with its own message.
  return error.message === STOREFRONT_UNAVAILABLE_TEXTS.businessUnavailable
    ? 'suspended'
    : 'not-found'
}

function BusinessUnavailable({ reason, onRetry }: { reason: Unavailability; onRetry: () => void }) {
  const texts = reason === 'error' ? null : NOT_FOUND_TEXTS[reason]
  return (
    <main id="contenido" className="min-h-dvh">
      {texts ? (
        <StatusScreen title={texts.title} description={texts.description}>
          <Button asChild>
            <Link to={paths.home()}>Volver al inicio</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={paths.platform.businesses()}>Ver negocios</Link>
          </Button>
        </StatusScreen>
      ) : (
        <StatusScreen
          tone="error"
          title={GENERIC_MESSAGES.businessLoadFailed}
          description={GENERIC_MESSAGES.tryAgainLater}
        >
          <Button onClick={onRetry}>Intentar de nuevo</Button>
          <Button variant="outline" asChild>
            <Link to={paths.home()}>Volver al inicio</Link>
          </Button>
        </StatusScreen>
      )}
    </main>
  )
}

/**
 * `/{identifier}` layout (SPEC §2.5–2.8, §4 storefront states): loads the business once for
 * every storefront page — spinner while loading, 'Negocio no encontrado' (404), 'Negocio no
 * disponible' (suspended by an operator, issue 23 §3) or 'Error al cargar los datos del
 * negocio' — then the themed header, the page, the footer, the WhatsApp button and the cart.
 */
function StorefrontLayout() {
  const identifier = storefrontIdentifier(useParams())
  const business = useBusinessByIdentifier(identifier)
  const { user, isUserLoading, logout } = useSession()
  const cartCount = useCartCount(identifier)
  const {
    isOpen: isCartOpen,
    hasOpened: hasOpenedCart,
    open: openCart,
    setOpen: setIsCartOpen,
  } = useLazyPanel()
  const shopRoutes = siteShop() === null ? routePaths.storefront : routePaths.siteStorefront
  // Issue 41: a product page has its own 'Contactar' (WhatsApp, about that product) beside the
  // favourite heart, which the floating button covered at 1280×800; an order page has its own
  // 'Enviar de nuevo por WhatsApp', and the button covered its totals at 375 px. Not shown there.
  const isProductPage = useMatch(shopRoutes.product) !== null
  const isOrderPage = useMatch(shopRoutes.order) !== null
  const hasOwnWhatsApp = isProductPage || isOrderPage
  const context = useMemo<StorefrontContext | null>(
    () => (business.data ? { business: business.data, openCart } : null),
    [business.data, openCart],
  )

  if (business.isPending) return <PageSpinner />
  if (business.isError || !context) {
    const reason = business.isError ? unavailability(business.error) : 'not-found'
    if (reason === 'error') console.error('Error al cargar los datos del negocio', business.error)
    return <BusinessUnavailable reason={reason} onRetry={() => void business.refetch()} />
  }

  const data = context.business
  const hasWhatsAppButton = whatsappUrl(whatsappNumber(data)) !== null && !hasOwnWhatsApp
  return (
    <>
      <StorefrontFrame colors={data} className="flex min-h-dvh flex-col">
        <a
          href="#contenido"
          className="sr-only z-50 rounded-lg bg-card px-4 py-2 font-semibold focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          Saltar al contenido
        </a>
        <StorefrontWorker identifier={data.identifier} />
        <OfflineNotice />
        <StorefrontHeader
          identifier={data.identifier}
          name={data.name}
          logo={data.logo}
          categories={data.categories}
          businessUserId={data.userId}
          user={user}
          isUserLoading={isUserLoading}
          cartItemsCount={cartCount}
          onCartClick={openCart}
          onLogout={() => void logout()}
        />
        {/* At least the screen below the 4 rem header: the footer starts below the fold in every
            state, so a page replacing its spinner with content never shifts it (CLS, SPEC §9). */}
        <main
          id="contenido"
          tabIndex={-1}
          className="min-h-[calc(100dvh-4rem)] flex-1 outline-none"
        >
          <Outlet context={context} />
        </main>
        <StorefrontFooter
          identifier={data.identifier}
          name={data.name}
          logo={data.logo}
          phone={data.phone}
          email={data.email}
          address={data.address}
          hasWhatsAppButton={hasWhatsAppButton}
          businessId={data._id}
          pixels={data.pixels}
        />
        {hasOpenedCart && (
          <Suspense fallback={null}>
            <CartDrawer open={isCartOpen} onOpenChange={setIsCartOpen} business={data} />
          </Suspense>
        )}
      </StorefrontFrame>
      {hasWhatsAppButton && <WhatsAppButton phone={whatsappNumber(data)} name={data.name} />}
    </>
  )
}

/**
 * The head of every page under a shop whose business cannot be shown: 'Negocio no encontrado'
 * or 'Negocio no disponible' with a 404, or the load error (the browser tries again). The
 * pages themselves give the head of a shop that is there.
 */
export function head({ queryClient, params }: HeadArgs): RouteDocument | null {
  const state = queryClient.getQueryState(businessKeys.byIdentifier(storefrontIdentifier(params)))
  if (state?.status !== 'error') return null
  const reason = unavailability(state.error)
  if (reason === 'error')
    return { ...missingHead(GENERIC_MESSAGES.businessLoadFailed), status: 200 }
  return missingHead(NOT_FOUND_TEXTS[reason].title)
}

export { StorefrontLayout as Component }
