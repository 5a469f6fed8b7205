/**
 * HTTP caching (src/plugins/http-cache.ts, docs/decisions/009-performance.md): public catalogue
 * reads carry an ETag, answer 304 to a matching If-None-Match and may be cached briefly by shared
 * caches; authenticated and other API replies are never stored.
 */
import { gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Business, Product } from '@vitrina/contracts'
import {
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  PUBLIC_READ_ROUTES,
} from '../src/plugins/http-cache.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { createTestProduct, patchProduct } from './helpers/products.js'

describe('HTTP caching of API replies', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let business: Business
  let product: Product

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner)
    product = await createTestProduct(t.app, owner, business._id, { isFeatured: 'true' })
    // Enough products for the list to pass the compression threshold.
    for (let i = 0; i < 4; i++) {
      await createTestProduct(t.app, owner, business._id, { name: `Camisa ${i}` })
    }
  })

  it('declares only routes that exist', () => {
    for (const url of PUBLIC_READ_ROUTES) {
      expect(t.app.hasRoute({ method: 'GET', url }), url).toBe(true)
    }
  })

  it('sends ETag and public short-lived caching on public reads, and 304 on a match', async () => {
    const paths = [
      `/api/businesses/${business.identifier}/identifier`,
      '/api/businesses',
      `/api/products/${business._id}/business`,
      `/api/products/${business._id}/business/featured`,
      `/api/products/${product._id}`,
    ]
    for (const url of paths) {
      const first = await t.app.inject({ method: 'GET', url })
      expect(first.statusCode, url).toBe(200)
      expect(first.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL)
      const etag = first.headers.etag as string
      expect(etag, url).toMatch(/^"[^"]+"$/)

      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
      expect(again.statusCode, url).toBe(304)
      expect(again.body, url).toBe('')
      expect(again.headers.etag, url).toBe(etag)
      expect(again.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL)

      const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"x"' } })
      expect(stale.statusCode, url).toBe(200)
    }
  })

  it('hashes the JSON before compressing it, so a gzip client revalidates too', async () => {
    const url = `/api/products/${business._id}/business`
    const plain = await t.app.inject({ method: 'GET', url })
    const gzipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body)
    expect(gzipped.headers.etag).toBe(plain.headers.etag)
    const revalidated = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': plain.headers.etag as string },
    })
    expect(revalidated.statusCode).toBe(304)
  })

  it('changes the ETag when the product changes', async () => {
    const url = `/api/products/${product._id}`
    const before = await t.app.inject({ method: 'GET', url })
    const edited = await patchProduct(t.app, owner, product._id, { name: 'Camisa de lino azul' })
    expect(edited.statusCode).toBe(200)
    const after = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': before.headers.etag as string },
    })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect((after.json() as Product).name).toBe('Camisa de lino azul')
  })

  it('never lets a shared cache keep authenticated or owner replies', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(owner.accessToken),
    })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL)

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(owner.accessToken),
    })
    expect(me.statusCode).toBe(200)
    expect(me.headers['cache-control']).not.toContain('public')

    // A public read asked with credentials is not stored either (it may be an owner's preview).
    const withToken = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product._id}`,
      headers: bearer(owner.accessToken),
    })
    expect(withToken.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL)
  })

  it('does not cache misses, availability checks or writes', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/no-existe/identifier',
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL)

    const check = await t.app.inject({ method: 'GET', url: '/api/businesses/check/otra-tienda' })
    expect(check.statusCode).toBe(200)
    expect(check.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL)

    const write = await patchProduct(t.app, owner, product._id, { name: 'Camisa de lino' })
    expect(write.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL)
  })
})
