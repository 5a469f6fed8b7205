/// <reference lib="webworker" />
/**
 * The storefronts' service worker (issue 27 §4, ADR 026), served as `/sw.js` by the API with the
 * build's shell and version before it (`self.__VITRINA_SW__`). Each storefront registers it with
 * its own scope (`/{identifier}`); every registration runs its own copy and keeps its own caches,
 * named after its storefront and the version, so a new build drops the old ones on activation.
 *
 * - Pages: network first; after 3 s, or without network, the copy kept from the last visit; a
 *   page never kept is a small "Sin conexión" page. An order's page is never kept.
 * - The build's files (hashed): cache first. Images: the kept copy at once, refreshed behind it
 *   (at most 120). Public catalogue reads: network first, the kept copy without network.
 * - Never kept: anything but a GET, other origins, `/api/auth`, the owner's and the operator's
 *   areas (outside every storefront's scope), replies marked `no-store` or `private`.
 *
 * A page that registers the worker tells it, once it is active, what it has already loaded (its
 * address, scripts, styles, images): the first visit is kept too, although it was made before
 * the worker existed.
 */
import { STOREFRONT_APP_TEXTS } from '@vitrina/contracts'
import { isKeepable, isKeepablePage, isStorefrontPage, scopePath, strategyFor } from './rules'
import type { Strategy } from './rules'

declare const self: ServiceWorkerGlobalScope & {
  __VITRINA_SW__?: { version: string; shell: string[] }
}

const config = self.__VITRINA_SW__ ?? { version: 'dev', shell: [] }
const scope = scopePath(self.registration.scope)
const prefix = `vitrina:${scope}:`
const cacheName = (part: string) => `${prefix}${part}:${config.version}`
const CACHES = {
  assets: cacheName('assets'),
  pages: cacheName('pages'),
  images: cacheName('images'),
  reads: cacheName('reads'),
}
const MAX_ENTRIES = { pages: 40, images: 120, reads: 60 }
const NETWORK_TIMEOUT_MS = 3000

/** Drops the oldest entries beyond `max` (keys come back in the order they were put). */
async function trim(cache: Cache, max: number): Promise<void> {
  const keys = await cache.keys()
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)))
}

async function keep(name: keyof typeof CACHES, url: string, response: Response): Promise<void> {
  const cache = await caches.open(CACHES[name])
  await cache.put(url, response)
  if (name !== 'assets') await trim(cache, MAX_ENTRIES[name])
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A storefront page this device has not kept, while there is no network. */
function offlinePage(url: string): Response {
  const t = STOREFRONT_APP_TEXTS
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.offline}</title></head><body style="margin:0;font-family:system-ui,sans-serif;color:#0D1B2A;background:#fff"><main style="max-width:32rem;margin:0 auto;padding:3rem 1.5rem;text-align:center"><div role="status"><h1 style="font-size:1.5rem">${t.offline}</h1><p style="line-height:1.5">${t.offlinePageDescription}</p></div><p><a href="${escapeHtml(url)}" style="color:#1D4ED8">${t.offlineRetry}</a> · <a href="${escapeHtml(scope || '/')}" style="color:#1D4ED8">${t.offlineHome}</a></p></main></body></html>`
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  })
}

/** The page's address as kept: without its fragment. */
const pageKey = (url: string) => url.split('#')[0]!

async function page(event: FetchEvent): Promise<Response> {
  const url = pageKey(event.request.url)
  const network = fetch(event.request)
  // Kept in the background (the page's copy is cloned before the browser reads it).
  event.waitUntil(
    network
      .then((response) => (isKeepablePage(response) ? keep('pages', url, response.clone()) : null))
      .catch(() => null),
  )
  // The network's answer, if it comes in time (and is not the server failing).
  const timely = await Promise.race([
    network.then(
      (response) => (response.status < 500 ? response : null),
      () => null,
    ),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), NETWORK_TIMEOUT_MS)),
  ])
  if (timely) return timely
  const kept = await (await caches.open(CACHES.pages)).match(url)
  if (kept) return kept
  try {
    return await network
  } catch {
    return offlinePage(url)
  }
}

async function cacheFirst(request: Request, name: 'assets'): Promise<Response> {
  const kept = await (await caches.open(CACHES[name])).match(request)
  if (kept) return kept
  const response = await fetch(request)
  if (isKeepable(response)) await keep(name, request.url, response.clone())
  return response
}

async function staleWhileRevalidate(event: FetchEvent): Promise<Response> {
  const { request } = event
  const network = fetch(request)
  const refreshed = network.then(async (response) => {
    if (isKeepable(response)) await keep('images', request.url, response.clone())
  })
  event.waitUntil(refreshed.catch(() => null))
  const kept = await (await caches.open(CACHES.images)).match(request)
  return kept ?? network
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request)
    if (isKeepable(response)) await keep('reads', request.url, response.clone())
    return response
  } catch (error) {
    const kept = await (await caches.open(CACHES.reads)).match(request)
    if (kept) return kept
    throw error
  }
}

function respond(event: FetchEvent, strategy: Strategy): Promise<Response> {
  switch (strategy) {
    case 'page':
      return page(event)
    case 'asset':
      return cacheFirst(event.request, 'assets')
    case 'image':
      return staleWhileRevalidate(event)
    case 'read':
      return networkFirst(event.request)
  }
}

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, scope, self.location.origin)
  if (strategy) event.respondWith(respond(event, strategy))
})

/** Fetches and keeps `url` as its strategy would; a failure leaves it out. */
async function fetchAndKeep(url: string, strategy: Strategy): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' })
  if (strategy === 'page') {
    if (isKeepablePage(response)) await keep('pages', pageKey(url), response)
    return
  }
  if (!isKeepable(response)) return
  await keep(
    strategy === 'asset' ? 'assets' : strategy === 'image' ? 'images' : 'reads',
    url,
    response,
  )
}

/** Keeps what a page already loaded before the worker controlled it (at most 100 addresses). */
async function keepLoaded(urls: unknown): Promise<void> {
  if (!Array.isArray(urls)) return
  const origin = self.location.origin
  await Promise.allSettled(
    urls.slice(0, 100).map((url: unknown) => {
      if (typeof url !== 'string') return undefined
      let parsed: URL
      try {
        parsed = new URL(url, origin)
      } catch {
        return undefined
      }
      const isPage = parsed.origin === origin && isStorefrontPage(parsed.pathname, scope)
      const strategy = isPage
        ? 'page'
        : strategyFor(
            { method: 'GET', url: parsed.href, mode: 'cors', headers: new Headers() },
            scope,
            origin,
          )
      return strategy ? fetchAndKeep(parsed.href, strategy) : undefined
    }),
  )
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null
  if (data?.type === 'vitrina:keep') event.waitUntil(keepLoaded(data.urls))
})

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // The shell and the storefront's home (the installed app's start): each on its own, so one
      // failure leaves the rest kept.
      await Promise.allSettled([
        ...config.shell.map((url) =>
          fetchAndKeep(new URL(url, self.location.origin).href, 'asset'),
        ),
        fetchAndKeep(new URL(scope, self.location.origin).href, 'page'),
      ])
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set(Object.values(CACHES))
      const names = await caches.keys()
      await Promise.all(
        names
          .filter((name) => name.startsWith(prefix) && !current.has(name))
          .map((name) => caches.delete(name)),
      )
      await self.clients.claim()
    })(),
  )
})
