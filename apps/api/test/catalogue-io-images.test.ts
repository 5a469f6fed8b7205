/**
 * Issue 27 (closing note): each process downloads a few imported images at once
 * (IMPORT_IMAGE_CONCURRENCY, default 3; docs/decisions/028, "Images by URL"), never more, with
 * the same lease per item and the same SSRF guard. A local server (loopback is allowed only by
 * IMPORT_FETCH_ALLOW_LOOPBACK, as in the other import tests) answers slowly and counts how many
 * requests it holds at once.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import { IMPORT_MESSAGES, type ImportPreview } from '@vitrina/contracts'
import { loadConfig } from '../src/config.js'
import { businesses, products } from '../src/db/schema/index.js'
import { FETCH_DEFAULTS, createImageWorker } from '../src/modules/catalogue-io/images.js'
import { TEST_ENV, useTestApp } from './helpers/app.js'
import { importItemsOf, postImportRows } from './helpers/import.js'
import { registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, pngImage } from './helpers/catalogue.js'

/**
 * A slow image server: every answer waits `delayMs`, except `/r<i>.png` — 50 + 10·i pixels wide,
 * the later ones answering sooner; `peak` is the most requests held at once.
 */
async function slowImages(delayMs: number) {
  const png = await pngImage(80, 60, '#884422')
  const ranked = await Promise.all(Array.from({ length: 5 }, (_, i) => pngImage(50 + 10 * i, 40)))
  const state = { inFlight: 0, peak: 0 }
  const server: Server = createServer((req, res) => {
    state.inFlight++
    state.peak = Math.max(state.peak, state.inFlight)
    const rank = /^\/r(\d)\.png$/.exec(req.url ?? '')
    const i = rank ? Number(rank[1]) : -1
    setTimeout(
      () => {
        state.inFlight--
        res.writeHead(200, { 'content-type': 'image/png' }).end(i >= 0 ? ranked[i] : png)
      },
      i >= 0 ? delayMs * 2 - i * 40 : delayMs,
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    state,
    url: (name: string) => `${base}/${name}.png`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

describe('imported images are downloaded a few at a time', () => {
  const t = useTestApp({
    RATE_LIMIT: 'false',
    IMPORT_FETCH_ALLOW_LOOPBACK: 'true',
    IMPORT_IMAGE_CONCURRENCY: '2',
  })
  let owner: TestAccount
  let businessId: string
  let images: Awaited<ReturnType<typeof slowImages>>

  const importRows = async (rows: string[][]) => {
    const res = await postImportRows(t.app, owner, rows)
    expect(res.statusCode).toBe(200)
    return res.json() as ImportPreview
  }
  const itemsOf = (jobId: string) => importItemsOf(t.db, jobId)

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    businessId = (await createTestBusiness(t.app, owner))._id
    await t.db
      .update(businesses)
      .set({ effectivePlan: 'pro', planType: 'pro', paidUntil: new Date(Date.now() + 864e5) })
      .where(eq(businesses.id, businessId))
    images = await slowImages(150)
  })
  afterAll(async () => images.close())

  it('IMPORT_IMAGE_CONCURRENCY: 3 unless set, 1 to 16', () => {
    expect(loadConfig(TEST_ENV).importImageConcurrency).toBe(3)
    expect(t.config.importImageConcurrency).toBe(2)
    expect(() => loadConfig({ ...TEST_ENV, IMPORT_IMAGE_CONCURRENCY: '0' })).toThrow()
    expect(() => loadConfig({ ...TEST_ENV, IMPORT_IMAGE_CONCURRENCY: '17' })).toThrow()
  })

  it('the app’s own worker holds one shop to one of its two downloads at once', async () => {
    images.state.peak = 0
    const rows = Array.from({ length: 6 }, (_, i) => [
      `W-${i}`,
      `Producto ${i}`,
      'Con imagen',
      '100',
      'Ropa',
      images.url(`w${i}`),
    ])
    const { jobId } = await importRows(rows)
    await t.app.importImages.idle()
    // Issue 40 §4: one shop (and one host) holds at most concurrency − 1 downloads, the last
    // one is kept for other shops (catalogue-io-fair-images.test.ts).
    expect(images.state.peak).toBe(1)
    const items = await itemsOf(jobId!)
    expect(items).toHaveLength(6)
    // Each item claimed once (its lease), all done without failures.
    expect(items.every((i) => i.status === 'done' && i.attempts === 1)).toBe(true)
    expect(items.flatMap((i) => i.failures)).toEqual([])
    const stored = await t.db
      .select()
      .from(products)
      .where(
        inArray(
          products.id,
          items.map((i) => i.productId!),
        ),
      )
    expect(stored.every((p) => p.image.srcset?.includes('.webp'))).toBe(true)
  })

  it('one row’s URLs share the limit; the SSRF guard still refuses private addresses', async () => {
    // The app's worker stays out of this one: a worker of its own with three at once.
    await t.app.importImages.close()
    const urls = Array.from({ length: 5 }, (_, i) => images.url(`r${i}`))
    const { jobId } = await importRows([
      ['R-1', 'Muchas fotos', 'Cinco imágenes', '100', 'Ropa', urls.join(' | ')],
      ['R-2', 'Privada', 'Red interna', '100', 'Ropa', 'http://10.0.0.1/a.png'],
    ])
    images.state.peak = 0
    const worker = createImageWorker({
      db: t.db,
      media: t.app.media,
      log: t.app.log,
      concurrency: 3,
      fetch: { ...FETCH_DEFAULTS, allowLoopback: true },
    })
    await worker.idle()
    await worker.close()
    expect(images.state.peak).toBe(2) // of three: one is kept for other shops (issue 40 §4)
    const items = await itemsOf(jobId!)
    const many = items.find((i) => i.row === 2)!
    expect(many).toMatchObject({ status: 'done', attempts: 1, failures: [] })
    const [product] = await t.db.select().from(products).where(eq(products.id, many.productId!))
    // The sheet's order is kept, though the later URLs answered first.
    const assets = [product!.image, ...product!.images]
    expect(assets.every((a) => a.srcset)).toBe(true)
    expect(assets.map((a) => a.width)).toEqual([50, 60, 70, 80, 90])
    expect(items.find((i) => i.row === 3)!.failures).toEqual([
      { url: 'http://10.0.0.1/a.png', message: IMPORT_MESSAGES.imageBlocked },
      { url: 'http://10.0.0.1/a.png', message: IMPORT_MESSAGES.productHiddenNoImage },
    ])
  })

  it('an item nobody woke the worker for (a process died holding it) is taken at the timer’s poll', async () => {
    await t.app.importImages.close()
    const { jobId } = await importRows([
      ['P-1', 'Dejado', 'Su proceso murió', '100', 'Ropa', images.url('p1')],
    ])
    const [item] = await itemsOf(jobId!)
    expect(item).toMatchObject({ status: 'pending', attempts: 0 })
    const worker = createImageWorker({
      db: t.db,
      media: t.app.media,
      log: t.app.log,
      fetch: { ...FETCH_DEFAULTS, allowLoopback: true },
    })
    try {
      // Nothing is due at the first look (its lease runs for another minute): no lane starts.
      await t.db.execute(
        sql`UPDATE import_job_items SET lease_until = now() + interval '1 minute' WHERE job_id = ${jobId}`,
      )
      worker.start()
      await new Promise((resolve) => setTimeout(resolve, 2_500))
      expect((await itemsOf(jobId!))[0]).toMatchObject({ status: 'pending', attempts: 0 })
      // The lease ends: the next poll finds it due and takes it.
      await t.db.execute(
        sql`UPDATE import_job_items SET lease_until = now() - interval '1 second' WHERE job_id = ${jobId}`,
      )
      await expect
        .poll(async () => (await itemsOf(jobId!))[0], { timeout: 8_000, interval: 200 })
        .toMatchObject({ status: 'done', attempts: 1, failures: [] })
    } finally {
      await worker.close()
    }
  })
})
