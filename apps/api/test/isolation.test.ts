/**
 * Tenant isolation (SPEC §6, ARCHITECTURE.md "HTTP contract"): every product write route × every
 * kind of caller. Only the owner of the business succeeds; for anyone else the answer is 401 or 403
 * and neither the database nor the stored images change.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { asc } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { AUTH_MESSAGES, type Business, type Product } from '@vitrina/contracts'
import { products } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin, sessionIdOf, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, pngFile } from './helpers/catalogue.js'
import {
  createTestProduct,
  deleteProductRequest,
  mainImage,
  patchProduct,
  postProduct,
  productFields,
  storedFiles,
} from './helpers/products.js'

type Caller = 'owner' | 'intruder' | 'anonymous' | 'expired'

describe('product writes are the business owner’s alone', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let intruder: TestAccount
  let business: Business
  let victim: Product
  let tokens: Record<Caller, { accessToken: string } | null>

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    intruder = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { planType: 'pro' })
    // The intruder is an owner too, with a business of their own.
    await createTestBusiness(t.app, intruder)
    victim = await createTestProduct(t.app, owner, business._id, { name: 'Producto protegido' })
    // A real access token of the owner, issued an hour ago, so expired for 45 minutes.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() - 60 * 60 * 1000)
    const expired = await t.app.tokens.signAccessToken(
      owner.user._id,
      sessionIdOf(owner.accessToken),
      'owner',
    )
    vi.useRealTimers()
    tokens = {
      owner,
      intruder,
      anonymous: null,
      expired: { accessToken: expired },
    }
  })

  async function snapshot() {
    return {
      rows: await t.db.select().from(products).orderBy(asc(products.id)),
      files: await storedFiles(t.app),
    }
  }

  const routes: Record<
    string,
    (caller: { accessToken: string } | null) => Promise<LightMyRequestResponse>
  > = {
    'POST /api/products': async (caller) =>
      postProduct(
        t.app,
        caller,
        productFields(business._id, { name: 'Intruso' }),
        await mainImage(),
      ),
    'PATCH /api/products/:id': async (caller) =>
      patchProduct(
        t.app,
        caller,
        victim._id,
        { name: 'Cambiado', price: '1', imagesToDelete: JSON.stringify([victim.image.url]) },
        { image: [await pngFile(40, 40, '#ff0000')] },
      ),
    'DELETE /api/products/:id': (caller) => deleteProductRequest(t.app, caller, victim._id),
  }

  const refusals: [Exclude<Caller, 'owner'>, number, string][] = [
    ['intruder', 403, AUTH_MESSAGES.forbidden],
    ['anonymous', 401, AUTH_MESSAGES.unauthorized],
    ['expired', 401, AUTH_MESSAGES.sessionExpired],
  ]

  for (const route of Object.keys(routes)) {
    for (const [caller, status, message] of refusals) {
      it(`${route}: ${caller} gets ${status} and changes nothing`, async () => {
        const before = await snapshot()
        const res = await routes[route]!(tokens[caller])
        expect(res.statusCode, res.body).toBe(status)
        expect(res.json().message).toBe(message)
        expect(await snapshot()).toEqual(before)
      })
    }
  }

  it('lets the owner do all three', async () => {
    const created = await routes['POST /api/products']!(tokens.owner)
    expect(created.statusCode).toBe(201)
    const edited = await routes['PATCH /api/products/:id']!(tokens.owner)
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ name: 'Cambiado', price: 1 })
    const deleted = await routes['DELETE /api/products/:id']!(tokens.owner)
    expect(deleted.statusCode).toBe(204)
  })

  it('never lets a product move to another business through an edit', async () => {
    const product = await createTestProduct(t.app, owner, business._id)
    const intruderBusiness = (
      await t.app.inject({
        method: 'GET',
        url: '/api/businesses/user/me',
        headers: { authorization: `Bearer ${intruder.accessToken}` },
      })
    ).json() as Business
    const res = await patchProduct(t.app, owner, product._id, {
      businessId: intruderBusiness._id,
      name: 'Sigue siendo mío',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ businessId: business._id, name: 'Sigue siendo mío' })
  })
})
