/**
 * SPEC §5 / §8 messages that the API answers and the other suites do not drive. Each case goes
 * through the real route on a fresh database and checks the exact Spanish text (and that nothing
 * was stored), so changing the text or the rule behind it fails here.
 */
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, type Business } from '@vitrina/contracts'
import { products } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { mainImage, postProduct, productFields } from './helpers/products.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

describe('activation without a token (SPEC §5 "Other", §8)', () => {
  it.each(['/api/auth/activar', '/api/auth/activar/'])(
    "POST %s answers 400 'Token de activación no válido'",
    async (url) => {
      const res = await t.app.inject({ method: 'POST', url })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Token de activación no válido',
      })
      expect(res.json().message).toBe(AUTH_MESSAGES.activationMissingToken)
    },
  )

  it('a token that is only blank is an invalid link, not a missing one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/activar/%20' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(AUTH_MESSAGES.activationInvalid)
  })
})

describe('product form rules not driven elsewhere (SPEC §5 "Product form")', () => {
  let owner: TestAccount
  let business: Business

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner)
  })

  async function productsOfBusiness() {
    const [row] = await t.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.businessId, business._id))
    return row!.n
  }

  it.each([
    [
      'a specification with a blank name',
      { specifications: JSON.stringify([{ name: '  ', value: 'Lino' }]) },
      'specifications.0.name',
      'La especificación necesita nombre y valor',
    ],
    [
      'a specification without a name',
      { specifications: JSON.stringify([{ value: 'Lino' }]) },
      'specifications.0.name',
      'La especificación necesita nombre y valor',
    ],
    ['a blank category', { category: '   ' }, 'category', 'La categoría es obligatoria'],
    ['an empty category', { category: '' }, 'category', 'La categoría es obligatoria'],
  ])('refuses %s with the SPEC message and stores nothing', async (_case, fields, path, text) => {
    const before = await productsOfBusiness()
    const res = await postProduct(
      t.app,
      owner,
      productFields(business._id, fields),
      await mainImage(),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: text, errors: [{ path, message: text }] })
    expect(await productsOfBusiness()).toBe(before)
  })

  it('reports every refused text field at once, each with its SPEC text (the image is checked after)', async () => {
    const res = await postProduct(
      t.app,
      owner,
      productFields(business._id, { name: '  ', description: '', price: '0' }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([
      { path: 'name', message: 'El nombre del producto es obligatorio' },
      { path: 'description', message: 'La descripción es obligatoria' },
      { path: 'price', message: 'El precio debe ser mayor que cero' },
    ])
  })
})
