/**
 * Issue 41 §2: prices arrive in multipart as text; the API reads them with the contracts' one
 * rule (`parsePriceInput`): `1290,50`, `1.290,50` and `1290.50` are the same price, for the
 * product and for a variant (a variant price with a comma used to be refused as "Las variantes
 * enviadas no son válidas"); ambiguous text is refused with its reason and nothing is saved.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { PRICE_INPUT_MESSAGES, type Business, type Product } from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import {
  createTestProduct,
  mainImage,
  patchProduct,
  postProduct,
  productFields,
} from './helpers/products.js'

describe('prices typed the Uruguayan way', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let business: Business

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { planType: 'pro' })
  })

  it('saves 1290,50, 1.290,50 and 1290.50 as the same price', async () => {
    for (const price of ['1290,50', '1.290,50', '1290.50']) {
      const product = await createTestProduct(t.app, owner, business._id, { price })
      expect(product.price, price).toBe(1290.5)
    }
  })

  it('saves a variant price with a comma', async () => {
    const product = await createTestProduct(t.app, owner, business._id, {
      price: '1000',
      options: JSON.stringify([{ name: 'Talle', values: ['S', 'M'] }]),
      variants: JSON.stringify([
        { options: { Talle: 'S' }, price: '1.290,50' },
        { options: { Talle: 'M' }, price: '1290,5' },
      ]),
    })
    expect(product.variants!.map((v) => v.price)).toEqual([1290.5, 1290.5])
  })

  it('refuses an ambiguous or malformed price with its reason and saves nothing', async () => {
    const before = await createTestProduct(t.app, owner, business._id, { price: '100' })
    for (const [price, message] of [
      ['1,290', PRICE_INPUT_MESSAGES.ambiguous],
      ['12.34.5', PRICE_INPUT_MESSAGES.invalid],
      ['1,2,3', PRICE_INPUT_MESSAGES.invalid],
    ] as const) {
      const created = await postProduct(
        t.app,
        owner,
        productFields(business._id, { price }),
        await mainImage(),
      )
      expect(created.statusCode, created.body).toBe(400)
      expect(created.json().message).toBe(message)
      const patched = await patchProduct(t.app, owner, before._id, { price })
      expect(patched.statusCode, patched.body).toBe(400)
      expect(patched.json().message).toBe(message)
    }
    const variant = await patchProduct(t.app, owner, before._id, {
      options: JSON.stringify([{ name: 'Talle', values: ['S'] }]),
      variants: JSON.stringify([{ options: { Talle: 'S' }, price: '1,290' }]),
    })
    expect(variant.statusCode, variant.body).toBe(400)
    expect(variant.json().message).toBe(PRICE_INPUT_MESSAGES.ambiguous)
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${before._id}` })
    expect((res.json() as Product).price).toBe(100)
    expect((res.json() as Product).options ?? []).toEqual([])
  })
})
