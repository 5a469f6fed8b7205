/**
 * The in-process cache of public reads (src/plugins/read-cache.ts, docs/decisions/010): anonymous
 * catalogue reads are answered from memory, owners' reads never are, and no write made through
 * the API is ever hidden by it — not even from a read that raced the write.
 *
 * "Answered from memory" is shown by changing a row behind the API's back (straight in the
 * database): a cached read still shows the old value, a read that reaches the database the new.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Business, Product, ProductListResponse } from '@vitrina/contracts'
import { businesses, products } from '../src/db/schema/index.js'
import { startTestApp, useTestApp, type TestContext } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, patchBusiness } from './helpers/catalogue.js'
import { createTestProduct, deleteProductRequest, patchProduct } from './helpers/products.js'

async function renameBehindTheApi(t: Pick<TestContext, 'db'>, id: string, name: string) {
  await t.db.update(products).set({ name }).where(eq(products.id, id))
}

async function anonymous<T>(t: Pick<TestContext, 'app'>, url: string): Promise<T> {
  const reply = await t.app.inject({ method: 'GET', url })
  expect(reply.statusCode, url).toBe(200)
  return reply.json() as T
}

/**
 * A test app whose reads sent with `x-test-pause` stop after their query and before their reply
 * is stored (onSend), until `release()`.
 */
async function startPausableApp(env: Record<string, string>) {
  let release: () => void = () => {}
  let paused: Promise<void> = Promise.resolve()
  let reached: () => void = () => {}
  const t = await startTestApp(env, (app) => {
    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (request.headers['x-test-pause'] !== undefined) {
        reached()
        await paused
      }
      return payload
    })
  })
  return {
    t,
    /** Starts an anonymous read of `url`; resolves once it is held (the read itself wrapped). */
    async hold(url: string) {
      paused = new Promise((resolve) => (release = resolve))
      const atHook = new Promise<void>((resolve) => (reached = resolve))
      const read = t.app.inject({ method: 'GET', url, headers: { 'x-test-pause': '1' } })
      await atHook
      return { read }
    },
    release: () => release(),
  }
}

describe('read cache', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let other: TestAccount
  let business: Business
  let otherBusiness: Business
  let product: Product
  let otherProduct: Product

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    other = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner)
    otherBusiness = await createTestBusiness(t.app, other)
    product = await createTestProduct(t.app, owner, business._id, {
      name: 'Taza',
      isFeatured: 'true',
    })
    otherProduct = await createTestProduct(t.app, other, otherBusiness._id, { name: 'Mate' })
  })

  it('answers anonymous reads from memory, and owners’ reads from the database', async () => {
    const detail = `/api/products/${product._id}`
    expect((await anonymous<Product>(t, detail)).name).toBe('Taza')
    await renameBehindTheApi(t, product._id, 'Taza grande')

    expect((await anonymous<Product>(t, detail)).name).toBe('Taza')
    const owned = await t.app.inject({
      method: 'GET',
      url: detail,
      headers: bearer(owner.accessToken),
    })
    expect((owned.json() as Product).name).toBe('Taza grande')
    await renameBehindTheApi(t, product._id, 'Taza')
  })

  it('revalidates a cached reply with its ETag (304)', async () => {
    const url = `/api/products/${business._id}/business`
    const first = await t.app.inject({ method: 'GET', url })
    const cached = await t.app.inject({ method: 'GET', url })
    expect(cached.headers.etag).toBe(first.headers.etag)
    expect(cached.body).toBe(first.body)
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('answers hits compressed in the encoding the client prefers', async () => {
    // A business of its own, with enough products for a reply over the 1 KB threshold.
    const seller = await registerAndLogin(t.app)
    const shop = await createTestBusiness(t.app, seller)
    for (const name of ['Lámpara', 'Mesa', 'Silla', 'Banco']) {
      await createTestProduct(t.app, seller, shop._id, { name })
    }
    const url = `/api/products/${shop._id}/business`
    const plain = await t.app.inject({ method: 'GET', url })
    expect(plain.body.length).toBeGreaterThan(1024)
    const [first] = (plain.json() as ProductListResponse).items
    await renameBehindTheApi(t, first!._id, 'Nombre nuevo')

    const decoders = { br: brotliDecompressSync, gzip: gunzipSync }
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const hit = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': accept },
        })
        expect(hit.headers['content-encoding'], accept).toBe(encoding)
        expect(hit.headers.vary, accept).toMatch(/accept-encoding/i)
        expect(hit.headers.etag).toBe(plain.headers.etag)
        // Still the cached reply (the row changed behind the API's back), decoded to the same JSON.
        expect(decoders[encoding](hit.rawPayload).toString('utf8'), accept).toBe(plain.body)
      }
    }
    const identity = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body).toBe(plain.body)
    const revalidated = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.body).toBe('')
    await renameBehindTheApi(t, first!._id, first!.name)
  })

  it('shows an owner’s product edit on every public read at once', async () => {
    const urls = {
      detail: `/api/products/${product._id}`,
      list: `/api/products/${business._id}/business`,
      featured: `/api/products/${business._id}/business/featured`,
    }
    for (const url of Object.values(urls)) await anonymous(t, url)

    const edit = await patchProduct(t.app, owner, product._id, { name: 'Taza de cerámica' })
    expect(edit.statusCode).toBe(200)

    expect((await anonymous<Product>(t, urls.detail)).name).toBe('Taza de cerámica')
    const list = await anonymous<ProductListResponse>(t, urls.list)
    expect(list.items.map((p) => p.name)).toContain('Taza de cerámica')
    const featured = await anonymous<Product[]>(t, urls.featured)
    expect(featured.map((p) => p.name)).toContain('Taza de cerámica')
  })

  it('shows business edits and deletions on the storefront and the directory at once', async () => {
    const byIdentifier = `/api/businesses/${business.identifier}/identifier`
    await anonymous(t, byIdentifier)
    await anonymous(t, '/api/businesses')

    const edit = await patchBusiness(t.app, owner, business._id, { name: 'Tazas del Sur' })
    expect(edit.statusCode).toBe(200)
    expect((await anonymous<Business>(t, byIdentifier)).name).toBe('Tazas del Sur')
    const directory = await anonymous<{ items: Business[] }>(t, '/api/businesses')
    expect(directory.items.map((b) => b.name)).toContain('Tazas del Sur')

    const extra = await createTestProduct(t.app, owner, business._id, { name: 'Plato' })
    const list = `/api/products/${business._id}/business`
    expect((await anonymous<ProductListResponse>(t, list)).total).toBe(2)
    expect((await deleteProductRequest(t.app, owner, extra._id)).statusCode).toBe(204)
    expect((await anonymous<ProductListResponse>(t, list)).total).toBe(1)
    const gone = await t.app.inject({ method: 'GET', url: `/api/products/${extra._id}` })
    expect(gone.statusCode).toBe(404)
  })

  it('keeps other businesses’ entries when one owner writes', async () => {
    const detail = `/api/products/${otherProduct._id}`
    await anonymous(t, detail)
    await renameBehindTheApi(t, otherProduct._id, 'Mate de calabaza')

    expect((await patchProduct(t.app, owner, product._id, { code: 'T-1' })).statusCode).toBe(200)
    expect((await anonymous<Product>(t, detail)).name).toBe('Mate')
  })
})

describe('read cache under a racing write', () => {
  let paused: Awaited<ReturnType<typeof startPausableApp>>
  let t: Awaited<ReturnType<typeof startTestApp>>

  beforeAll(async () => {
    paused = await startPausableApp({ RATE_LIMIT: 'false' })
    t = paused.t
    return () => t.stop()
  })

  it('never stores a reply read before a write that finished while it was in flight', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner)
    const product = await createTestProduct(t.app, owner, business._id, { name: 'Vela' })
    const url = `/api/products/${product._id}`

    const slowRead = await paused.hold(url)
    const edit = await patchProduct(t.app, owner, product._id, { name: 'Vela aromática' })
    expect(edit.statusCode).toBe(200)
    paused.release()

    // The racing read answers what it read — the data from before the edit …
    expect(((await slowRead.read).json() as Product).name).toBe('Vela')
    // … but that reply was not kept: the next read shows the edit.
    expect((await anonymous<Product>(t, url)).name).toBe('Vela aromática')
  })
})

describe('read cache settings', () => {
  it('expires entries after READ_CACHE_TTL seconds: one read refreshes an entry while the others get the expired copy — never after a write', async () => {
    const paused = await startPausableApp({ RATE_LIMIT: 'false', READ_CACHE_TTL: '1' })
    const { t, release } = paused
    const refreshing = paused.hold
    try {
      const owner = await registerAndLogin(t.app)
      const business = await createTestBusiness(t.app, owner)
      const product = await createTestProduct(t.app, owner, business._id, { name: 'Libro' })
      const url = `/api/products/${product._id}`
      await anonymous(t, url)
      await renameBehindTheApi(t, product._id, 'Libro usado')
      expect((await anonymous<Product>(t, url)).name).toBe('Libro')
      await new Promise((resolve) => setTimeout(resolve, 1_100))

      // Expired: the first read goes to the database; while it is in flight, others are
      // answered at once with the copy it replaces.
      const refresh = await refreshing(url)
      expect((await anonymous<Product>(t, url)).name).toBe('Libro')
      release()
      expect(((await refresh.read).json() as Product).name).toBe('Libro usado')
      expect((await anonymous<Product>(t, url)).name).toBe('Libro usado')

      // A write drops the entry for everyone, expired or not, refresh in flight or not.
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      const pending = await refreshing(url)
      expect(
        (await patchProduct(t.app, owner, product._id, { name: 'Libro nuevo' })).statusCode,
      ).toBe(200)
      expect((await anonymous<Product>(t, url)).name).toBe('Libro nuevo')
      release()
      await pending.read
      expect((await anonymous<Product>(t, url)).name).toBe('Libro nuevo')
    } finally {
      release()
      await t.stop()
    }
  })

  it('is off with READ_CACHE_MB=0', async () => {
    const t = await startTestApp({ RATE_LIMIT: 'false', READ_CACHE_MB: '0' })
    try {
      const owner = await registerAndLogin(t.app)
      const business = await createTestBusiness(t.app, owner)
      const url = `/api/businesses/${business.identifier}/identifier`
      await anonymous(t, url)
      await t.db
        .update(businesses)
        .set({ name: 'Otro nombre' })
        .where(eq(businesses.id, business._id))
      expect((await anonymous<Business>(t, url)).name).toBe('Otro nombre')
    } finally {
      await t.stop()
    }
  })
})
