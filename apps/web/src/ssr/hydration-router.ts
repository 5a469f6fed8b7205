/**
 * The router a server-rendered page hydrates with (issue 42 §4: first-visit JavaScript ≤ 140 KB).
 *
 * React Router's `RouterProvider`, links and hooks only read a router's state and call its
 * `navigate`; the navigation engine behind them (`createBrowserRouter`: loaders, redirects,
 * revalidation, fetchers, history listening — ~18 KB gzip) has nothing to do until the visitor
 * navigates. So the page hydrates with this router: the state `createBrowserRouter` would start
 * from with the server's hydration data (same matches, same loader data, nothing to load), and
 * the engine (app/app-router.ts) is loaded at the first navigation — or before it, when a link
 * is pointed at or touched (ssr/hydrate.tsx) — made with the same routes and data, and from then
 * on this object forwards everything to it, the listeners that subscribed meanwhile included.
 *
 * A page whose matches would make the engine load something at start (a lazy route module not
 * loaded yet, a loader without data) gets no such router (null): it hydrates with the engine.
 */
import {
  matchRoutes,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router'
import type { HydrationState, RouteObject } from 'react-router'
import type { AppRouter } from '../app/router'

type RouterState = AppRouter['state']
type Listener = Parameters<AppRouter['subscribe']>[0]
type DataRoute = RouteObject & { id: string; children?: DataRoute[] }

/** React Router's own idle values (its `IDLE_NAVIGATION`, `IDLE_FETCHER`, `IDLE_BLOCKER`). */
const IDLE_NAVIGATION = {
  state: 'idle',
  location: undefined,
  matches: undefined,
  historyAction: undefined,
  formMethod: undefined,
  formAction: undefined,
  formEncType: undefined,
  formData: undefined,
  json: undefined,
  text: undefined,
} as const
const IDLE_FETCHER = {
  state: 'idle',
  data: undefined,
  formMethod: undefined,
  formAction: undefined,
  formEncType: undefined,
  formData: undefined,
  json: undefined,
  text: undefined,
} as const
const IDLE_BLOCKER = {
  state: 'unblocked',
  proceed: undefined,
  reset: undefined,
  location: undefined,
} as const

/** The routes with ids, as the engine makes them (React Router's `convertRoutesToDataRoutes`). */
function toDataRoutes(
  routes: RouteObject[],
  manifest: Record<string, DataRoute>,
  parentPath: string[] = [],
): DataRoute[] {
  return routes.map((route, index) => {
    const treePath = [...parentPath, String(index)]
    const id = typeof route.id === 'string' ? route.id : treePath.join('-')
    const dataRoute = (
      route.index ? { ...route, id } : { ...route, id, children: undefined }
    ) as DataRoute
    Object.assign(dataRoute, mapRouteProperties(dataRoute))
    manifest[id] = dataRoute
    if (!route.index && route.children)
      dataRoute.children = toDataRoutes(route.children, manifest, treePath)
    return dataRoute
  })
}

/**
 * A router for hydrating the current address with `hydration` (the server's), or null when the
 * engine would have something to load at start. `engine` makes the real router from the same
 * routes and data; it is called once, at the first navigation or at `loadEngine()`.
 */
export function createHydrationRouter(
  routes: RouteObject[],
  hydration: HydrationState,
  engine: (hydrationData: HydrationState) => Promise<AppRouter>,
): (AppRouter & { loadEngine(): Promise<AppRouter> }) | null {
  const manifest: Record<string, DataRoute> = {}
  const dataRoutes = toDataRoutes(routes, manifest)
  const history = createBrowserHistory()
  const matches = matchRoutes(dataRoutes, history.location)
  if (!matches) return null
  const loaderData = hydration.loaderData ?? {}
  const errors = hydration.errors ?? null
  if (matches.some(({ route }) => route.lazy)) return null
  const failedAt = errors ? matches.findIndex(({ route }) => errors[route.id] !== undefined) : -1
  const relevant = failedAt === -1 ? matches : matches.slice(0, failedAt + 1)
  for (const { route } of relevant) {
    const loader = route.loader as { hydrate?: boolean } | undefined
    if (!loader) continue
    if (loader.hydrate === true) return null
    if (!(route.id in loaderData) && errors?.[route.id] === undefined) return null
  }
  const state = {
    historyAction: history.action,
    location: history.location,
    matches,
    initialized: true,
    renderFallback: false,
    navigation: IDLE_NAVIGATION,
    // As the engine starts on a server-rendered page: no scroll to restore.
    restoreScrollPosition: false,
    preventScrollReset: false,
    revalidation: 'idle',
    loaderData,
    actionData: hydration.actionData ?? null,
    errors,
    fetchers: new Map(),
    blockers: new Map(),
  } as unknown as RouterState

  let real: AppRouter | undefined
  let loading: Promise<AppRouter> | undefined
  const listeners = new Map<Listener, () => void>()
  const loadEngine = () => {
    loading ??= engine({ loaderData, actionData: hydration.actionData ?? null, errors }).then(
      (router) => {
        real = router
        for (const listener of listeners.keys()) listeners.set(listener, router.subscribe(listener))
        return router
      },
    )
    return loading
  }
  const router = {
    get basename() {
      return real ? real.basename : '/'
    },
    get future() {
      return real ? real.future : {}
    },
    get state() {
      return real ? real.state : state
    },
    get routes() {
      return real ? real.routes : dataRoutes
    },
    get manifest() {
      return real ? (real as unknown as { manifest: unknown }).manifest : manifest
    },
    get window() {
      return window
    },
    loadEngine,
    initialize() {
      return router
    },
    subscribe(listener: Listener) {
      listeners.set(listener, real ? real.subscribe(listener) : () => undefined)
      return () => {
        listeners.get(listener)?.()
        listeners.delete(listener)
      }
    },
    async navigate(...args: Parameters<AppRouter['navigate']>) {
      const engineRouter = await loadEngine()
      return engineRouter.navigate(...(args as [never, never]))
    },
    async fetch(...args: Parameters<AppRouter['fetch']>) {
      const engineRouter = await loadEngine()
      return engineRouter.fetch(...args)
    },
    async revalidate() {
      const engineRouter = await loadEngine()
      return engineRouter.revalidate()
    },
    createHref: (to: Parameters<AppRouter['createHref']>[0]) => history.createHref(to),
    createURL: (to: Parameters<AppRouter['createHref']>[0]) => history.createURL(to),
    encodeLocation: (to: Parameters<AppRouter['encodeLocation']>[0]) => history.encodeLocation(to),
    getFetcher(key: string) {
      return real ? real.getFetcher(key) : IDLE_FETCHER
    },
    resetFetcher(key: string, options?: { reason?: unknown }) {
      real?.resetFetcher(key, options)
    },
    deleteFetcher(key: string) {
      real?.deleteFetcher(key)
    },
    getBlocker(key: string, blocker: Parameters<AppRouter['getBlocker']>[1]) {
      if (real) return real.getBlocker(key, blocker)
      // A blocker waits for the engine, which checks it from its first navigation on.
      void loadEngine().then((engineRouter) => engineRouter.getBlocker(key, blocker))
      return IDLE_BLOCKER
    },
    deleteBlocker(key: string) {
      if (real) real.deleteBlocker(key)
      else void loadEngine().then((engineRouter) => engineRouter.deleteBlocker(key))
    },
    enableScrollRestoration(...args: Parameters<AppRouter['enableScrollRestoration']>) {
      if (real) return real.enableScrollRestoration(...args)
      void loadEngine().then((engineRouter) => engineRouter.enableScrollRestoration(...args))
      return () => undefined
    },
    dispose() {
      real?.dispose()
    },
  }
  return router as unknown as AppRouter & { loadEngine(): Promise<AppRouter> }
}
