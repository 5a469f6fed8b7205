/**
 * Issue 25 §2: the list's `status` — 'active' (default, the storefront's), 'hidden' or 'all' —
 * honoured for the business's owner only; for anyone else (anonymous, a customer, another
 * owner) hidden products do not exist. The total, priceMax, search, sorts and pages follow the
 * status, the bulk endpoint's `filter` too, and the anonymous read cache never keeps an owner's
 * reply.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  PRODUCT_VISIBILITY_TEXTS,
  type Business,
  type ProductListResponse,
} from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { createTestProduct } from './helpers/products.js'

describe('the product list by status (issue 25 §2)', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let otherOwner: TestAccount
  let customer: TestAccount
  let business: Business

  const list = async (query: string, who: TestAccount | null = owner) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${business._id}/business?${query}`,
      headers: who ? bearer(who.accessToken) : {},
    })
    expect(res.statusCode, res.body).toBe(200)
    return { reply: res.json() as ProductListResponse, headers: res.headers }
  }
  const names = (reply: ProductListResponse) => reply.items.map((p) => p.name)

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    otherOwner = await registerAndLogin(t.app)
    customer = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { planType: 'pro' })
    await createTestBusiness(t.app, otherOwner)
    // Created oldest first: 'newest' lists them in reverse.
    for (const [name, price, status] of [
      ['Mate de calabaza', '500', 'active'],
      ['Poncho de lana', '9000', 'hidden'],
      ['Termo de acero', '1500', 'active'],
      ['Mate de madera', '700', 'hidden'],
    ] as const) {
      await createTestProduct(t.app, owner, business._id, { name, price, status })
    }
  })

  it('gives the owner the visible ones by default, the hidden ones, or all, each with its total and priceMax', async () => {
    const active = (await list('')).reply
    expect(names(active)).toEqual(['Termo de acero', 'Mate de calabaza'])
    expect(active).toMatchObject({ total: 2, priceMax: 1500 })

    const onlyHidden = (await list('status=hidden')).reply
    expect(names(onlyHidden)).toEqual(['Mate de madera', 'Poncho de lana'])
    expect(onlyHidden).toMatchObject({ total: 2, priceMax: 9000 })
    expect(onlyHidden.items.every((p) => p.status === 'hidden')).toBe(true)

    const all = (await list('status=all')).reply
    expect(names(all)).toEqual([
      'Mate de madera',
      'Termo de acero',
      'Poncho de lana',
      'Mate de calabaza',
    ])
    expect(all).toMatchObject({ total: 4, priceMax: 9000 })
    expect(all.items.map((p) => p.status)).toEqual(['hidden', 'active', 'hidden', 'active'])
  })

  it('applies the status with a search, the price sorts, price bounds and pages', async () => {
    const searched = (await list('status=hidden&search=mate')).reply
    expect(names(searched)).toEqual(['Mate de madera'])
    expect(searched).toMatchObject({ total: 1, priceMax: 700 })
    const searchedAll = (await list('status=all&search=mate&sort=expensive')).reply
    expect(names(searchedAll)).toEqual(['Mate de madera', 'Mate de calabaza'])
    expect(searchedAll.total).toBe(2)

    const cheapest = (await list('status=all&sort=cheapest')).reply
    expect(cheapest.items.map((p) => p.price)).toEqual([500, 700, 1500, 9000])
    // priceMax ignores the bounds (SPEC §9); the total keeps them.
    const bounded = (await list('status=hidden&maxPrice=1000')).reply
    expect(names(bounded)).toEqual(['Mate de madera'])
    expect(bounded).toMatchObject({ total: 1, priceMax: 9000 })

    const first = (await list('status=all&sort=cheapest&pageSize=3')).reply
    const second = (await list('status=all&sort=cheapest&pageSize=3&page=2')).reply
    expect(first).toMatchObject({ total: 4, page: 1 })
    expect(second).toMatchObject({ total: 4, page: 2 })
    expect([...names(first), ...names(second)]).toEqual([
      'Mate de calabaza',
      'Mate de madera',
      'Termo de acero',
      'Poncho de lana',
    ])
  })

  it('keeps hidden products out for anyone else: anonymous, a customer, another owner', async () => {
    for (const who of [null, customer, otherOwner]) {
      const none = (await list('status=hidden', who)).reply
      expect(none).toMatchObject({ items: [], total: 0, priceMax: 0 })
      const all = (await list('status=all', who)).reply
      expect(names(all)).toEqual(['Termo de acero', 'Mate de calabaza'])
      expect(all).toMatchObject({ total: 2, priceMax: 1500 })
      const searched = (await list('status=all&search=mate', who)).reply
      expect(names(searched)).toEqual(['Mate de calabaza'])
    }
  })

  it('never serves an owner’s reply from the anonymous read cache, nor lets shared caches keep it', async () => {
    // The owner first: a reply with hidden products, private.
    const mine = await list('status=all&sort=oldest')
    expect(mine.reply.total).toBe(4)
    expect(mine.headers['cache-control']).toBe('private, no-store')
    // The same address anonymously, twice (the second from the cache): the active ones only.
    for (let i = 0; i < 2; i++) {
      const anonymous = await list('status=all&sort=oldest', null)
      expect(names(anonymous.reply)).toEqual(['Mate de calabaza', 'Termo de acero'])
      expect(anonymous.headers['cache-control']).toMatch(/^public/)
    }
    // An anonymous empty 'hidden' list, cached, never reaches the owner.
    expect((await list('status=hidden&sort=oldest', null)).reply.total).toBe(0)
    expect((await list('status=hidden&sort=oldest')).reply.total).toBe(2)
  })

  it('answers an unknown status with its Spanish message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${business._id}/business?status=ocultos`,
      headers: bearer(owner.accessToken),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(PRODUCT_VISIBILITY_TEXTS.statusInvalid)
  })

  it('selects by filter with the same status in a bulk edit', async () => {
    const bulk = (filter: object, change: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products/bulk',
        headers: bearer(owner.accessToken),
        payload: { filter, action: 'flags', change },
      })
    // Default: the visible ones, as before.
    expect((await bulk({ search: 'mate' }, { isNew: true })).json()).toEqual({ updated: 1 })
    // The hidden ones that match.
    expect((await bulk({ search: 'mate', status: 'hidden' }, { isFeatured: true })).json()).toEqual(
      { updated: 1 },
    )
    // Every product of the owner's list.
    expect((await bulk({ status: 'all' }, { isOffer: true, discount: 10 })).json()).toEqual({
      updated: 4,
    })
    const all = (await list('status=all&sort=oldest')).reply
    expect(all.items.map((p) => [p.name, p.isNew, p.isFeatured, p.discount])).toEqual([
      ['Mate de calabaza', true, false, 10],
      ['Poncho de lana', false, false, 10],
      ['Termo de acero', false, false, 10],
      ['Mate de madera', false, true, 10],
    ])
    const invalid = await bulk({ status: 'todos' }, { isNew: true })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().message).toBe(PRODUCT_VISIBILITY_TEXTS.statusInvalid)
    // Showing the hidden ones by filter: the list follows.
    const shown = await t.app.inject({
      method: 'POST',
      url: '/api/products/bulk',
      headers: bearer(otherOwner.accessToken),
      payload: { filter: { status: 'hidden' }, action: 'status', change: { status: 'active' } },
    })
    // Another owner's filter reads their own business only: nothing of this one.
    expect(shown.json()).toEqual({ updated: 0 })
    expect((await list('status=hidden')).reply.total).toBe(2)
  })
})
