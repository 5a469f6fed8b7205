/// <reference types="node" />
/**
 * The server's answer for every page (ADR 017, 021; issue 42 §1). The API imports the build of
 * this file (`dist-ssr/entry-server.js`) and sends what `renderPage` answers: a redirect, or the
 * whole document — status, headers (cache class), the `<head>` the matched routes decide
 * (ssr/page-head.ts), and for the routes marked `SERVER_RENDERED` (app/router.tsx) the page's
 * HTML with the state the browser hydrates it with (ssr/hydrate.tsx) and the boot script; other
 * pages get the shell the browser renders.
 *
 * The page's data is what its route loaders put into a fresh query cache — the same loaders and
 * query options as in the browser. Their requests reach the API through `fetch` given by the
 * caller (in-process), one per render: renders run concurrently.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { dehydrate } from '@tanstack/react-query'
import { setRenderTime } from '../lib/render-time'
import type { Query, QueryClient } from '@tanstack/react-query'
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router'
import type { ReactNode } from 'react'
import { ApiError, setTransport } from '../api/client'
import { GENERIC_MESSAGES, type Business, type RenderedPage } from '@vitrina/contracts'
import { AppProvider, createQueryClient } from '../app/provider'
import { createRoutes } from '../app/router'
import { setServerOrigin } from '../lib/page-origin'
import { setSiteSource } from '../lib/site'
import { SIGNED_OUT, createSessionStore } from '../lib/session'
import type { ServerState } from './server-state'
import { consentBannerHtml } from './consent-banner-html'
import { renderedDocument, shellDocument, type DocumentTemplate } from './document'
import { pageDocument, platformHead } from './page-head'

export type { ServerState } from './server-state'
export type { DocumentTemplate } from './document'

/** The server's answer for an address (`PRIVATE_SERVER_RENDERED` pages are never `shared`). */
export type ServerPage = RenderedPage

/**
 * One render: how its reads reach the API, the query cache its loaders fill, and the shop whose
 * own domain the page is on (issue 46 §1; null on the platform).
 */
interface RenderScope {
  fetch: typeof fetch
  queryClient: QueryClient
  site: string | null
}
const renders = new AsyncLocalStorage<RenderScope>()
// The site's shop is the render's: renders of the platform and of shops' domains run at once.
setSiteSource(() => renders.getStore()?.site ?? null)
setTransport((input, init) => {
  const scope = renders.getStore()
  if (!scope) return Promise.reject(new ApiError(0, GENERIC_MESSAGES.tryAgainLater))
  return scope.fetch(input, init)
})

function currentQueryClient(): QueryClient {
  const scope = renders.getStore()
  if (!scope) throw new Error('a route loader ran outside a server render')
  return scope.queryClient
}

/** How the server renders a page: not at all, for everybody (kept), or for one visitor. */
type RenderMode = 'browser' | 'shared' | 'private'

/** A route tree, its static handler, and how each pathname already matched is rendered. */
interface Tree {
  routes: ReturnType<typeof createRoutes>
  handler: ReturnType<typeof createStaticHandler>
  /** Pathnames already matched, and how each page is rendered (at most 1,000). */
  modes: Map<string, RenderMode>
}

function makeTree(site: boolean): Tree {
  const routes = createRoutes(currentQueryClient, { site })
  return { routes, handler: createStaticHandler(routes), modes: new Map() }
}

/**
 * The route trees and their static handlers, made once per process (ranking the routes,
 * resolving the lazy route modules): every render's loaders read into that render's own query
 * client. The platform's, and (issue 46 §1) the one of a shop's own domain, its storefront at
 * the root — one for every shop domain, made at the first such page.
 */
const platformTree = makeTree(false)
let siteTree: Tree | undefined
const treeFor = (site: string | null): Tree => (site ? (siteTree ??= makeTree(true)) : platformTree)

const SERVER_RENDERED_PATHS_MAX = 1000

/**
 * Whether the route `pathname` ends at is marked `SERVER_RENDERED` (or `PRIVATE_SERVER_RENDERED`).
 * The route tree never changes in a process, so each pathname's answer is kept: `matchRoutes`
 * flattens and ranks every route again at each call (~5 % of a render's time).
 */
function renderModeOf(tree: Tree, pathname: string): RenderMode {
  let known = tree.modes.get(pathname)
  if (known === undefined) {
    const handle = matchRoutes(tree.routes, pathname)?.at(-1)?.route.handle as
      { serverRendered?: boolean; private?: boolean } | undefined
    known = handle?.serverRendered !== true ? 'browser' : handle.private ? 'private' : 'shared'
    if (tree.modes.size >= SERVER_RENDERED_PATHS_MAX) tree.modes.clear()
    tree.modes.set(pathname, known)
  }
  return known
}

/** What React writes for a Suspense boundary it left to the browser (its fallback follows). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->'

/**
 * The whole HTML of `element`, once every lazy part and Suspense boundary has resolved, each
 * boundary in place (no chunk is outlined behind a script that moves it, so the page reads the
 * same without JavaScript).
 *
 * The route loaders have filled the query cache before this runs, so a page almost always renders
 * in one synchronous pass: `renderToString` first (a third cheaper than the stream: no chunks
 * encoded, no stream). Something still suspended — a lazy component's first use in this process
 * — leaves its boundary to the browser there (or throws, outside any boundary); then the page is
 * rendered again with `prerenderToNodeStream`, which waits for it.
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  try {
    const html = renderToString(element)
    if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return html
  } catch {
    // Suspended outside a Suspense boundary: the stream below waits for it.
  }
  const { prelude } = await prerenderToNodeStream(element, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  })
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks).toString('utf8')
}

const hasStatus = (status: Query['state']['status']) => (query: Query) =>
  query.state.status === status

/**
 * Issue 46 §3 (ADR 039): a storefront page of a shop with pixel ids carries its consent banner,
 * written after the page (the shop as the page read it).
 */
function consentBanner(queryClient: QueryClient, businessId: string | undefined): string {
  if (!businessId) return ''
  const shop = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['businesses'] })
    .map((query) => query.state.data as Business | undefined)
    .find((data) => data?._id === businessId)
  return shop ? consentBannerHtml(shop) : ''
}

/**
 * How the page's reads reach the API, the build's document template, and (issue 46 §1) the
 * identifier of the shop whose own verified domain the page is on — its storefront then at the
 * root (the API's host routing decides it from the Host); absent or null on the platform.
 */
export interface RenderContext {
  fetch: typeof fetch
  template: DocumentTemplate
  site?: string | null
}

/**
 * The response for `url` (absolute: its origin is the one absolute links and the head's
 * addresses use): a redirect its routes answered with, or the whole document with its status and
 * headers. A page marked `SERVER_RENDERED` comes back rendered, with its state and the boot
 * script; other pages, a route's error, a read that failed, and a page its routes call missing
 * (404) come back as the shell the browser renders, with the head the routes decide.
 */
export function renderPage(url: string, context: RenderContext): Promise<ServerPage> {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  const site = context.site ?? null
  return renders.run({ fetch: context.fetch, queryClient, site }, () =>
    render(url, queryClient, context.template, site),
  )
}

const PUBLIC_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }
/** One visitor's page: no copy anywhere, and never in a search engine. */
const PRIVATE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
}

async function render(
  url: string,
  queryClient: QueryClient,
  template: DocumentTemplate,
  site: string | null,
): Promise<ServerPage> {
  const address = new URL(url)
  const tree = treeFor(site)
  // Other pages (the owner area, sign-in) are the browser's: their loaders do not run here.
  const mode = renderModeOf(tree, address.pathname)
  if (mode === 'browser') {
    const head = platformHead(address.pathname)
    return {
      status: 200,
      headers: PUBLIC_HEADERS,
      html: shellDocument(template, address.origin, head, site),
    }
  }
  const headers = mode === 'private' ? PRIVATE_HEADERS : PUBLIC_HEADERS
  const context = await tree.handler.query(new Request(address))
  if (context instanceof Response) {
    const location = context.headers.get('Location')
    if (location) return { redirect: location, status: context.status }
    return {
      status: 200,
      headers,
      html: shellDocument(template, address.origin, platformHead(address.pathname), site),
    }
  }
  const page = pageDocument(context.matches, queryClient, address)
  const failed = queryClient.getQueryCache().findAll({ predicate: hasStatus('error') }).length > 0
  if (context.errors || failed || page.status !== 200) {
    return {
      status: page.status,
      headers,
      html: shellDocument(template, address.origin, page.head, site),
    }
  }
  setServerOrigin(address.origin)
  // Issue 41: what depends on the time (the opening status) renders with this clock here and in
  // the browser's hydration.
  setRenderTime(queryClient, Date.now())
  const router = createStaticRouter(tree.handler.dataRoutes, context)
  const html = await renderToHtml(
    <StrictMode>
      <AppProvider queryClient={queryClient} sessionStore={createSessionStore(SIGNED_OUT)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  )
  const pending = queryClient.getQueryCache().findAll({ predicate: hasStatus('pending') })
  const state: ServerState = {
    router: { loaderData: context.loaderData, actionData: context.actionData },
    queries: dehydrate(queryClient),
    complete: pending.length === 0,
  }
  return {
    status: 200,
    headers,
    html: renderedDocument(
      template,
      address.origin,
      page.head,
      html,
      state,
      site,
      consentBanner(queryClient, page.businessId),
    ),
    ...(mode === 'private' ? {} : { shared: { businessId: page.businessId } }),
  }
}
