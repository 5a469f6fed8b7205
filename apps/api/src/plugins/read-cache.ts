/**
 * In-process cache of the public catalogue reads (docs/decisions/010-read-cache.md).
 *
 * A storefront is read far more than it is written: every visitor of a shop asks for the same
 * business, the same three carousels and the same first page of products. This keeps the
 * serialised 200 reply of each public read (the routes of PUBLIC_READ_ROUTES, asked without
 * `Authorization`) for a few seconds, keyed by its URL, so a popular storefront costs one query per
 * URL per TTL instead of one per visitor.
 *
 * It is never stale on the instance that took the write: every successful write under
 * /api/products or /api/businesses invalidates the entries of the writer's business (and the
 * business directory) before its own reply is sent, and an entry filled by a read that started
 * before that invalidation is discarded, so a read racing a write cannot store the old data.
 *
 * Other processes on the same database hear of the write through the invalidation bus
 * (lib/invalidation-bus.ts: Redis pub/sub with REDIS_URL, else PostgreSQL NOTIFY) and drop the
 * same entries within milliseconds (issue 22 §3, docs/decisions/022). While a process cannot hear
 * the others (bus not connected yet, or lost) it neither serves nor keeps cached replies, and when
 * it hears them again it drops everything, since it may have missed messages meanwhile.
 *
 * Owners' own reads carry a token and always go to the database. Only 200 replies are kept; the
 * reply's ETag is kept with it, so revalidation (`If-None-Match` → 304) costs no hashing either.
 *
 * The server-rendered pages (plugins/static-files-and-pages.ts) are kept here too (`app.pageCache`), by address,
 * under the same budget, TTL and invalidation: a storefront's pages are tagged with its business,
 * the platform's pages (which list businesses) with ALL, which every write drops.
 */
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { businesses } from '../db/schema/index.js'
import { createInvalidationBus } from '../lib/invalidation-bus.js'
import { isPublicRead, publicRouteOf } from './http-cache.js'

/** The tag of entries that depend on every business (the directory of /api/businesses). */
export const ALL = '*'

/**
 * A page's key (issue 46 §1): by the shop whose verified domain the request is on, else the
 * platform (`-`, which no identifier is), then the address. The same path on the platform and
 * on a domain, or on two domains, is never the same page (canonical addresses differ); two
 * hostnames of one shop would be (one domain per shop today).
 */
export function pageKey(request: FastifyRequest): string {
  return `page:${request.storefrontSite?.identifier ?? '-'}:${request.url}`
}

type Encoding = 'br' | 'gzip'

/** As @fastify/compress (app.ts): brotli preferred, quality 4; nothing under 1 KB. */
const negotiator = new Negotiator<Encoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
})
const COMPRESS_THRESHOLD = 1024
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }
const COMPRESSORS: Record<Encoding, (body: string) => Buffer> = {
  br: (body) => brotliCompressSync(body, BROTLI_OPTIONS),
  gzip: (body) => gzipSync(body),
}
/** The same bytes, made in one call on libuv's pool instead of this thread. */
const brotliCompressAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const COMPRESSORS_OFF_THREAD: Record<Encoding, (body: string) => Promise<Buffer>> = {
  br: (body) => brotliCompressAsync(body, BROTLI_OPTIONS),
  gzip: (body) => gzipAsync(body),
}

interface Entry {
  body: string
  /** The body compressed, made on the first hit that asks for each encoding. */
  compressed: Partial<Record<Encoding, Buffer>>
  etag: string | undefined
  contentType: string
  /** The business whose data the reply shows, or ALL. */
  tag: string
  /** `sequence` when the read that filled it started. */
  startedAt: number
  /** A page's status (reads are always 200). */
  status?: number
  /** When it stops being fresh (performance.now()): the TTL, shortened by up to a quarter. */
  expiresAt: number
  /** When a request began to read it again after it expired, if one is doing so. */
  refreshingSince?: number
}

/**
 * An expired entry is read again by one request; the others are answered with it meanwhile
 * (stale while revalidate), until that read has taken this long (then the next request tries).
 */
const REFRESH_WAIT_MS = 5_000

/**
 * Each entry lives a random 75–100 % of the TTL: entries filled together (a storefront's reads,
 * a burst of traffic after a start) expire spread out, not all in the same instant.
 */
const expiryAfter = (ttlMs: number) => performance.now() + ttlMs * (0.75 + Math.random() / 4)

/** A cached public read, as an anonymous GET of its address would be answered (status 200). */
export interface CachedRead {
  body: string
  contentType: string
}

/** A server-rendered page as the cache keeps it. */
export interface CachedPage {
  html: string
  status: number
}

/** The page cache (plugins/static-files-and-pages.ts): `begin` before rendering, `store` what that render made. */
export interface PageCache {
  /** Answers `request` from the cache; false when there is no fresh page for its address. */
  serve(request: FastifyRequest, reply: FastifyReply): boolean
  /** The mark to pass to `store`: a page rendered after it is stale once its tag is invalidated. */
  begin(): number
  /** Keeps `page` for the address of `request`; `tag` is its business id, or ALL. */
  store(request: FastifyRequest, page: CachedPage, tag: string, startedAt: number): void
}

/** Sends a cached body, compressed once per entry and encoding, not once per visitor. */
function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  if (entry.etag) reply.header('etag', entry.etag)
  if (entry.status) reply.code(entry.status)
  reply.type(entry.contentType)
  const encoding = wantsCompressed(request, entry.body, entry.etag)
  if (!encoding) return reply.send(entry.body)
  // @fastify/compress leaves a reply that already has a Content-Encoding alone.
  const body = (entry.compressed[encoding] ??= COMPRESSORS[encoding](entry.body))
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body)
}

/** What a public read's reply is about, from its params or its body (only on a miss). */
const TAGGERS: Record<string, (request: FastifyRequest, body: string) => string | undefined> = {
  '/api/businesses': () => ALL,
  '/api/businesses/featured': () => ALL,
  '/api/businesses/:identifier/identifier': (_request, body) => field(body, '_id'),
  '/api/products/:id': (_request, body) => field(body, 'businessId'),
  '/api/products/:businessId/business': paramTag,
  '/api/products/:businessId/business/featured': paramTag,
  '/api/products/:businessId/business/new': paramTag,
  '/api/products/:businessId/business/offer': paramTag,
  '/api/products/:businessId/carousels': paramTag,
  '/api/products/:businessId/options': paramTag,
  // Issue 27 §3: named by identifier or id; the reply says which business it is.
  '/api/products/:business/slug/:slug': (_request, body) => field(body, 'businessId'),
}

/**
 * A page rendered for this request (plugins/static-files-and-pages.ts), sent as its kept copy
 * will be (sendEntry): the same bytes, so the same ETag, and a browser that revalidates the page
 * it first saw rendered gets its 304 from the copy. Compressed in one call on libuv's pool, not
 * through @fastify/compress's stream, whose handling cost this thread ~0.6 ms more for a 120 KB
 * page (ADR 034, twelfth session); the ETag is then the hash of the compressed bytes.
 */
export async function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
): Promise<FastifyReply> {
  const encoding = wantsCompressed(request, html, undefined)
  if (!encoding) return reply.send(html)
  const body = await COMPRESSORS_OFF_THREAD[encoding](html)
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body)
}

/**
 * The encoding to answer with, or undefined for the plain body (or a 304 to come, when the
 * body's ETag is known and matches).
 */
function wantsCompressed(
  request: FastifyRequest,
  body: string,
  etag: string | undefined,
): Encoding | undefined {
  const accept = request.headers['accept-encoding']
  if (!accept || body.length < COMPRESS_THRESHOLD) return undefined
  // A revalidation that matches is answered 304 by @fastify/etag: nothing to compress.
  if (etag !== undefined && request.headers['if-none-match'] === etag) return undefined
  const encoding = negotiator.negotiate(accept.toLowerCase())
  return encoding === 'br' || encoding === 'gzip' ? encoding : undefined
}

function paramTag(request: FastifyRequest): string | undefined {
  const { businessId } = request.params as { businessId?: string }
  return businessId?.toLowerCase()
}

function field(body: string, name: string): string | undefined {
  try {
    const value: unknown = (JSON.parse(body) as Record<string, unknown>)[name]
    return typeof value === 'string' ? value.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

const WRITE_PREFIXES = ['/api/products', '/api/businesses']

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` on a write under those prefixes that changes no catalogue read (a shopper's order,
     * issue 24): it leaves the cache alone.
     */
    catalogueWrite?: boolean
  }
  interface FastifyInstance {
    /** Drops the cached reads of one business and of the directory (after a write). */
    invalidateReads(businessId: string | undefined): void
    /**
     * The cached reply of an anonymous GET of `url` (a public read), exactly what the routes
     * would answer from this cache, without going through them; undefined when there is none
     * (the cache is off, has no fresh entry, or cannot hear the other processes).
     */
    cachedRead(url: string): CachedRead | undefined
    /** Server-rendered pages kept like the reads; null when the cache is off. */
    pageCache: PageCache | null
    /**
     * Calls `listener` whenever this process drops cached reads — its own writes' and the other
     * processes' heard on the bus (the custom domains' Host cache, modules/domains). Never called
     * when the cache is off.
     */
    onReadsInvalidated(listener: () => void): void
  }
  interface FastifyRequest {
    readCacheStart: number | null
  }
}

export interface ReadCacheOptions {
  /** Most bytes of replies kept; 0 turns the cache off. */
  maxBytes: number
  ttlMs: number
}

export default fp<ReadCacheOptions>(
  async (app, { maxBytes, ttlMs }) => {
    app.decorateRequest('readCacheStart', null)
    if (maxBytes === 0) {
      // Off: no hooks on the request path at all.
      app.decorate('invalidateReads', () => {})
      app.decorate('cachedRead', () => undefined)
      app.decorate('pageCache', null)
      app.decorate('onReadsInvalidated', () => {})
      return
    }
    let sequence = 0
    /** tag → `sequence` at its last invalidation. */
    const invalidatedAt = new Map<string, number>()
    /** `sequence` when every entry was last dropped. */
    let clearedAt = 0
    /** Drops the entries of one business and the directory (null: every entry) here. */
    const invalidationListeners: (() => void)[] = []
    app.decorate('onReadsInvalidated', (listener: () => void) => {
      invalidationListeners.push(listener)
    })
    const invalidateHere = (tag: string | null) => {
      for (const listener of invalidationListeners) listener()
      sequence += 1
      invalidatedAt.set(ALL, sequence)
      if (tag && tag !== ALL) {
        invalidatedAt.set(tag.toLowerCase(), sequence)
      } else {
        clearedAt = sequence
        cache.clear()
      }
    }
    const cache = new LRUCache<string, Entry>({
      max: 10_000,
      maxSize: maxBytes,
      // The plain body; compressed copies add about a quarter of it (JSON compresses ~5×).
      sizeCalculation: (entry) => Math.max(Math.ceil(entry.body.length * 1.25), 1),
      // Past its expiresAt an entry only serves while it is being read again; one nobody asks
      // for again goes after twice the TTL.
      ttl: ttlMs * 2,
    })
    // An invalidation after the filling read started makes the entry unusable, even if it was
    // stored later: that read may have seen the data from before the write.
    const valid = (entry: Entry) =>
      (invalidatedAt.get(entry.tag) ?? 0) <= entry.startedAt && clearedAt <= entry.startedAt
    /**
     * The entry to answer `key` with, or undefined: the caller reads it (and its reply refills
     * the entry). A valid entry is answered until it expires; after that, the first request
     * reads it again and the others get the expired copy until that read is stored (or has taken
     * REFRESH_WAIT_MS). Never an invalidated one: a write is seen at once, stale or not.
     * `claim` false: an expired entry nobody reads again is not claimed (the caller's read will
     * come through the onRequest hook, which claims it).
     */
    const lookup = (key: string, claim = true): Entry | undefined => {
      const entry = cache.get(key)
      if (!entry || !valid(entry)) return undefined
      const now = performance.now()
      if (now < entry.expiresAt) return entry
      if (entry.refreshingSince !== undefined && now - entry.refreshingSince < REFRESH_WAIT_MS) {
        return entry
      }
      if (claim) entry.refreshingSince = now
      return undefined
    }

    // Several processes: hear the others' writes. Until the bus listens, nothing is cached.
    let hearing = true
    const bus = createInvalidationBus(app, {
      onMessage: invalidateHere,
      onChange(listening) {
        // Connected again: a message may have been missed while away. Gone: stop serving now.
        invalidateHere(null)
        hearing = listening
      },
    })
    if (bus) {
      hearing = false
      // A process that starts serving is caching already (unless the bus is down: then it waits
      // at most 2 s and serves uncached until the bus listens).
      app.addHook('onReady', async () => {
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          bus.settled,
          new Promise<void>((resolve) => (timer = setTimeout(resolve, 2_000))),
        ])
        clearTimeout(timer)
      })
      app.addHook('onClose', () => bus.close())
    }
    app.decorate('invalidateReads', (businessId: string | undefined) => {
      // A write we cannot attribute to one business (undefined): every entry goes.
      const tag = businessId?.toLowerCase() ?? null
      invalidateHere(tag)
      // Not awaited: the other processes need not hold this reply.
      void bus?.publish(tag)
    })

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!hearing || !isPublicRead(request)) return
      const entry = lookup(request.url)
      if (entry) return sendEntry(request, reply, entry)
      request.readCacheStart = sequence
    })

    // The same lookup as the onRequest hook's, for the in-process reads of a render: keys are
    // request URLs, and only public reads are ever stored under an /api address.
    app.decorate('cachedRead', (url: string): CachedRead | undefined => {
      if (!hearing) return undefined
      const entry = lookup(url, false)
      if (!entry || entry.status !== undefined) return undefined
      return { body: entry.body, contentType: entry.contentType }
    })

    // Pages under their own key space: `page:` + the site + the address (pageKey).
    app.decorate('pageCache', {
      serve(request, reply) {
        if (!hearing) return false
        const entry = lookup(pageKey(request))
        if (!entry) return false
        void sendEntry(request, reply, entry)
        return true
      },
      begin: () => sequence,
      store(request, page, tag, startedAt) {
        if (!hearing) return
        cache.set(pageKey(request), {
          body: page.html,
          compressed: {},
          etag: undefined,
          contentType: 'text/html; charset=utf-8',
          tag: tag === ALL ? ALL : tag.toLowerCase(),
          startedAt,
          status: page.status,
          expiresAt: expiryAfter(ttlMs),
        })
      },
    } satisfies PageCache)

    app.addHook('onSend', async (request, reply, payload) => {
      const startedAt = request.readCacheStart
      if (startedAt !== null && reply.statusCode === 200 && typeof payload === 'string') {
        const tagger =
          request.routeOptions.config.publicRead?.tag ?? TAGGERS[publicRouteOf(request)]
        const tag = tagger?.(request, payload)
        if (tag) {
          cache.set(request.url, {
            body: payload,
            compressed: {},
            etag: reply.getHeader('etag') as string | undefined,
            contentType: String(reply.getHeader('content-type') ?? 'application/json'),
            tag,
            startedAt,
            expiresAt: expiryAfter(ttlMs),
          })
        }
      } else if (
        request.method !== 'GET' &&
        request.method !== 'HEAD' &&
        reply.statusCode < 400 &&
        WRITE_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
        request.routeOptions.config.catalogueWrite !== false
      ) {
        // Before this reply leaves: the writer's next read must see its write.
        app.invalidateReads(request.user ? await ownedBusinessId(request.user.id) : undefined)
      }
      return payload
    })

    async function ownedBusinessId(userId: string): Promise<string | undefined> {
      try {
        const [row] = await app.db
          .select({ id: businesses.id })
          .from(businesses)
          .where(eq(businesses.userId, userId))
          .limit(1)
        return row?.id
      } catch {
        return undefined
      }
    }
  },
  { name: 'read-cache', dependencies: ['http-cache', 'redis', 'database'] },
)
