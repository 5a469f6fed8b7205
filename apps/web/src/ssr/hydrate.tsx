/**
 * The browser's side of a server-rendered page (ADR 017, 021). The HTML already shows the page,
 * so nothing renders at load: this code arrives after the first paint (the boot script the server
 * writes, contracts' BOOT_SCRIPT, asks for it when the browser is idle, or at the first use),
 * loads the page's route modules, and the app hydrates the HTML at once when this device has stored something the page
 * shows (a session, a cart, favourites) or the server left a read to the browser, otherwise at
 * the visitor's first sign of use — a pointer, a touch, a key, a wheel. React hydrates in the
 * background from then on, and a discrete event (the tap's click, a key's activation) that reaches
 * a part not yet hydrated makes React hydrate it at once and then dispatch the event to the app's
 * handlers. Until then links work as links and the page costs the phone no script work.
 *
 * The first render describes the server's HTML because every value only this device knows
 * (storage, media queries, layout) is read through `useSyncExternalStore` with a server snapshot,
 * which React uses on the server and during hydration, and renders again with the device's
 * values right after (hooks/use-hydrated.ts, lib/stored-list.ts).
 */
import { StrictMode, startTransition } from 'react'
import { hydrate as hydrateQueries } from '@tanstack/react-query'
import { hydrateRoot } from 'react-dom/client'
import { matchRoutes } from 'react-router'
import type { RouteObject } from 'react-router'
import { BOOT_CLICKS, BOOT_USED, STILL_STYLE_ID, type BootGlobals } from '@vitrina/contracts'
import { App } from '../app/app'
import { createQueryClient } from '../app/provider'
import { connectRouter, createRoutes, type AppRouter } from '../app/router'
import { trackPageView } from '../lib/page-views'
import { onFirstUse } from '../lib/first-use'
import { SIGNED_OUT, createSessionStore } from '../lib/session'
import { hasStoredState } from '../lib/storage'
import { whenIdle } from '../lib/when-idle'
import { createHydrationRouter } from './hydration-router'
import type { ServerState } from './server-state'
import { storefrontPageOf } from '../lib/site'

export { readServerState } from './server-state'
/** The lazy route modules of the address, loaded into their routes (as the server had them). */
async function loadMatchedRoutes(routeList: RouteObject[], location: Location): Promise<void> {
  await Promise.all(
    lazyRoutes(routeList, location).map(async ({ route, load }) => {
      Object.assign(route, { ...(await load()), lazy: undefined })
    }),
  )
}

/** The routes an address matches whose module has not been loaded yet, with its loader. */
function lazyRoutes(routeList: RouteObject[], location: Location | string) {
  return (matchRoutes(routeList, location) ?? []).flatMap(({ route }) =>
    typeof route.lazy === 'function' ? [{ route, load: route.lazy }] : [],
  )
}

/**
 * The code of the page a link leads to, asked for when the link is pointed at, touched or
 * focused — before the tap — so that following it waits for the page's data only (the
 * storefront's list and product pages are chunks of their own: vite.config.ts). The module is
 * then in the browser's module map when the router loads the route itself.
 */
function prefetchOnIntent(routeList: RouteObject[], loadEngine: () => void): void {
  const asked = new Set<string>()
  const handle = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return
    // The router's navigation engine too, if the page hydrated without it (ssr/hydration-router.ts).
    loadEngine()
    if (asked.has(link.pathname)) return
    asked.add(link.pathname)
    // A failed download is the router's to report when the link is followed.
    for (const { load } of lazyRoutes(routeList, link.pathname)) load().catch(() => undefined)
  }
  for (const type of ['pointerover', 'touchstart', 'focusin']) {
    document.addEventListener(type, handle, { capture: true, passive: true })
  }
}

/**
 * A mismatch between the server's HTML and the first render (React then renders that part again
 * in the browser): logged as an error, which the e2e run fails on (e2e/support/console-errors.ts).
 */
function reportHydrationError(error: unknown, info: { componentStack?: string }): void {
  console.error('Hydration failed:', error, info.componentStack ?? '')
}

/**
 * The buttons the visitor clicked before this code had arrived, which the server's boot script
 * kept (contracts' BOOT_SCRIPT): clicked again now that the root hydrates, so the
 * tap acts — React hydrates the part a click reaches before it dispatches the click. From now on
 * React sees clicks itself; the boot script stops keeping them.
 */
function replayEarlyClicks(): void {
  const early = window as BootGlobals<HTMLElement>
  const clicked = early[BOOT_CLICKS] ?? []
  early[BOOT_CLICKS] = null
  for (const control of clicked) if (control.isConnected) control.click()
}

/**
 * Lets the page's CSS transitions run (contracts' STILL_STYLE, written by the server before the
 * stylesheet): called at the first idle moment after this script starts — the stylesheet has
 * applied by then (a script waits for the sheets before it), so nothing transitions. Removing it
 * restyles every element (~7 ms here, ~30 ms on a phone at 4×): an idle task of its own, before
 * any use, not part of the first use's hydration (bench/main-thread.mjs --first-use: 160 → 125 ms).
 */
function releaseTransitions(): void {
  document.getElementById(STILL_STYLE_ID)?.remove()
}

/** The business of a storefront page, from the reads the server rendered it with (issue 26). */
function storefrontBusinessId(state: ServerState): string | undefined {
  const identifier = storefrontPageOf(location.pathname)?.identifier
  const query = state.queries.queries.find(
    ({ queryKey: [kind, by, value] }) =>
      kind === 'businesses' && by === 'identifier' && value === identifier,
  )
  return (query?.state.data as { _id?: string } | undefined)?._id
}

/**
 * The server's boot script (contracts' BOOT_SCRIPT) saw the visitor's first use —
 * before this code arrived, or while it was on its way after an idle start.
 */
function isUsed(): boolean {
  return (window as BootGlobals)[BOOT_USED] === true
}

/**
 * Issue 27 §3: on a product's page (read by its slug), the product's id, from the same reads, for
 * its insights.
 */
function storefrontProductId(
  state: ServerState,
  businessId: string | undefined,
): string | undefined {
  const page = storefrontPageOf(location.pathname)
  if (!businessId || page?.kind !== 'product') return undefined
  const query = state.queries.queries.find(
    ({ queryKey: [kind, by, business] }) =>
      kind === 'products' && by === 'slug' && business === page.identifier,
  )
  return (query?.state.data as { _id?: string } | undefined)?._id
}

export async function hydratePage(root: HTMLElement, state: ServerState): Promise<void> {
  // The visit counts now, not when (or whether) the visitor touches the page.
  const businessId = storefrontBusinessId(state)
  trackPageView({
    path: `${location.pathname}${location.search}`,
    title: document.title,
    businessId,
    productId: storefrontProductId(state, businessId),
  })
  // Offline (a page the service worker kept): at once, to say so (ADR 026).
  let isWanted = !state.complete || hasStoredState() || isUsed() || !navigator.onLine
  let isLoaded = false
  const queryClient = createQueryClient()
  const routes = createRoutes(queryClient)
  // The router is made once the route modules are here, in an idle moment of its own before the
  // first use (its history and its first state cost a slow phone ~25 ms: not the tap's to pay);
  // it runs no loader, since the server's loader data covers every matched route. It is the
  // hydration's router (ssr/hydration-router.ts): React Router's navigation engine
  // (app/app-router.ts) loads at the first navigation or sign of one, not on a first visit —
  // unless the page has something the engine must load at start. The cache is filled when the
  // app starts, not at load: a cache filled at load would drop the server's data after its
  // garbage-collection time if the visitor only reads for a while.
  const engine = (hydrationData: ServerState['router']) =>
    import('../app/app-router').then(({ createEngine }) => createEngine(routes, hydrationData))
  let preparing: Promise<AppRouter> | undefined
  let loadEngine: () => unknown = () => undefined
  const prepare = () => {
    preparing ??= (async () => {
      const hydrating = createHydrationRouter(routes, state.router, engine)
      if (hydrating) loadEngine = hydrating.loadEngine
      const router = hydrating ?? (await engine(state.router))
      connectRouter(router, queryClient)
      return router
    })()
    return preparing
  }
  let isStarted = false
  const start = async () => {
    if (isStarted) return
    isStarted = true
    const router = await prepare()
    hydrateQueries(queryClient, state.queries)
    const sessionStore = createSessionStore(SIGNED_OUT)
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App router={router} queryClient={queryClient} sessionStore={sessionStore} />
        </StrictMode>,
        { onRecoverableError: reportHydrationError },
      )
    })
    replayEarlyClicks()
    // The engine is asked for when a link is pointed at, touched or focused, or at the first
    // navigation: not at idle, so that a visit that only reads never downloads it.
    prefetchOnIntent(routes, () => void loadEngine())
  }
  void whenIdle().then(releaseTransitions)
  // Listening before the route code has arrived: a tap meanwhile starts the app once it has.
  if (!isWanted) {
    onFirstUse(() => {
      isWanted = true
      if (isLoaded) void start()
    })
  }
  await loadMatchedRoutes(routes, window.location)
  isLoaded = true
  // A use while the route modules loaded (the boot script noted it) counts too.
  if (isWanted || isUsed()) await start()
  else void whenIdle().then(prepare)
}
