/**
 * Issue 27 §2: duplicating a product — POST /api/products/{id}/duplicate. The copy has its own
 * stored images (deleting either product leaves the other's intact), the options and variants,
 * "(copia)" in its name and no codes; only the owner may duplicate, and the plan counts the copy.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  AUTH_MESSAGES,
  PRODUCT_MESSAGES,
  productCopyName,
  type Business,
  type Product,
} from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, pngFile } from './helpers/catalogue.js'
import {
  catalogueItems,
  createTestProduct,
  deleteProductRequest,
  insertCatalogue,
  keysOf,
  mainImage,
  storedFiles,
} from './helpers/products.js'

describe('POST /api/products/{id}/duplicate', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let stranger: TestAccount
  let business: Business

  const duplicate = (id: string, who: TestAccount | null) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/duplicate`,
      headers: who ? bearer(who.accessToken) : {},
    })

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    stranger = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner)
  })

  it('copies the product, its variants and its images under new names', async () => {
    const source = await createTestProduct(
      t.app,
      owner,
      business._id,
      {
        name: 'Buzo canguro',
        code: 'BUZ-1',
        discount: '10',
        tags: ['abrigo'],
        options: JSON.stringify([{ name: 'Talle', values: ['S', 'M'] }]),
        variants: JSON.stringify([
          { options: { Talle: 'S' }, price: 1200, code: 'BUZ-S', stock: 2, imageIndex: 1 },
          { options: { Talle: 'M' }, stock: 0 },
        ]),
        trackStock: 'true',
      },
      { ...(await mainImage()), images: [await pngFile(60, 40)] },
    )
    const res = await duplicate(source._id, owner)
    expect(res.statusCode).toBe(201)
    const copy = res.json() as Product
    expect(copy._id).not.toBe(source._id)
    expect(copy).toMatchObject({
      name: 'Buzo canguro (copia)',
      code: null,
      businessId: business._id,
      price: source.price,
      discount: 10,
      tags: ['abrigo'],
      options: source.options,
      trackStock: true,
      available: true,
    })
    expect(copy.variants.map((v) => [v.options, v.price, v.code, v.stock, v.imageIndex])).toEqual([
      [{ Talle: 'S' }, 1200, null, 2, 1],
      [{ Talle: 'M' }, source.price, null, 0, null],
    ])
    expect(copy.variants.map((v) => v._id)).not.toContain(source.variants[0]!._id)

    // Its own files: none shared with the source, all present.
    const sourceKeys = [source.image, ...source.images].flatMap((a) => keysOf(t.app, a))
    const copyKeys = [copy.image, ...copy.images].flatMap((a) => keysOf(t.app, a))
    expect(copyKeys).toHaveLength(sourceKeys.length)
    expect(copyKeys.filter((k) => sourceKeys.includes(k))).toEqual([])
    const stored = await storedFiles(t.app)
    for (const key of copyKeys) expect(stored).toContain(key)

    // Deleting the source leaves the copy's images in place (and served).
    expect((await deleteProductRequest(t.app, owner, source._id)).statusCode).toBe(204)
    const after = await storedFiles(t.app)
    for (const key of copyKeys) expect(after).toContain(key)
    for (const key of sourceKeys) expect(after).not.toContain(key)
    const image = await t.app.inject({
      method: 'GET',
      url: new URL(copy.image.url, 'http://x').pathname,
    })
    expect(image.statusCode).toBe(200)
  })

  it('keeps a long name within the limit', () => {
    const long = 'x'.repeat(120)
    expect(productCopyName(long)).toHaveLength(120)
    expect(productCopyName(long).endsWith(' (copia)')).toBe(true)
  })

  it('is the owner’s only: 401 anonymous, 403 to another owner, 404 unknown', async () => {
    const source = await createTestProduct(t.app, owner, business._id, { name: 'Taza' })
    const anonymous = await duplicate(source._id, null)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().message).toBe(AUTH_MESSAGES.unauthorized)
    expect((await duplicate(source._id, stranger)).statusCode).toBe(403)
    const unknown = await duplicate('7c9e6679-7425-40de-944b-e07fc1f90ae7', owner)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(PRODUCT_MESSAGES.notFound)
  })

  it('counts the copy against the free plan', async () => {
    const full = await createTestBusiness(t.app, stranger)
    const source = await createTestProduct(t.app, stranger, full._id, { name: 'Mate' })
    await insertCatalogue(t.db, full._id, catalogueItems(19))
    const files = await storedFiles(t.app)
    const refused = await duplicate(source._id, stranger)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(PRODUCT_MESSAGES.planLimitReached)
    // Nothing copied for a refused duplicate.
    expect(await storedFiles(t.app)).toEqual(files)
  })
})
