/**
 * Issue 45 (docs/decisions/036): the storefront's product replies carry the badge of the running
 * automatic promotion that covers each product — the list, the carousels and the product page —
 * with today in the shop's time zone; a promotion's write drops the cached reads at once; and a
 * 3x2 pools the units of one product's variants in the order and in the cart's quote alike.
 * Both engines.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  PROMOTION_MESSAGES as M,
  shopToday,
  type Product,
  type PromotionInput,
} from '@vitrina/contracts'
import { businesses, products, promotions } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { bearer, type TestAccount } from './helpers/auth.js'
import { createOrderingShop, insertTestProduct, orderBody, placeOrder } from './helpers/orders.js'
import { createTestProduct } from './helpers/products.js'

// A long TTL: what a read shows after a write is the invalidation's doing, not an expiry.
const t = useTestApp({ RATE_LIMIT: 'false', READ_CACHE_TTL: '600' })

async function createPromotion(owner: TestAccount, body: PromotionInput) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/promotions/automatic',
    headers: bearer(owner.accessToken),
    payload: body,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { _id: string }
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as unknown
}
const listOf = async (businessId: string) =>
  ((await get(`/api/products/${businessId}/business`)) as { items: Product[] }).items
const badgeIn = (items: Product[], id: string) => items.find((p) => p._id === id)?.promotion

describe('badges on the storefront’s product replies', () => {
  it('the list, the carousel and the product page carry the running promotion’s badge', async () => {
    const shop = await createOrderingShop(t.app)
    const remera = await insertTestProduct(t.app, shop.business._id, { name: 'Remera', price: 500 })
    const taza = await insertTestProduct(t.app, shop.business._id, { name: 'Taza', price: 300 })
    const rebajada = await insertTestProduct(t.app, shop.business._id, {
      name: 'Rebajada',
      price: 300,
      discount: 30,
    })
    await t.db
      .update(products)
      .set({ category: 'Cocina', isFeatured: true })
      .where(eq(products.id, taza.id))
    await t.db.update(products).set({ category: 'Cocina' }).where(eq(products.id, rebajada.id))
    const today = shopToday(new Date(), 'America/Montevideo')
    await createPromotion(shop.owner, {
      name: '3x2 en remeras',
      kind: 'take_pay',
      take: 3,
      pay: 2,
      productIds: [remera.id],
    })
    await createPromotion(shop.owner, {
      name: 'Cocina -20',
      kind: 'category_percent',
      percent: 20,
      categories: ['Cocina'],
      startsOn: today,
      endsOn: today,
    })

    const items = await listOf(shop.business._id)
    expect(badgeIn(items, remera.id)).toEqual({
      badge: '3x2',
      label: 'Promoción: llevá 3, pagá 2',
    })
    expect(badgeIn(items, taza.id)).toEqual({
      badge: '-20 %',
      label: 'Promoción: 20 % de descuento',
    })
    // Its own 30 % beats the category's 20 %: the rule never applies it, so no badge.
    expect(badgeIn(items, rebajada.id)).toBeUndefined()
    // Products without a promotion have no key at all.
    expect(items.find((p) => p._id === shop.products.cheap.id)).not.toHaveProperty('promotion')

    const featured = (await get(
      `/api/products/${shop.business._id}/business/featured`,
    )) as Product[]
    expect(badgeIn(featured, taza.id)?.badge).toBe('-20 %')
    const page = (await get(`/api/products/${remera.id}`)) as Product
    expect(page.promotion?.badge).toBe('3x2')
    const bySlug = (await get(
      `/api/products/${shop.business.identifier}/slug/${remera.slug}`,
    )) as Product
    expect(bySlug.promotion?.label).toBe('Promoción: llevá 3, pagá 2')
  })

  it('dates are the shop’s days: the same promotion runs today in Kiritimati, not in Pago Pago', async () => {
    const kiritimatiToday = shopToday(new Date(), 'Pacific/Kiritimati')
    const shown: Record<string, string | undefined> = {}
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const shop = await createOrderingShop(t.app)
      await t.db.update(businesses).set({ timeZone }).where(eq(businesses.id, shop.business._id))
      await createPromotion(shop.owner, {
        name: 'Solo hoy',
        kind: 'category_percent',
        percent: 60,
        categories: [shop.products.cheap.category],
        startsOn: kiritimatiToday,
        endsOn: kiritimatiToday,
      })
      shown[timeZone] = badgeIn(await listOf(shop.business._id), shop.products.cheap.id)?.badge
    }
    // Kiritimati is UTC+14, Pago Pago UTC−11: their days never coincide.
    expect(shown).toEqual({ 'Pacific/Kiritimati': '-60 %', 'Pacific/Pago_Pago': undefined })
  })

  it('pausing, resuming, editing or deleting a promotion shows on the next read (the cache is dropped)', async () => {
    const shop = await createOrderingShop(t.app)
    const id = shop.products.cheap.id
    const promotion = await createPromotion(shop.owner, {
      name: 'Segunda al 50',
      kind: 'second_unit',
      percent: 50,
      productIds: [id],
    })
    const api = (method: 'PATCH' | 'PUT' | 'DELETE', payload?: object) =>
      t.app.inject({
        method,
        url: `/api/promotions/automatic/${promotion._id}`,
        headers: bearer(shop.owner.accessToken),
        ...(payload ? { payload } : {}),
      })
    expect(badgeIn(await listOf(shop.business._id), id)?.badge).toBe('-50 % 2.ª unidad')
    // The read is cached: a change behind the API's back is not seen…
    await t.db.update(promotions).set({ percent: 40 }).where(eq(promotions.id, promotion._id))
    expect(badgeIn(await listOf(shop.business._id), id)?.badge).toBe('-50 % 2.ª unidad')
    // …but the owner's writes are, at once.
    expect((await api('PATCH', { paused: true })).statusCode).toBe(200)
    expect(badgeIn(await listOf(shop.business._id), id)).toBeUndefined()
    expect((await get(`/api/products/${id}`)) as Product).not.toHaveProperty('promotion')
    expect((await api('PATCH', { paused: false })).statusCode).toBe(200)
    expect(badgeIn(await listOf(shop.business._id), id)?.badge).toBe('-40 % 2.ª unidad')
    const edit = await api('PUT', {
      name: '3x2',
      kind: 'take_pay',
      take: 3,
      pay: 2,
      productIds: [id],
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(badgeIn(await listOf(shop.business._id), id)?.badge).toBe('3x2')
    expect((await api('DELETE')).statusCode).toBe(204)
    expect(badgeIn(await listOf(shop.business._id), id)).toBeUndefined()
  })
})

describe('a 3x2 across the variants of one product', () => {
  it('pools their units in the order and in the cart’s quote: the cheapest unit is free', async () => {
    const shop = await createOrderingShop(t.app)
    const remera = await createTestProduct(t.app, shop.owner, shop.business._id, {
      name: 'Remera lisa',
      price: '500',
      options: [{ name: 'Talle', values: ['S', 'M', 'L'] }],
      variants: [
        { options: { Talle: 'S' } },
        { options: { Talle: 'M' }, price: 450 },
        { options: { Talle: 'L' }, price: 600 },
      ],
    })
    await createPromotion(shop.owner, {
      name: '3x2',
      kind: 'take_pay',
      take: 3,
      pay: 2,
      productIds: [remera._id],
    })
    const items = remera.variants.map((v) => ({
      productId: remera._id,
      variantId: v._id,
      quantity: 1,
    }))
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/businesses/${shop.business._id}/promotions/quote`,
      payload: { items },
    })
    expect(quote.statusCode, quote.body).toBe(200)
    const discount = {
      source: 'promotion',
      label: 'Promoción 3x2',
      productId: remera._id,
      currency: 'UYU',
      amount: 450,
    }
    expect(quote.json()).toEqual({ discounts: [discount], freeDelivery: false })
    const order = await placeOrder(t.app, shop.business._id, orderBody({ items }))
    expect(order.discounts).toEqual([discount])
    // 500 + 450 + 600 − 450: the cart's preview and the server's total agree.
    expect(order.totals).toEqual({ UYU: 1100 })
    // Two units of one size and one of another are pooled too; other products are not.
    const mixed = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [
          { ...items[2]!, quantity: 2 },
          { productId: shop.products.cheap.id, quantity: 1 },
        ],
      }),
    )
    expect(mixed.discounts).toBeUndefined()
    expect(M.couponLabel('X')).toBe('Cupón X')
  })
})
