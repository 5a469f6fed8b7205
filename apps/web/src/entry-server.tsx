/**
 * The server's render of a page (ADR 017): the API's web plugin imports the build of this file
 * (`dist-ssr/entry-server.js`) and calls `renderPage` for the landing and the storefront pages,
 * with the public replies their first screen reads. The browser hydrates the HTML with the
 * returned state (app/hydrate-page.tsx) instead of rendering the page itself.
 */
import { StrictMode } from 'react'
import { dehydrate } from '@tanstack/react-query'
import type { DehydratedState, Query } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import type { HydrationState } from 'react-router'
import { setServerReplies } from './api/first-load'
import { AppProvider, createQueryClient } from './app/provider'
import { routes } from './app/router'
import { setServerOrigin } from './lib/page-origin'
import { SIGNED_OUT, createSessionStore } from './lib/session'

/** What the browser needs to hydrate the HTML: the router's and the data cache's state. */
export interface ServerState {
  router: HydrationState
  queries: DehydratedState
  /** False when a read of the page was left to the browser: then it hydrates at once. */
  complete: boolean
}

export interface ServerPage {
  html: string
  state: ServerState
}

/** Renders are one at a time: the replies they read are module state (first-load.ts). */
let queue: Promise<unknown> = Promise.resolve()

/**
 * The HTML of `url` inside `#root`, or null when the page should be left to the browser (a
 * redirect or an error of its routes). `url` is absolute: its origin is the one absolute links
 * in the page use. `replies` are keyed like the first-load replies (contracts `firstLoadKey`); a
 * read without one is left pending, as in the browser before its reply arrives, and the browser
 * asks for it after hydration.
 */
export function renderPage(
  url: string,
  replies: ReadonlyMap<string, unknown>,
): Promise<ServerPage | null> {
  const page = queue.then(() => render(url, replies))
  queue = page.catch(() => {})
  return page
}

const isPending = (query: Query) => query.state.status === 'pending'

/** Each pass renders what the data known so far shows; a later one, what its replies reveal. */
const MAX_PASSES = 4

async function render(
  url: string,
  replies: ReadonlyMap<string, unknown>,
): Promise<ServerPage | null> {
  const handler = createStaticHandler(routes)
  const address = new URL(url)
  const context = await handler.query(new Request(address))
  if (context instanceof Response || context.errors) return null
  const router = createStaticRouter(handler.dataRoutes, context)
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  const asked = new Set<string>()
  setServerReplies(replies)
  setServerOrigin(address.origin)
  try {
    for (let pass = 1; ; pass++) {
      const html = renderToString(
        <StrictMode>
          <AppProvider queryClient={queryClient} sessionStore={createSessionStore(SIGNED_OUT)}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </StrictMode>,
      )
      const waiting = queryClient
        .getQueryCache()
        .findAll({ predicate: (query) => isPending(query) && !asked.has(query.queryHash) })
      if (waiting.length === 0 || pass === MAX_PASSES) {
        const pending = queryClient.getQueryCache().findAll({ predicate: isPending })
        return {
          html,
          state: {
            router: { loaderData: context.loaderData, actionData: context.actionData },
            queries: dehydrate(queryClient),
            complete: pending.length === 0,
          },
        }
      }
      for (const query of waiting) asked.add(query.queryHash)
      // A read the page does not carry fails at once; forgetting it leaves it pending.
      await Promise.all(
        waiting.map((query) =>
          query
            .fetch()
            .catch(() => queryClient.removeQueries({ queryKey: query.queryKey, exact: true })),
        ),
      )
    }
  } finally {
    setServerReplies(undefined)
    setServerOrigin('')
  }
}
