/**
 * The app's router in the browser: React Router's data router (its navigation engine, ~18 KB
 * gzip) with the routes of app/router.tsx. A page the browser renders makes it at once
 * (main.tsx); a server-rendered page hydrates without it (ssr/hydration-router.ts) and loads this
 * module at its first navigation or sign of one (issue 42 §4: first-visit JavaScript).
 */
import type { QueryClient } from '@tanstack/react-query'
// React Router's engine from its own module (vite.config.ts `ROUTER_ENGINE`): not in the first load.
import { createBrowserRouter } from 'react-router-engine'
import type { HydrationState, RouteObject } from 'react-router'
import { connectRouter, type AppRouter } from './router'

/** The engine alone, for a router the app has already connected (ssr/hydration-router.ts). */
export function createEngine(routes: RouteObject[], hydrationData?: HydrationState): AppRouter {
  return createBrowserRouter(routes, { hydrationData })
}

/** `hydrationData`: what the server's render of this page had (ADR 017). */
export function createAppRouter(
  routes: RouteObject[],
  queryClient: QueryClient,
  hydrationData?: HydrationState,
): AppRouter {
  const router = createEngine(routes, hydrationData)
  connectRouter(router, queryClient)
  return router
}
