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
 */
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { IMPORT_MESSAGES, LIMITS, type ImageAsset } from '@vitrina/contracts'
import type { Database } from '../../db/client.js'
import { products } from '../../db/schema/index.js'
import { AppError } from '../../lib/errors.js'
import type { MediaService } from '../media/index.js'
import { remapImageIndexes } from '../products/variants.js'
import { FetchRefused, safeFetch, type SafeFetchOptions } from './safe-fetch.js'
import { importJobItems, type ImageFailure } from './tables.js'
import { createLimiter, type Limiter } from '../../lib/limiter.js'

const LEASE_SECONDS = 180
const MAX_ATTEMPTS = 3
const POLL_MS = 2_000

export const FETCH_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: LIMITS.maxImageBytes,
  maxRedirects: 3,
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
  urls: string[]
  attempts: number
}

async function claim(db: Database): Promise<ClaimedItem | undefined> {
  const result = await db.execute(sql`
    UPDATE import_job_items SET attempts = attempts + 1,
      lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id = (
      SELECT id FROM import_job_items WHERE status = 'pending' AND lease_until <= now()
      ORDER BY lease_until, created_at, "row" LIMIT 1 FOR UPDATE SKIP LOCKED
    )
    RETURNING id, product_id, urls, attempts`)
  const rows = (result as unknown as { rows: ClaimedItem[] }).rows
  return rows[0]
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
  limit: Limiter,
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
  // The URLs at once (within the process's limit); results kept in the sheet's order.
  const outcomes = await Promise.all(
    item.urls.map((url) =>
      limit(async (): Promise<{ url: string; asset: ImageAsset } | ImageFailure> => {
        try {
          const buffer = await safeFetch(url, options.fetch)
          return { url, asset: (await media.processImage(buffer, 'product')).asset }
        } catch (error) {
          return { url, message: reasonOf(error) }
        }
      }),
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
      // Nothing left: the product keeps what it has (its first URL) until the owner changes it.
      if (slots.length === 0) return { unused: stored, businessId: undefined }
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
  const limit = createLimiter(lanes)
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let closed = false
  let idleWaiters: (() => void)[] = []

  /** One lane: claims and processes items one after another until none is due. */
  async function lane(): Promise<void> {
    for (;;) {
      if (closed) return
      let item: ClaimedItem | undefined
      try {
        item = await claim(options.db)
      } catch (error) {
        options.log.warn({ err: error }, 'import images: claim failed')
        return
      }
      if (!item) return
      try {
        await processItem(options, item, limit)
      } catch (error) {
        // The lease runs out and another attempt (here or elsewhere) takes the item again.
        options.log.error({ err: error, item: item.id }, 'import images: item failed')
      }
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false
      await Promise.all(Array.from({ length: lanes }, lane))
    } while (again && !closed)
  }

  function run() {
    if (running) {
      again = true
      return
    }
    running = drain().finally(() => {
      running = undefined
      const waiters = idleWaiters
      idleWaiters = []
      waiters.forEach((resolve) => resolve())
    })
  }

  return {
    start() {
      if (timer) return
      timer = setInterval(run, POLL_MS)
      timer.unref()
      run()
    },
    wake: run,
    idle() {
      return new Promise<void>((resolve) => {
        if (!running) run()
        if (!running) return resolve()
        idleWaiters.push(resolve)
      })
    },
    async close() {
      closed = true
      if (timer) clearInterval(timer)
      await running
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
