/**
 * Issue 45: coupons and automatic promotions — the owner's /api/promotions, the cart's quote,
 * orders priced with them (stored code and discount lines; message, page, list, CSV), the
 * coupon's uses (atomic under concurrent orders on PostgreSQL, given back on cancel) and tenant
 * isolation. Both engines.
 */
import { and, eq, isNotNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  PROMOTION_MESSAGES as M,
  publicOrderSchema,
  type CouponInput,
  type PromotionInput,
} from '@vitrina/contracts'
import { coupons, mailOutbox, orders, products } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { bearer, type TestAccount } from './helpers/auth.js'
import { testEngine } from './helpers/database.js'
import {
  createOrderingShop,
  insertTestProduct,
  orderBody,
  placeOrder,
  postOrder,
} from './helpers/orders.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

const api = (
  owner: Pick<TestAccount, 'accessToken'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/promotions${url}`,
    headers: bearer(owner.accessToken),
    ...(payload ? { payload } : {}),
  })

const couponBody = (over: Partial<CouponInput> = {}): CouponInput => ({
  code: 'HOLA10',
  kind: 'percent',
  percent: 10,
  ...over,
})

async function newShop() {
  const shop = await createOrderingShop(t.app)
  const remera = await insertTestProduct(t.app, shop.business._id, { name: 'Remera', price: 500 })
  return { ...shop, remera: remera }
}

async function createCoupon(owner: TestAccount, over: Partial<CouponInput> = {}) {
  const res = await api(owner, 'POST', '/coupons', couponBody(over))
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { _id: string; code: string }
}

async function createPromotion(owner: TestAccount, body: PromotionInput) {
  const res = await api(owner, 'POST', '/automatic', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { _id: string; badge: string }
}

const line = (productId: string, quantity: number) => ({ productId, quantity })

describe('the owner’s coupons and promotions', () => {
  it('creates, lists, edits, pauses, duplicates and deletes a coupon; the code is unique in any case', async () => {
    const shop = await newShop()
    const created = await createCoupon(shop.owner, { code: 'HotSale', minSubtotal: { UYU: 1500 } })
    expect(created).toMatchObject({ code: 'HotSale', status: 'active', uses: 0, orders: 0 })
    expect(created).toMatchObject({ minSubtotal: { UYU: 1500 } })

    const taken = await api(shop.owner, 'POST', '/coupons', couponBody({ code: 'hotsale' }))
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe(M.codeTaken)

    const edited = await api(
      shop.owner,
      'PUT',
      `/coupons/${created._id}`,
      couponBody({ code: 'HOTSALE', kind: 'fixed', percent: null, amounts: { UYU: 200.5 } }),
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ code: 'HOTSALE', kind: 'fixed', amounts: { UYU: 200.5 } })

    const paused = await api(shop.owner, 'PATCH', `/coupons/${created._id}`, { paused: true })
    expect(paused.json()).toMatchObject({ paused: true, status: 'paused' })

    const copy = await api(shop.owner, 'POST', `/coupons/${created._id}/duplicate`)
    expect(copy.statusCode).toBe(201)
    expect(copy.json()).toMatchObject({ code: 'HOTSALE-2', paused: true, uses: 0 })

    const list = await api(shop.owner, 'GET', '')
    expect(list.json().coupons.map((c: { code: string }) => c.code)).toEqual([
      'HOTSALE',
      'HOTSALE-2',
    ])
    expect((await api(shop.owner, 'DELETE', `/coupons/${created._id}`)).statusCode).toBe(204)
    expect((await api(shop.owner, 'GET', '')).json().coupons).toHaveLength(1)

    // Products chosen by the form's picker: the list names them (and only the shop's).
    const aimed = await api(
      shop.owner,
      'PUT',
      `/coupons/${copy.json()._id}`,
      couponBody({ code: 'HOTSALE-2', productIds: [shop.remera.id] }),
    )
    expect(aimed.statusCode, aimed.body).toBe(200)
    expect(aimed.json().productIds).toEqual([shop.remera.id])
    expect((await api(shop.owner, 'GET', '')).json().products).toEqual([
      { _id: shop.remera.id, name: 'Remera' },
    ])
  })

  it('creates, pauses and duplicates automatic promotions, with their badge', async () => {
    const shop = await newShop()
    const p = await createPromotion(shop.owner, {
      name: '3x2 en remeras',
      kind: 'take_pay',
      take: 3,
      pay: 2,
      productIds: [shop.remera.id],
    })
    expect(p).toMatchObject({ badge: '3x2', status: 'active' })
    const category = await createPromotion(shop.owner, {
      name: 'Ropa de invierno',
      kind: 'category_percent',
      percent: 20,
      categories: ['Ropa'],
      startsOn: '2099-06-01',
      endsOn: '2099-06-30',
    })
    expect(category).toMatchObject({ badge: '-20 %', status: 'scheduled' })
    const paused = await api(shop.owner, 'PATCH', `/automatic/${p._id}`, { paused: true })
    expect(paused.json().status).toBe('paused')
    const copy = await api(shop.owner, 'POST', `/automatic/${p._id}/duplicate`)
    expect(copy.json()).toMatchObject({ name: '3x2 en remeras (copia)', paused: true })
    const edited = await api(shop.owner, 'PUT', `/automatic/${p._id}`, {
      name: '2x1',
      kind: 'take_pay',
      take: 2,
      pay: 1,
      categories: ['Ropa'],
    })
    expect(edited.json()).toMatchObject({ name: '2x1', badge: '2x1', paused: false })
    expect((await api(shop.owner, 'DELETE', `/automatic/${p._id}`)).statusCode).toBe(204)
  })

  it.each([
    ['a code with spaces', '/coupons', couponBody({ code: 'HOT SALE' }), 'code', M.codeInvalid],
    ['no code', '/coupons', couponBody({ code: ' ' }), 'code', M.codeRequired],
    ['a percentage of 0', '/coupons', couponBody({ percent: 0 }), 'percent', M.percentInvalid],
    [
      'a percentage missing',
      '/coupons',
      couponBody({ percent: null }),
      'percent',
      M.percentInvalid,
    ],
    [
      'a fixed coupon without amount',
      '/coupons',
      couponBody({ kind: 'fixed', percent: null }),
      'amounts',
      M.amountRequired,
    ],
    [
      'an amount with three decimals',
      '/coupons',
      couponBody({ kind: 'fixed', amounts: { UYU: 1.005 } }),
      'amounts.UYU',
      M.amountInvalid,
    ],
    [
      'a negative minimum',
      '/coupons',
      couponBody({ minSubtotal: { UYU: -1 } }),
      'minSubtotal.UYU',
      M.minimumInvalid,
    ],
    ['no uses', '/coupons', couponBody({ maxUses: 0 }), 'maxUses', M.usesInvalid],
    ['a bad date', '/coupons', couponBody({ startsOn: '30/11/2026' }), 'startsOn', M.dateInvalid],
    [
      'an end before the start',
      '/coupons',
      couponBody({ startsOn: '2026-12-02', endsOn: '2026-12-01' }),
      'endsOn',
      M.datesOrder,
    ],
    ['no kind', '/coupons', { code: 'HOLA' }, 'kind', M.kindRequired],
    [
      'a 2x3',
      '/automatic',
      { name: 'x', kind: 'take_pay', take: 2, pay: 3, categories: ['Ropa'] },
      'take',
      M.takePayInvalid,
    ],
    [
      'a 3x2 on nothing',
      '/automatic',
      { name: 'x', kind: 'take_pay', take: 3, pay: 2 },
      'productIds',
      M.scopeRequired,
    ],
    [
      'a category % without category',
      '/automatic',
      {
        name: 'x',
        kind: 'category_percent',
        percent: 10,
        startsOn: '2026-01-01',
        endsOn: '2026-01-02',
      },
      'categories',
      M.categoryRequired,
    ],
    [
      'a category % without dates',
      '/automatic',
      { name: 'x', kind: 'category_percent', percent: 10, categories: ['Ropa'] },
      'endsOn',
      M.categoryDatesRequired,
    ],
    [
      'no name',
      '/automatic',
      { name: '', kind: 'second_unit', percent: 50 },
      'name',
      M.nameRequired,
    ],
    ['no promotion kind', '/automatic', { name: 'x' }, 'kind', M.promotionKindRequired],
  ])('refuses %s with a Spanish 400 and saves nothing', async (_, url, body, path, message) => {
    const shop = await newShop()
    const res = await api(shop.owner, 'POST', url, body as object)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors).toContainEqual({ path, message })
    const list = (await api(shop.owner, 'GET', '')).json()
    expect([...list.coupons, ...list.promotions]).toEqual([])
  })
})

describe('tenant isolation', () => {
  it('one shop never reads, changes or uses another’s coupons, promotions or products', async () => {
    const a = await newShop()
    const b = await newShop()
    const coupon = await createCoupon(a.owner, { code: 'SOLOA' })
    const promo = await createPromotion(a.owner, {
      name: '3x2',
      kind: 'take_pay',
      take: 3,
      pay: 2,
      productIds: [a.remera.id],
    })
    expect((await api(b.owner, 'GET', '')).json()).toEqual({
      coupons: [],
      promotions: [],
      products: [],
    })
    for (const [method, url, body] of [
      ['PUT', `/coupons/${coupon._id}`, couponBody({ code: 'ROBADO' })],
      ['PATCH', `/coupons/${coupon._id}`, { paused: true }],
      ['POST', `/coupons/${coupon._id}/duplicate`, undefined],
      ['DELETE', `/coupons/${coupon._id}`, undefined],
      ['PATCH', `/automatic/${promo._id}`, { paused: true }],
      ['POST', `/automatic/${promo._id}/duplicate`, undefined],
      ['DELETE', `/automatic/${promo._id}`, undefined],
    ] as const) {
      const res = await api(b.owner, method, url, body)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json().message).toBe(M.notFound)
    }
    // B cannot aim a promotion at A's product.
    const foreign = await api(b.owner, 'POST', '/automatic', {
      name: '3x2',
      kind: 'take_pay',
      take: 3,
      pay: 2,
      productIds: [a.remera.id],
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().message).toBe(M.productUnknown)
    // A's code does not exist in B's shop, and A's 3x2 does not apply there.
    const res = await postOrder(
      t.app,
      b.business._id,
      orderBody({ items: [line(b.remera.id, 3)], coupon: 'SOLOA' }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([{ path: 'coupon', message: M.couponUnknown }])
    const order = await placeOrder(
      t.app,
      b.business._id,
      orderBody({ items: [line(b.remera.id, 3)] }),
    )
    expect(order.discounts).toBeUndefined()
    // Unchanged: A's coupon is still A's, unpaused.
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon._id))
    expect(row).toMatchObject({ code: 'SOLOA', paused: false })
    expect((await t.app.inject({ method: 'GET', url: '/api/promotions' })).statusCode).toBe(401)
  })
})

describe('orders with promotions and coupons', () => {
  it('a 3x2 and a first-purchase coupon: stored lines, totals, message, page, list and CSV', async () => {
    const shop = await newShop()
    await createPromotion(shop.owner, {
      name: '3x2 remeras',
      kind: 'take_pay',
      take: 3,
      pay: 2,
      productIds: [shop.remera.id],
    })
    await createCoupon(shop.owner, { code: 'Bienvenida', percent: 10, firstPurchaseOnly: true })
    // The cart's quote: the same lines as the order will have.
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/businesses/${shop.business._id}/promotions/quote`,
      payload: { items: [line(shop.remera.id, 3)], coupon: 'bienvenida' },
    })
    expect(quote.statusCode, quote.body).toBe(200)
    expect(quote.json()).toEqual({
      discounts: [
        expect.objectContaining({ source: 'promotion', label: 'Promoción 3x2', amount: 500 }),
        { source: 'coupon', label: 'Cupón Bienvenida', currency: 'UYU', amount: 100 },
      ],
      coupon: 'Bienvenida',
      freeDelivery: false,
    })

    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [line(shop.remera.id, 3)], coupon: ' bienvenida ' }),
    )
    expect(order.subtotals).toEqual({ UYU: 1500 })
    expect(order.totals).toEqual({ UYU: 900 })
    expect(order.coupon).toBe('Bienvenida')
    expect(order.discounts).toEqual(quote.json().discounts)
    const text = new URL(order.whatsappUrl).searchParams.get('text') ?? ''
    expect(text).toContain('Promoción 3x2 — -$ 500,00')
    expect(text).toContain('Cupón Bienvenida — -$ 100,00')
    expect(text).toContain('Total: $ 900,00')

    const [row] = await t.db.select().from(orders).where(eq(orders.businessId, shop.business._id))
    expect(row).toMatchObject({ couponCode: 'Bienvenida', totals: { UYU: 90000 } })
    expect(row?.discounts).toHaveLength(2)

    const page = await t.app.inject({ url: `/api/orders/${order.code}?t=${order.token}` })
    expect(publicOrderSchema.parse(page.json()).discounts).toEqual(order.discounts)

    const list = await t.app.inject({
      url: '/api/orders',
      headers: bearer(shop.owner.accessToken),
    })
    expect(list.json().items[0]).toMatchObject({ coupon: 'Bienvenida', discounts: order.discounts })

    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Nuevo pedido ${order.code}`))
    expect(mails[0]?.text).toContain('Cupón Bienvenida — -$ 100,00')

    // A day either side: the export's dates are the shop's, the reply's createdAt is UTC.
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    const at = Date.parse(order.createdAt)
    const [from, day] = [dayOf(at - 86_400_000), dayOf(at + 86_400_000)]
    const csv = await t.app.inject({
      url: `/api/orders/export.csv?from=${from}&to=${day}`,
      headers: bearer(shop.owner.accessToken),
    })
    expect(day).toBeTruthy()
    expect(csv.body).toContain('"Cupón";"Descuentos"')
    expect(csv.body).toContain(
      '"Bienvenida";"Promoción 3x2 — -$ 500,00, Cupón Bienvenida — -$ 100,00"',
    )

    // The owner's list counts the order and its revenue for the coupon and the promotion.
    const stats = (await api(shop.owner, 'GET', '')).json()
    expect(stats.coupons[0]).toMatchObject({ uses: 1, orders: 1, revenue: { UYU: 900 } })
    expect(stats.promotions[0]).toMatchObject({ orders: 1, revenue: { UYU: 900 } })

    // First purchase only: the same phone cannot use it again.
    const again = await postOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [line(shop.remera.id, 1)], coupon: 'BIENVENIDA' }),
    )
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ message: M.couponFirstPurchase })
  })

  it('free delivery waives the fee; a fixed amount never goes below zero', async () => {
    const shop = await newShop()
    await createCoupon(shop.owner, { code: 'ENVIO', kind: 'free_delivery', percent: null })
    await createCoupon(shop.owner, {
      code: 'MIL',
      kind: 'fixed',
      percent: null,
      amounts: { UYU: 1000 },
    })
    const delivered = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [line(shop.remera.id, 1)],
        delivery: { method: 'delivery', address: 'Sarandí 500' },
        coupon: 'envio',
      }),
    )
    expect(delivered.deliveryFee).toEqual({})
    expect(delivered.totals).toEqual({ UYU: 500 })
    expect(delivered.discounts).toEqual([
      expect.objectContaining({
        label: 'Cupón ENVIO: envío gratis',
        amount: 150,
        freeDelivery: true,
      }),
    ])
    const fixed = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [line(shop.remera.id, 1)], coupon: 'mil' }),
    )
    expect(fixed.totals).toEqual({ UYU: 0 })
  })

  it.each([
    ['an unknown code', {}, 'NOEXISTE', M.couponUnknown],
    ['an expired coupon', { endsOn: '2020-11-30' }, undefined, 'El cupón venció el 30/11'],
    ['a future coupon', { startsOn: '2099-12-01' }, undefined, 'El cupón vale desde el 01/12'],
    [
      'a minimum not reached',
      { minSubtotal: { UYU: 1500 } },
      undefined,
      'Mínimo de compra $ 1.500',
    ],
    ['a paused coupon', { paused: true }, undefined, M.couponPaused],
    ['a coupon on other products', { categories: ['Hogar'] }, undefined, M.couponNoProducts],
    [
      'a dollar amount on a peso cart',
      { kind: 'fixed' as const, percent: null, amounts: { USD: 5 } },
      undefined,
      'El cupón no aplica a compras en $',
    ],
  ])('refuses %s with its Spanish reason and saves no order', async (_, over, code, message) => {
    const shop = await newShop()
    await createCoupon(shop.owner, { code: 'PRUEBA', ...over })
    const res = await postOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [line(shop.remera.id, 1)], coupon: code ?? 'prueba' }),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ message, errors: [{ path: 'coupon', message }] })
    expect(
      await t.db.select().from(orders).where(eq(orders.businessId, shop.business._id)),
    ).toEqual([])
    // The cart's quote says the same, and still shows no coupon line.
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/businesses/${shop.business._id}/promotions/quote`,
      payload: { items: [line(shop.remera.id, 1)], coupon: code ?? 'prueba' },
    })
    expect(quote.json()).toEqual({ discounts: [], couponRefusal: message, freeDelivery: false })
  })

  it('one use per shopper, the uses left, and a cancelled order gives its use back', async () => {
    const shop = await newShop()
    const coupon = await createCoupon(shop.owner, { code: 'UNA', oncePerShopper: true, maxUses: 1 })
    const body = orderBody({ items: [line(shop.remera.id, 1)], coupon: 'una' })
    const first = await placeOrder(t.app, shop.business._id, body)
    const same = await postOrder(t.app, shop.business._id, body)
    expect(same.json().message).toBe(M.couponAlreadyUsed)
    const other = orderBody({ ...body, customer: { name: 'Ana', phone: '098 765 432' } })
    const usedUp = await postOrder(t.app, shop.business._id, other)
    expect(usedUp.json().message).toBe(M.couponUsedUp)

    const [firstRow] = await t.db.select().from(orders).where(eq(orders.code, first.code))
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${firstRow!.id}`,
      headers: bearer(shop.owner.accessToken),
      payload: { status: 'cancelado', reason: 'Sin stock' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon._id))
    expect(row?.uses).toBe(0)
    // The use is back: another shopper gets it; the first one may use it again too (cancelled).
    expect((await postOrder(t.app, shop.business._id, other)).statusCode).toBe(201)
  })

  it('per-line rounding: 50 % on the second unit of 10,15', async () => {
    const shop = await newShop()
    const [row] = await t.db
      .update(products)
      .set({ category: 'Dulces' })
      .where(eq(products.id, shop.products.cheap.id))
      .returning()
    await createPromotion(shop.owner, {
      name: 'Segunda al 50',
      kind: 'second_unit',
      percent: 50,
      categories: [row!.category],
    })
    // The alfajor is 10,15 with its own 50 %: 5,08 each → 2 × 5,08 = 10,16; the promotion on the
    // list price gives 10,15 + 5,08 = 15,23 — worse: the product's own discount stays.
    const own = await placeOrder(t.app, shop.business._id, orderBody({ items: [line(row!.id, 2)] }))
    expect(own.discounts).toBeUndefined()
    expect(own.totals).toEqual({ UYU: 10.16 })
  })
})

describe.runIf(testEngine === 'postgres')(
  'a coupon with one use left under 20 orders at once',
  () => {
    it('exactly one order gets it; the others are refused and not saved', async () => {
      const shop = await newShop()
      const coupon = await createCoupon(shop.owner, { code: 'ULTIMO', maxUses: 5 })
      await t.db.update(coupons).set({ uses: 4 }).where(eq(coupons.id, coupon._id))
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          postOrder(
            t.app,
            shop.business._id,
            orderBody({
              items: [line(shop.remera.id, 1)],
              customer: { name: `Cliente ${i}`, phone: `099 000 ${String(100 + i)}` },
              coupon: 'ultimo',
            }),
          ),
        ),
      )
      const codes = replies.map((r) => r.statusCode)
      expect(codes.filter((c) => c === 201)).toHaveLength(1)
      // Most losers passed the read before the first commit: the atomic claim refused them (409).
      expect(codes).toContain(409)
      for (const r of replies.filter((r) => r.statusCode !== 201)) {
        expect([400, 409]).toContain(r.statusCode)
        expect([M.couponUsedUp, M.couponTaken]).toContain(r.json().message)
      }
      const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon._id))
      expect(row?.uses).toBe(5)
      const saved = await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.businessId, shop.business._id), isNotNull(orders.couponId)))
      expect(saved).toHaveLength(1)
      expect(
        await t.db.select().from(orders).where(eq(orders.businessId, shop.business._id)),
      ).toHaveLength(1)
    })
  },
)

describe.runIf(testEngine === 'postgres')('one shopper, several orders at once', () => {
  for (const [name, over, message] of [
    ['one use per shopper', { code: 'UNAVEZ', oncePerShopper: true }, M.couponAlreadyUsed],
    ['first purchase only', { code: 'PRIMERA', firstPurchaseOnly: true }, M.couponFirstPurchase],
  ] as const) {
    it(`${name}: 10 orders by one phone at once, exactly one gets the coupon`, async () => {
      const shop = await newShop()
      const coupon = await createCoupon(shop.owner, over)
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          postOrder(
            t.app,
            shop.business._id,
            orderBody({
              items: [line(shop.remera.id, 1)],
              customer: { name: 'Ana', phone: '099 123 456' },
              coupon: over.code.toLowerCase(),
            }),
          ),
        ),
      )
      const codes = replies.map((r) => r.statusCode)
      expect(codes.filter((c) => c === 201)).toHaveLength(1)
      for (const r of replies.filter((r) => r.statusCode !== 201)) {
        expect(r.statusCode, r.body).toBe(400)
        expect(r.json()).toMatchObject({ message, errors: [{ path: 'coupon', message }] })
      }
      const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon._id))
      expect(row?.uses).toBe(1)
      expect(
        await t.db.select().from(orders).where(eq(orders.businessId, shop.business._id)),
      ).toHaveLength(1)
    })
  }
})

describe('insights per coupon (issue 45 §3)', () => {
  it('counts the period’s orders not cancelled and their revenue per coupon, in the shop’s days', async () => {
    const shop = await newShop()
    await createCoupon(shop.owner, { code: 'HOLA10', percent: 10 })
    await createCoupon(shop.owner, { code: 'ENVIO', kind: 'free_delivery', percent: null })
    const withCode = (coupon: string | undefined, phone: string) =>
      placeOrder(
        t.app,
        shop.business._id,
        orderBody({
          items: [line(shop.remera.id, 2)],
          customer: { name: 'Ana', phone },
          ...(coupon ? { coupon } : {}),
        }),
      )
    await withCode('hola10', '099 000 001')
    await withCode('HOLA10', '099 000 002')
    const cancelled = await withCode('hola10', '099 000 003')
    const old = await withCode('hola10', '099 000 004')
    await withCode('envio', '099 000 005')
    await withCode(undefined, '099 000 006')
    const [cancelledRow] = await t.db.select().from(orders).where(eq(orders.code, cancelled.code))
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${cancelledRow!.id}`,
      headers: bearer(shop.owner.accessToken),
      payload: { status: 'cancelado', reason: 'Sin stock' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    // An order of 40 days ago is outside the last 30 days.
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.code, old.code))

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${shop.business._id}/insights`,
      headers: bearer(shop.owner.accessToken),
    })
    expect(res.statusCode, res.body).toBe(200)
    // HOLA10: 2 × (1000 − 10 %) = 900 each; ENVIO: 1000, pickup (no fee to waive).
    expect(res.json().coupons).toEqual([
      { code: 'HOLA10', orders: 2, revenue: { UYU: 1800 } },
      { code: 'ENVIO', orders: 1, revenue: { UYU: 1000 } },
    ])
  })
})
