/**
 * The orphan rule (docs/decisions/004-media.md): images are stored before the transaction that
 * refers to them; when that transaction fails they are removed, and images a change replaces are
 * removed only after it commits. The failures here are real ones, injected in the database: a
 * check constraint the write violates.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { API_MESSAGES, type Business, type Product } from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, pngFile } from './helpers/catalogue.js'
import {
  createTestProduct,
  mainImage,
  patchProduct,
  postProduct,
  productFields,
  storedFiles,
} from './helpers/products.js'

const POISON = 'Falla inyectada'

describe('product images when the database write fails', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let business: Business

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { planType: 'pro' })
    // NOT VALID: existing rows are not checked, every later insert and update is.
    await t.db.execute(
      sql.raw(
        `ALTER TABLE products ADD CONSTRAINT test_poison CHECK (name <> '${POISON}') NOT VALID`,
      ),
    )
  })

  afterEach(async () => {
    // Whatever a test did, the storage holds exactly the images of the products that exist.
    const rows = await t.db.execute(sql`SELECT image, images FROM products`)
    const expected = (rows as unknown as { rows: Pick<Product, 'image' | 'images'>[] }).rows
      .flatMap((r) => [r.image, ...r.images])
      .flatMap((asset) => t.app.media.keysOf(asset))
      .sort()
    expect(await storedFiles(t.app)).toEqual(expected)
  })

  it('removes every stored image of a create whose insert fails', async () => {
    const before = await storedFiles(t.app)
    const res = await postProduct(t.app, owner, productFields(business._id, { name: POISON }), {
      ...(await mainImage()),
      images: [await pngFile(70, 40), await pngFile(50, 90)],
    })
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe(API_MESSAGES.internal)
    expect(await storedFiles(t.app)).toEqual(before)
  })

  it('keeps the old images and drops the new ones when an edit fails', async () => {
    const product = await createTestProduct(
      t.app,
      owner,
      business._id,
      {},
      {
        ...(await mainImage()),
        images: [await pngFile(70, 40)],
      },
    )
    const before = await storedFiles(t.app)
    const res = await patchProduct(
      t.app,
      owner,
      product._id,
      { name: POISON, imagesToDelete: JSON.stringify([product.images[0]!.url]) },
      { image: [await pngFile(99, 99, '#123456')], images: [await pngFile(30, 30)] },
    )
    expect(res.statusCode).toBe(500)
    expect(await storedFiles(t.app)).toEqual(before)
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })
    // The public reply: the owner's without stock numbers (issue 25) nor weight (issue 44).
    const { stock: _stock, weightGrams: _weight, ...publicFields } = product
    expect(read.json()).toEqual(publicFields)
  })

  it('deletes replaced images only once the edit has committed', async () => {
    const product = await createTestProduct(t.app, owner, business._id)
    const res = await patchProduct(
      t.app,
      owner,
      product._id,
      {},
      {
        image: [await pngFile(99, 99, '#654321')],
      },
    )
    expect(res.statusCode).toBe(200)
    const updated = res.json() as Product
    for (const key of t.app.media.keysOf(product.image)) {
      expect(await t.app.media.storage.exists(key)).toBe(false)
    }
    for (const key of t.app.media.keysOf(updated.image)) {
      expect(await t.app.media.storage.exists(key)).toBe(true)
    }
  })
})
