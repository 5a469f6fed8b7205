/**
 * Page-view analytics (SPEC §2.18: "reported to an analytics service"). A storefront's page views
 * always go to Vitrina's own, cookie-less insights (issue 26, lib/storefront-events.ts): the owner's
 * /admin/estadisticas. Besides, for the platform's own use, the app calls
 * `trackPageView` on every route change; which service receives it is chosen at build time by
 * `VITE_ANALYTICS_PROVIDER`:
 *
 * - unset / 'none' — nothing is sent (default; no third party sees visitors without a decision);
 * - 'console'      — logs each page view (development).
 *
 * Adding a real service: write an `AnalyticsProvider` (load its script lazily in `init`, send in
 * `pageView`) and add it to `PROVIDERS` under the name to put in `VITE_ANALYTICS_PROVIDER`.
 * Remember to allow its hosts in the API's Content-Security-Policy.
 */
import { maskUrlSecrets } from '@vitrina/contracts'
import { leaveStorefront, trackStorefrontPage } from './storefront-events'

export interface PageView {
  /** pathname + search, e.g. '/plataforma/negocios?page=2' */
  path: string
  title: string
  referrer?: string
  /** The business whose storefront the page is (its insights count the view). */
  businessId?: string
  /** Issue 27 §3: on a product's page (addressed by slug), the product's id for its insights. */
  productId?: string
}

export interface AnalyticsProvider {
  readonly name: string
  init?(): void
  pageView(view: PageView): void
}

const noopProvider: AnalyticsProvider = { name: 'none', pageView() {} }

const consoleProvider: AnalyticsProvider = {
  name: 'console',
  pageView(view) {
    console.info('[analytics] page view', view)
  },
}

const PROVIDERS: Record<string, AnalyticsProvider> = {
  none: noopProvider,
  console: consoleProvider,
}

let active: AnalyticsProvider | null = null
let lastPath: string | null = null

export function resolveAnalyticsProvider(name: string | undefined): AnalyticsProvider {
  if (!name) return noopProvider
  const provider = PROVIDERS[name]
  if (!provider) console.warn(`VITE_ANALYTICS_PROVIDER="${name}" no existe; analítica desactivada`)
  return provider ?? noopProvider
}

/** Replaces the provider (tests, or a consent banner switching analytics on). */
export function setAnalyticsProvider(provider: AnalyticsProvider): void {
  active = provider
  lastPath = null
  provider.init?.()
}

function getProvider(): AnalyticsProvider {
  if (!active)
    setAnalyticsProvider(resolveAnalyticsProvider(import.meta.env.VITE_ANALYTICS_PROVIDER))
  return active ?? noopProvider
}

/** Reports a page view once per distinct address (re-renders do not count twice). */
export function trackPageView(view: PageView): void {
  if (view.path === lastPath) return
  const referrer = lastPath ?? (document.referrer || undefined)
  lastPath = view.path
  const { businessId, productId, ...rest } = view
  const url = new URL(view.path, location.origin)
  if (businessId) trackStorefrontPage(businessId, url.pathname, url.search, productId)
  else leaveStorefront()
  // No working activation, reset or order link ever reaches an analytics service.
  const shownReferrer = view.referrer ?? referrer
  try {
    getProvider().pageView({
      ...rest,
      path: maskUrlSecrets(rest.path),
      referrer: shownReferrer === undefined ? undefined : maskUrlSecrets(shownReferrer),
    })
  } catch (error) {
    console.warn('No se pudo registrar la visita', error)
  }
}
