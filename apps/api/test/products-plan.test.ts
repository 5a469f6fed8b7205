/**
 * SPEC §9: the free plan holds at most 20 products. The count is taken with the business row
 * locked inside the insert transaction, so concurrent creates cannot all see 19 and all insert.
 */
import { describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { PRODUCT_MESSAGES, type Product } from '@vitrina/contracts'
import { products } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { randomClientIp, registerAndLogin } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import {
  createTestProduct,
  insertCatalogue,
  mainImage,
  postProduct,
  productFields,
  storedFiles,
  catalogueItems,
} from './helpers/products.js'

describe('free plan product limit', () => {
  const t = useTestApp()

  async function productsOf(businessId: string) {
    const [row] = await t.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.businessId, businessId))
    return row!.n
  }

  it('lets a free business reach 20 products and refuses the 21st with the plan message', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, { planType: 'free' })
    await insertCatalogue(t.db, business._id, catalogueItems(19))
    await createTestProduct(t.app, owner, business._id, { name: 'El vigésimo' })
    expect(await productsOf(business._id)).toBe(20)

    const files = await storedFiles(t.app)
    const refused = await postProduct(
      t.app,
      owner,
      productFields(business._id),
      await mainImage(),
      randomClientIp(),
    )
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      statusCode: 403,
      message: PRODUCT_MESSAGES.planLimitReached,
    })
    expect(await productsOf(business._id)).toBe(20)
    expect(await storedFiles(t.app)).toEqual(files)
  })

  it('does not limit the pro plan', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, { planType: 'pro' })
    await insertCatalogue(t.db, business._id, catalogueItems(20))
    await createTestProduct(t.app, owner, business._id, { name: 'El vigésimo primero' })
    expect(await productsOf(business._id)).toBe(21)
  })

  it('leaves exactly 20 products when 30 creates race at 19, and no image of the refused ones', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, { planType: 'free' })
    await insertCatalogue(t.db, business._id, catalogueItems(19))
    const filesBefore = await storedFiles(t.app)
    const image = await mainImage()

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postProduct(
          t.app,
          owner,
          productFields(business._id, { name: `Carrera ${i}` }),
          image,
          randomClientIp(),
        ),
      ),
    )
    const created = responses.filter((r) => r.statusCode === 201)
    const refused = responses.filter((r) => r.statusCode === 403)
    expect(created).toHaveLength(1)
    expect(refused).toHaveLength(29)
    for (const r of refused) expect(r.json().message).toBe(PRODUCT_MESSAGES.planLimitReached)
    expect(await productsOf(business._id)).toBe(20)

    // Only the winner's image files were added; every loser's were removed.
    const winner = created[0]!.json() as Product
    const winnerFiles = t.app.media.keysOf(winner.image)
    expect(await storedFiles(t.app)).toEqual([...filesBefore, ...winnerFiles].sort())
  })
})
