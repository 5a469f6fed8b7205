/**
 * The route tree (SPEC §2.1). Every screen is a lazy route module: a file under
 * `features/<feature>/routes/` that exports `Component` (and, if it wants, `ErrorBoundary`,
 * `handle`, and `dataLoader`), loaded the first time its address is visited.
 *
 * A page's data reaches it one way (ADR 021): the route's loader puts the reads of its first
 * screen into the query cache (`ensureQueryData`, with the same query options its components
 * read), before the route renders. The server renders a page by running the same loaders
 * (ssr/entry-server.tsx) and sends the cache along; the browser hydrates that cache. Routes
 * marked `SERVER_RENDERED` are the public pages the server renders.
 */
import type { QueryClient } from '@tanstack/react-query'
import { redirect } from 'react-router'
import type {
  createBrowserRouter,
  LoaderFunction,
  LoaderFunctionArgs,
  RouteObject,
} from 'react-router'
import {
  canonicalIdentifierFor,
  IDENTIFIER_PATTERN,
  isReservedIdentifier,
} from '@vitrina/contracts'
import { businessByIdentifierQueryOptions } from '../api/businesses'
import { setSessionExpiredHandler } from '../api/client'
import { ensureData } from '../api/ensure-data'
import { PageSpinner } from '../components/page-spinner'
import { paths, routePaths } from '../config/paths'
import { siteShop, storefrontIdentifier } from '../lib/site'
import { requestToaster } from '../lib/toast'
import { followHead } from '../ssr/follow-head'
import { LogoutRoute } from './logout-route'
import { RootLayout } from './root-layout'
import { RouteErrorBoundary } from './route-error'

/** Routes that only redirect render nothing (their loader never lets them render). */
const RedirectOnly = () => null

/** SPEC §2.1 aliases: redirect, keeping the query string (e.g. /nuevo?plan=pro). */
function aliasRoute(from: string, to: string): RouteObject {
  return {
    path: from,
    Component: RedirectOnly,
    loader: ({ request }: LoaderFunctionArgs) => redirect(`${to}${new URL(request.url).search}`),
  }
}

/** What a route module may export besides React Router's own fields. */
interface RouteModule {
  /** The route's loader, given the app's query client (see the file comment). */
  dataLoader?: (queryClient: QueryClient) => LoaderFunction
  [field: string]: unknown
}

/**
 * The query client the loaders read into: the app's, or a function giving it at each load (the
 * server makes one route tree for every render, each render with its own client).
 */
export type LoaderQueryClient = QueryClient | (() => QueryClient)

/** A lazy route module as React Router takes it: `dataLoader` becomes the route's loader. */
function withData(queryClient: () => QueryClient, load: () => Promise<RouteModule>) {
  return async () => {
    const { dataLoader, ...module } = await load()
    if (!dataLoader) return module
    const loader: LoaderFunction = (args) => dataLoader(queryClient())(args)
    return { ...module, loader }
  }
}

/** `handle` of the public pages the server renders (ssr/entry-server.tsx). */
export const SERVER_RENDERED = { serverRendered: true } as const

/**
 * `handle` of a page the server renders for one visitor only (an order's page, reached with its
 * token): never kept in the server's page cache nor by the browser (`no-store`).
 */
export const PRIVATE_SERVER_RENDERED = { serverRendered: true, private: true } as const

/** SPEC §2.1: an address no page has goes home — permanently (issue 41: a 301 from the server). */
const MOVED_PERMANENTLY = 301

/**
 * `/{identifier}` only for addresses that can be a business: an address typed with capitals,
 * accents or spaces goes to the canonical identifier they name (`/Café-del-Puerto` →
 * `/cafe-del-puerto`, issue 41); reserved words (`/productos`, `/ofertas`,
 * the storefront footer's defaults) and what names no identifier go home like any other unknown
 * path. Then the business is loaded (its pages' own loaders wait for it in parallel).
 */
export function storefrontLoader(queryClient: () => QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const identifier = storefrontIdentifier(params)
    if (!IDENTIFIER_PATTERN.test(identifier) || isReservedIdentifier(identifier)) {
      const canonical = canonicalIdentifierFor(identifier)
      if (canonical === undefined) return redirect(paths.home(), MOVED_PERMANENTLY)
      const url = new URL(request.url)
      // What follows the first segment, as the address writes it (percent-encoded).
      const slash = url.pathname.indexOf('/', 1)
      const rest = slash === -1 ? '' : url.pathname.slice(slash)
      return redirect(`/${canonical}${rest}${url.search}`, MOVED_PERMANENTLY)
    }
    await ensureData(queryClient(), businessByIdentifierQueryOptions(identifier))
    return null
  }
}

/**
 * For screens that call sonner's `toast` themselves (owner area, login, registration,
 * activation): loading the route also mounts the app's Toaster (lib/toast.ts).
 */
function withToasts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    requestToaster()
    return load()
  }
}

/** A child route's path relative to its parent's ('/auth', '/auth/login' → 'login'). */
function under(parent: string, full: string): string {
  if (parent === '/') return full.slice(1)
  if (!full.startsWith(`${parent}/`)) throw new Error(`${full} is not under ${parent}`)
  return full.slice(parent.length + 1)
}
const home = routePaths.home
const auth = routePaths.auth.root
const operator = routePaths.operator.root

/**
 * The storefront's route and its pages: under `/{identifier}` on the platform, or at `/` on the
 * shop's own domain (`site`, issue 46 §1) — the same modules, loaders and handles; the shop is
 * then the site's (lib/site.ts `storefrontIdentifier`).
 */
function storefrontRoute(queryClient: () => QueryClient, site: boolean): RouteObject {
  const page = (load: () => Promise<RouteModule>) => withData(queryClient, load)
  const at = site ? routePaths.siteStorefront : routePaths.storefront
  return {
    path: at.home,
    loader: storefrontLoader(queryClient),
    // Only another business needs the guard (and its early request) again, not a filter change.
    shouldRevalidate: ({ currentParams, nextParams }) =>
      currentParams.identifier !== nextParams.identifier,
    lazy: () => import('../features/storefront/routes/storefront-layout'),
    children: [
      {
        index: true,
        handle: SERVER_RENDERED,
        lazy: page(() => import('../features/storefront/routes/storefront-home')),
      },
      {
        path: under(at.home, at.products),
        handle: SERVER_RENDERED,
        // A filter change is the page's own query (the last list stays on screen meanwhile).
        shouldRevalidate: ({ currentParams, nextParams }) =>
          currentParams.identifier !== nextParams.identifier,
        lazy: page(() => import('../features/storefront/routes/products')),
      },
      {
        path: under(at.home, at.product),
        handle: SERVER_RENDERED,
        shouldRevalidate: ({ currentParams, nextParams }) => currentParams.slug !== nextParams.slug,
        lazy: page(() => import('../features/storefront/routes/product-detail')),
      },
      {
        // Issue 24: an order's public page (its token in `?t=`); noindex, never listed.
        path: under(at.home, at.order),
        handle: PRIVATE_SERVER_RENDERED,
        lazy: page(() => import('../features/storefront/routes/order')),
      },
    ],
  }
}

/**
 * Issue 46 §1: the tree on a shop's own domain — its storefront at the root and nothing else
 * (the server sends every other address to the platform, 301); an unknown address goes to the
 * shop's home.
 */
function siteRoutes(queryClient: () => QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: PageSpinner,
      children: [
        storefrontRoute(queryClient, true),
        {
          path: '*',
          handle: SERVER_RENDERED,
          loader: () => redirect(routePaths.siteStorefront.home, MOVED_PERMANENTLY),
          Component: RedirectOnly,
        },
      ],
    },
  ]
}

/**
 * The route tree, its loaders reading into `queryClient`: the platform's, or on a shop's own
 * domain (`site`; by default whether lib/site.ts names one) that shop's storefront at the root.
 */
export function createRoutes(
  client: LoaderQueryClient,
  { site = siteShop() !== null }: { site?: boolean } = {},
): RouteObject[] {
  const queryClient = typeof client === 'function' ? client : () => client
  if (site) return siteRoutes(queryClient)
  const page = (load: () => Promise<RouteModule>) => withData(queryClient, load)
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: PageSpinner,
      children: [
        {
          path: routePaths.home,
          lazy: () => import('../features/platform/routes/platform-layout'),
          children: [
            {
              index: true,
              handle: SERVER_RENDERED,
              lazy: page(() => import('../features/platform/routes/landing')),
            },
            {
              path: under(home, routePaths.platform.businesses),
              handle: SERVER_RENDERED,
              lazy: page(() => import('../features/platform/routes/businesses')),
            },
            {
              path: under(home, routePaths.platform.plans),
              handle: SERVER_RENDERED,
              lazy: () => import('../features/platform/routes/plans'),
            },
            {
              path: under(home, routePaths.platform.contact),
              handle: SERVER_RENDERED,
              lazy: () => import('../features/platform/routes/contact'),
            },
            {
              path: under(home, routePaths.platform.dashboard),
              lazy: () => import('../features/platform/routes/dashboard'),
            },
            {
              path: under(home, routePaths.account.profile),
              lazy: withToasts(() => import('../features/auth/routes/profile')),
            },
            {
              path: under(home, routePaths.account.favorites),
              lazy: () => import('../features/platform/routes/favorites'),
            },
            {
              path: under(home, routePaths.legal.terms),
              handle: SERVER_RENDERED,
              lazy: () => import('../features/platform/routes/legal-terms'),
            },
            {
              path: under(home, routePaths.legal.privacy),
              handle: SERVER_RENDERED,
              lazy: () => import('../features/platform/routes/legal-privacy'),
            },
            {
              path: under(home, routePaths.legal.cookies),
              handle: SERVER_RENDERED,
              lazy: () => import('../features/platform/routes/legal-cookies'),
            },
            // Owner area (features/admin): the business wizard and the admin screens.
            {
              path: under(home, routePaths.platform.newBusiness),
              lazy: withToasts(() => import('../features/admin/routes/new-business')),
            },
            {
              path: under(home, routePaths.admin.myBusiness),
              lazy: withToasts(() => import('../features/admin/routes/my-business')),
            },
            {
              path: under(home, routePaths.admin.editBusiness),
              lazy: withToasts(() => import('../features/admin/routes/edit-business')),
            },
            {
              path: under(home, routePaths.admin.newProduct),
              lazy: withToasts(() => import('../features/admin/routes/new-product')),
            },
            {
              path: under(home, routePaths.admin.editProduct),
              lazy: withToasts(() => import('../features/admin/routes/edit-product')),
            },
            // Issue 24 §3: the owner's orders.
            {
              path: under(home, routePaths.admin.orders),
              lazy: withToasts(() => import('../features/admin/routes/orders')),
            },
            // Issue 26: the owner's insights.
            {
              path: under(home, routePaths.admin.insights),
              lazy: () => import('../features/admin/routes/insights'),
            },
            // Issue 46 §2: the shop's product feeds for Google and Meta.
            {
              path: under(home, routePaths.admin.salesChannels),
              lazy: withToasts(() => import('../features/admin/routes/sales-channels')),
            },
            // Issue 46 §1: the shop's own domain.
            {
              path: under(home, routePaths.admin.customDomain),
              lazy: withToasts(() => import('../features/admin/routes/custom-domain')),
            },
            // Issue 43 §1: the shop's Mercado Pago connection.
            {
              path: under(home, routePaths.admin.payments),
              lazy: withToasts(() => import('../features/admin/routes/payments')),
            },
            // Issue 45: coupons and automatic promotions.
            {
              path: under(home, routePaths.admin.promotions),
              lazy: withToasts(() => import('../features/admin/routes/promotions')),
            },
            // Issue 23 §3: the operators' console (operators only; the layout checks the role).
            {
              path: under(home, routePaths.operator.root),
              lazy: withToasts(() => import('../features/operator/routes/operator-layout')),
              children: [
                {
                  index: true,
                  loader: () => redirect(paths.operator.businesses()),
                  Component: RedirectOnly,
                },
                {
                  path: under(operator, routePaths.operator.businesses),
                  lazy: () => import('../features/operator/routes/businesses'),
                },
                {
                  path: under(operator, routePaths.operator.business),
                  lazy: () => import('../features/operator/routes/business'),
                },
                {
                  path: under(operator, routePaths.operator.payments),
                  lazy: () => import('../features/operator/routes/payments'),
                },
                {
                  path: under(operator, routePaths.operator.featured),
                  lazy: () => import('../features/operator/routes/featured'),
                },
                {
                  path: under(operator, routePaths.operator.messages),
                  lazy: () => import('../features/operator/routes/messages'),
                },
                {
                  path: under(operator, routePaths.operator.mail),
                  lazy: () => import('../features/operator/routes/mail'),
                },
                {
                  path: under(operator, routePaths.operator.audit),
                  lazy: () => import('../features/operator/routes/audit'),
                },
              ],
            },
          ],
        },
        {
          path: routePaths.auth.root,
          children: [
            { index: true, loader: () => redirect(paths.auth.login()), Component: RedirectOnly },
            {
              // SPEC §2.11: login and register beside the promo panel.
              lazy: withToasts(() => import('../features/auth/routes/auth-layout')),
              children: [
                {
                  path: under(auth, routePaths.auth.login),
                  lazy: () => import('../features/auth/routes/login'),
                },
                {
                  path: under(auth, routePaths.auth.register),
                  lazy: () => import('../features/auth/routes/register'),
                },
                {
                  path: under(auth, routePaths.auth.forgotPassword),
                  lazy: () => import('../features/auth/routes/forgot-password'),
                },
                {
                  path: under(auth, routePaths.auth.resetPassword),
                  lazy: () => import('../features/auth/routes/reset-password'),
                },
              ],
            },
            {
              // SPEC §2.11: the plain layout, for the activation screens.
              lazy: withToasts(() => import('../features/auth/routes/plain-layout')),
              children: [
                {
                  path: under(auth, routePaths.auth.activationNotice),
                  lazy: () => import('../features/auth/routes/activation-notice'),
                },
                {
                  path: under(auth, routePaths.auth.activate),
                  lazy: () => import('../features/auth/routes/activate'),
                },
                // A link missing its token still explains itself (SPEC §8 'Token de activación no válido').
                { path: 'activar', lazy: () => import('../features/auth/routes/activate') },
                {
                  path: under(auth, routePaths.auth.confirmEmail),
                  lazy: () => import('../features/auth/routes/confirm-email'),
                },
              ],
            },
          ],
        },
        { path: routePaths.account.logout, Component: LogoutRoute },
        ...Object.entries(routePaths.aliases).map(([from, to]) => aliasRoute(from, to)),
        storefrontRoute(queryClient, false),
        // SPEC §2.1: any other path redirects to /.
        // Issue 41: marked server-rendered so the server answers it as a 301, not the browser.
        {
          path: '*',
          handle: SERVER_RENDERED,
          loader: () => redirect(paths.home(), MOVED_PERMANENTLY),
          Component: RedirectOnly,
        },
      ],
    },
  ]
}

/**
 * What the app does with its router, whichever made it (app/app-router.ts, or the hydration's
 * router, ssr/hydration-router.ts): after each navigation the head is the matched routes'
 * (ssr/head-updater.ts). This module does not import React Router's navigation engine
 * (`createBrowserRouter`): a server-rendered page's first visit does not download it.
 */
export function connectRouter(router: AppRouter, queryClient: QueryClient): void {
  followHead(router, queryClient)
  // SPEC §7: when the session cannot be renewed the user goes to the login page.
  setSessionExpiredHandler(() => void router.navigate(paths.auth.login()))
}

/** The app's router in the browser (app/app-router.ts `createAppRouter`). */
export type AppRouter = ReturnType<typeof createBrowserRouter>
