/**
 * Issue 27 §1: the images of a confirmed import, downloaded in the background by every API
 * process (docs/decisions/028, "Images by URL"). Work lives in PostgreSQL (import_job_items):
 * an item — one row's URLs — is claimed with FOR UPDATE SKIP LOCKED and a lease, so processes
 * never take the same one and an item whose process died is taken again once its lease ends
 * (at most MAX_ATTEMPTS times). Each URL goes through safeFetch (SSRF guard, deadline, byte
 * cap) and the upload rules (media.processImage: type by content, 5 MB, pixel bound); a failed
 * one is listed on the item and left out of the product, never failing the row. A process works
 * on up to `concurrency` items at once, and downloads and encodes at most `concurrency` images
 * at once over all of them (one limit shared by the items' URLs).
 *
 * Issue 40 §4 (docs/decisions/028, "Fair downloads"): one shop's slow URLs must not stall the
 * others. Items are claimed shop by shop — the shop with the fewest rows in flight (over every
 * process: the leases in the table) first — and a shop holds at most `concurrency - 1` rows in
 * flight, so a lane is always left for other shops; the process's downloads are shared the same
 * way (./download-queue.ts: in turn by shop, at most `concurrency - 1` per shop and per host);
 * a transfer slower than FETCH_DEFAULTS.minBytesPerSecond is given up early (safeFetch); and a
 * newer confirmed import of a product drops its older pending rows (./import.ts).
 */
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { IMPORT_MESSAGES, LIMITS, type ImageAsset } from '@vitrina/contracts'
import type { Database } from '../../db/client.js'
import { products } from '../../db/schema/index.js'
import { AppError } from '../../lib/errors.js'
import type { MediaService } from '../media/index.js'
import { remapImageIndexes } from '../products/index.js'
import { FetchRefused, safeFetch, type SafeFetchOptions } from './safe-fetch.js'
import { importJobItems, type ImageFailure } from './tables.js'
import { createDownloadQueue, fairShare, type DownloadQueue } from './download-queue.js'

const LEASE_SECONDS = 180
const MAX_ATTEMPTS = 3
const POLL_MS = 2_000

export const FETCH_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: LIMITS.maxImageBytes,
  maxRedirects: 3,
  // Issue 40 §4: checked every 2 s once 3 s have passed (so first at 4 s): under 8 KB/s over
  // the last 2 s, the transfer is given up.
  minBytesPerSecond: 8 * 1024,
  rateWindowMs: 2_000,
  rateGraceMs: 3_000,
} as const

export interface ImageWorkerOptions {
  db: Database
  /** Items claimed, and images downloaded and encoded, at once by this process (default 1). */
  concurrency?: number
  media: Pick<MediaService, 'processImage' | 'deleteAssets'>
  log: FastifyBaseLogger
  fetch: SafeFetchOptions
  /** After an item changed a product: drop the business's cached reads. */
  onChanged?: (businessId: string) => void
}

export interface ImageWorker {
  start(): void
  /** New items were committed: look now rather than at the next poll. */
  wake(): void
  /** Resolves when no claimable item is left (tests). */
  idle(): Promise<void>
  close(): Promise<void>
}

interface ClaimedItem {
  id: string
  product_id: string | null
  business_id: string
  urls: string[]
  attempts: number
}

/** An item due for a lane (`i` is `import_job_items`): pending, and its lease, if any, over. */
const DUE = sql`i.status = 'pending' AND i.lease_until <= now()`

/**
 * The next due item, shops in turn: the shop with the fewest items in flight (leased, over all
 * processes) first, then the oldest item; a shop with `perShop` items in flight waits.
 */
async function claim(db: Database, perShop: number): Promise<ClaimedItem | undefined> {
  const result = await db.execute(sql`
    WITH in_flight AS (
      SELECT j.business_id, count(*)::int AS n
      FROM import_job_items i JOIN import_jobs j ON j.id = i.job_id
      WHERE i.status = 'pending' AND i.lease_until > now()
      GROUP BY j.business_id
    ), next AS (
      SELECT i.id, j.business_id
      FROM import_job_items i
      JOIN import_jobs j ON j.id = i.job_id
      LEFT JOIN in_flight f ON f.business_id = j.business_id
      WHERE ${DUE} AND coalesce(f.n, 0) < ${perShop}
      ORDER BY coalesce(f.n, 0), i.lease_until, i.created_at, i."row"
      LIMIT 1 FOR UPDATE OF i SKIP LOCKED
    )
    UPDATE import_job_items AS item SET attempts = item.attempts + 1,
      lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    FROM next WHERE item.id = next.id
    RETURNING item.id, item.product_id, next.business_id, item.urls, item.attempts`)
  const rows = (result as unknown as { rows: ClaimedItem[] }).rows
  return rows[0]
}

/**
 * Whether any item is `DUE`, by the partial index on pending items' leases: what the timer asks
 * before it starts lanes. The claim plans a CTE, a join and an UPDATE (~6 ms on PGlite, whose one
 * connection every page's reads wait behind); an idle server polls every POLL_MS.
 */
async function anyDue(db: Database): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM import_job_items i WHERE ${DUE} LIMIT 1`)
  return (result as unknown as { rows: unknown[] }).rows.length > 0
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}

async function finish(db: Database, id: string, failures: ImageFailure[]): Promise<void> {
  await db.update(importJobItems).set({ status: 'done', failures }).where(eq(importJobItems.id, id))
}

function reasonOf(error: unknown): string {
  if (error instanceof FetchRefused || error instanceof AppError) return error.message
  return IMPORT_MESSAGES.imageUnreachable
}

/** Downloads and stores one item's images, then puts them on its product. */
async function processItem(
  options: ImageWorkerOptions,
  item: ClaimedItem,
  downloads: DownloadQueue,
): Promise<void> {
  const { db, media } = options
  if (item.attempts > MAX_ATTEMPTS) {
    await finish(
      db,
      item.id,
      item.urls.map((url) => ({ url, message: IMPORT_MESSAGES.imageUnreachable })),
    )
    return
  }
  // The URLs at once (within the process's fair shares); results kept in the sheet's order.
  const outcomes = await Promise.all(
    item.urls.map((url) =>
      downloads.run(
        item.business_id,
        hostOf(url),
        async (): Promise<{ url: string; asset: ImageAsset } | ImageFailure> => {
          try {
            const buffer = await safeFetch(url, options.fetch)
            return { url, asset: (await media.processImage(buffer, 'product')).asset }
          } catch (error) {
            return { url, message: reasonOf(error) }
          }
        },
      ),
    ),
  )
  const fetched = new Map<string, ImageAsset>()
  const failures: ImageFailure[] = []
  for (const o of outcomes) {
    if ('asset' in o) fetched.set(o.url, o.asset)
    else failures.push({ url: o.url, message: o.message })
  }
  const stored = [...fetched.values()]
  try {
    const outcome = await db.transaction(async (tx) => {
      const [product] = item.product_id
        ? await tx.select().from(products).where(eq(products.id, item.product_id)).for('update')
        : []
      if (!product) return { unused: stored, businessId: undefined }
      const failed = new Set(failures.map((f) => f.url))
      const before = [product.image, ...product.images]
      // Each slot: replaced by its download, dropped when it failed, kept otherwise.
      const slots = before
        .map((asset) => ({ from: asset.url, asset: fetched.get(asset.url) ?? asset }))
        .filter((slot) => !failed.has(slot.from))
      // Nothing left (issue 41: never publish a broken image): the product keeps its first URL
      // as a placeholder for the owner to replace, but is hidden until it has an image of ours.
      if (slots.length === 0) {
        await tx
          .update(products)
          .set({ status: 'hidden', updatedAt: sql`now()` })
          .where(eq(products.id, product.id))
        await tx
          .update(importJobItems)
          .set({
            status: 'done',
            failures: [
              ...failures,
              { url: before[0]!.url, message: IMPORT_MESSAGES.productHiddenNoImage },
            ],
          })
          .where(eq(importJobItems.id, item.id))
        return { unused: stored, businessId: product.businessId }
      }
      const used = new Set(slots.map((s) => s.asset))
      await tx
        .update(products)
        .set({
          image: slots[0]!.asset,
          images: slots.slice(1).map((s) => s.asset),
          updatedAt: sql`now()`,
        })
        .where(eq(products.id, product.id))
      await remapImageIndexes(
        tx,
        product.id,
        before.map((a) => a.url),
        slots.map((s) => s.from),
      )
      await tx
        .update(importJobItems)
        .set({ status: 'done', failures })
        .where(eq(importJobItems.id, item.id))
      return { unused: stored.filter((a) => !used.has(a)), businessId: product.businessId }
    })
    if (!outcome.businessId) await finish(db, item.id, failures)
    else options.onChanged?.(outcome.businessId)
    await media.deleteAssets(outcome.unused)
  } catch (error) {
    await media.deleteAssets(stored)
    throw error
  }
}

export function createImageWorker(options: ImageWorkerOptions): ImageWorker {
  const lanes = Math.max(1, options.concurrency ?? 1)
  const share = fairShare(lanes)
  const downloads = createDownloadQueue({ size: lanes, perShop: share, perHost: share })
  let timer: NodeJS.Timeout | undefined
  let closed = false
  const running = new Set<Promise<void>>()
  let idleWaiters: (() => void)[] = []

  /** One lane: claims and processes items one after another until none is due for it. */
  async function lane(): Promise<void> {
    for (;;) {
      if (closed) return
      let item: ClaimedItem | undefined
      try {
        item = await claim(options.db, share)
      } catch (error) {
        options.log.warn({ err: error }, 'import images: claim failed')
        return
      }
      if (!item) return
      try {
        await processItem(options, item, downloads)
      } catch (error) {
        // The lease runs out and another attempt (here or elsewhere) takes the item again.
        options.log.error({ err: error, item: item.id }, 'import images: item failed')
      }
    }
  }

  /** Starts lanes up to `concurrency`: a lane that found nothing is started again on wake. */
  function run() {
    while (!closed && running.size < lanes) {
      const done: Promise<void> = lane().finally(() => {
        running.delete(done)
        if (running.size > 0) return
        const waiters = idleWaiters
        idleWaiters = []
        waiters.forEach((resolve) => resolve())
      })
      running.add(done)
    }
  }

  /** The timer's look: lanes only when something is due (or lanes are already at work). */
  function poll() {
    if (closed || running.size > 0) return run()
    anyDue(options.db).then(
      (due) => {
        if (due) run()
      },
      (error: unknown) => options.log.warn({ err: error }, 'import images: poll failed'),
    )
  }

  return {
    start() {
      if (timer) return
      timer = setInterval(poll, POLL_MS)
      timer.unref()
      run()
    },
    wake: run,
    idle() {
      return new Promise<void>((resolve) => {
        run()
        if (running.size === 0) return resolve()
        idleWaiters.push(resolve)
      })
    },
    async close() {
      closed = true
      if (timer) clearInterval(timer)
      await Promise.all(running)
    },
  }
}

/** GET /products/import/{jobId}: the items of a job, in row order. */
export async function jobItems(db: Database, jobId: string) {
  return db
    .select()
    .from(importJobItems)
    .where(eq(importJobItems.jobId, jobId))
    .orderBy(asc(importJobItems.row))
}
