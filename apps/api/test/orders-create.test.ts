/**
 * Issue 24 §2: the shopper's order — saved before WhatsApp opens, every amount recomputed from
 * the products in cents, the owner's mail in the same transaction — and its public page.
 */
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  BUSINESS_MESSAGES,
  createdOrderSchema,
  LIMITS,
  OPERATOR_CONSOLE_MESSAGES,
  ORDER_CODE_PATTERN,
  ORDER_MESSAGES,
  publicOrderSchema,
} from '@vitrina/contracts'
import { mailOutbox, orderEvents, orders } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import {
  createOrderingShop,
  insertTestProduct,
  orderBody,
  placeOrder,
  postOrder,
  suspendBusiness,
} from './helpers/orders.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

async function ordersOf(businessId: string) {
  return t.db.select().from(orders).where(eq(orders.businessId, businessId))
}

describe('POST /api/businesses/:businessId/orders', () => {
  it('saves the order with server prices in cents, its history, the mail, and answers the links', async () => {
    const shop = await createOrderingShop(t.app)
    const { cheap, dollars } = shop.products
    const res = await postOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [
          // The shopper's prices are ignored.
          { productId: cheap.id, quantity: 3, price: 1 } as never,
          { productId: dollars.id, quantity: 2 },
        ],
        delivery: { method: 'delivery', address: 'Rambla 1234, apto 5' },
        paymentMethod: 'transferencia',
        notes: 'Tocar timbre',
      }),
    )
    expect(res.statusCode, res.body).toBe(201)
    const order = createdOrderSchema.parse(res.json())
    expect(order.code).toMatch(ORDER_CODE_PATTERN)
    expect(order.code).toHaveLength(6)
    expect(order.status).toBe('nuevo')
    expect(order.items).toEqual([
      expect.objectContaining({
        productId: cheap.id,
        name: 'Alfajor de maicena',
        code: 'ALF-1',
        quantity: 3,
        price: 10.15,
        discount: 50,
        unitPrice: 5.08,
        lineTotal: 15.24,
        currency: 'UYU',
      }),
      expect.objectContaining({ quantity: 2, unitPrice: 19.99, lineTotal: 39.98, currency: 'USD' }),
    ])
    expect(order.subtotals).toEqual({ UYU: 15.24, USD: 39.98 })
    // UYU items and a UYU fee: the fee is charged once, in pesos.
    expect(order.deliveryFee).toEqual({ UYU: 150 })
    expect(order.totals).toEqual({ UYU: 165.24, USD: 39.98 })
    expect(order.payment).toEqual({
      type: 'transferencia',
      instructions: 'BROU caja de ahorro 001234567-00001',
    })
    // Issue 44: a shop saved with a single fee delivers through its one zone covering everywhere.
    expect(order.delivery).toEqual({
      method: 'delivery',
      address: 'Rambla 1234, apto 5',
      detail: { kind: 'zone', zone: 'Todo el país' },
    })

    expect(order.publicUrl).toBe(
      `http://vitrina.test/${shop.business.identifier}/pedido/${order.code}?t=${order.token}`,
    )
    expect(order.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const wa = new URL(order.whatsappUrl)
    expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/59899123456')
    const text = wa.searchParams.get('text') ?? ''
    expect(text).toContain(order.code)
    expect(text).toContain('3 × Alfajor de maicena — $ 15,24')
    expect(text).toContain('2 × Auriculares — US$ 39,98')
    expect(text).toContain('Envío: $ 150,00')
    expect(text).toContain('Total: $ 165,24 y US$ 39,98')
    expect(text).toContain('Nombre: Juan Pérez')
    expect(text).toContain('Rambla 1234, apto 5')
    expect(text).toContain('Pago: Transferencia bancaria')
    expect(text).toContain('Notas: Tocar timbre')
    expect(text.match(/https?:\/\//g)).toHaveLength(1)
    expect(text).toContain(order.publicUrl)

    const [row] = await ordersOf(shop.business._id)
    expect(row?.tokenHash).toBe(createHash('sha256').update(order.token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(order.token)
    expect(row?.totals).toEqual({ UYU: 16524, USD: 3998 })
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, row!.id))
    expect(events).toEqual([expect.objectContaining({ status: 'nuevo', note: null })])

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-new'))
    const mail = mails.find((m) => m.subject === `Nuevo pedido ${order.code}`)
    expect(mail?.to).toBe(shop.owner.user.email)
    expect(mail?.text).toContain('3 × Alfajor de maicena — $ 15,24')
    expect(mail?.text).toContain('Total: $ 165,24 y US$ 39,98')
    expect(mail?.text).toContain('Cliente: Juan Pérez (099 123 456)')
    expect(mail?.text).toContain('http://vitrina.test/admin/pedidos')
    expect(mail?.text).not.toContain(order.token)
  })

  it('escapes what the shopper typed in the HTML mail', async () => {
    const shop = await createOrderingShop(t.app)
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.pricey.id, quantity: 1 }],
        customer: { name: '<b>Eva</b>', phone: '099 000 111' },
      }),
    )
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Nuevo pedido ${order.code}`))
    expect(mail?.html).toContain('&lt;b&gt;Eva&lt;/b&gt;')
    expect(mail?.html).not.toContain('<b>Eva</b>')
  })

  it('merges lines of the same product; the sum must stay within 99', async () => {
    const shop = await createOrderingShop(t.app)
    const id = shop.products.pricey.id
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [
          { productId: id, quantity: 2 },
          { productId: shop.products.cheap.id, quantity: 1 },
          { productId: id, quantity: 3 },
        ],
      }),
    )
    expect(order.items.map((i) => [i.productId, i.quantity])).toEqual([
      [id, 5],
      [shop.products.cheap.id, 1],
    ])
    const res = await postOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [
          { productId: id, quantity: 60 },
          { productId: id, quantity: 40 },
        ],
      }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([
      { path: 'items.0.quantity', message: ORDER_MESSAGES.quantityInvalid },
    ])
  })

  it.each([
    // [label, items, delivery, expected fee, expected totals]
    ['pickup: no fee', [['pricey', 1]], 'pickup', {}, { UYU: 1200 }],
    ['pesos under the threshold', [['pricey', 2]], 'delivery', { UYU: 150 }, { UYU: 2550 }],
    ['pesos reaching the threshold (3000)', [['pricey', 3]], 'delivery', {}, { UYU: 3600 }],
    ['dollars only: the fee in dollars', [['dollars', 1]], 'delivery', { USD: 5 }, { USD: 24.99 }],
    ['dollars reaching 100', [['dollars', 6]], 'delivery', {}, { USD: 119.94 }],
    [
      'both currencies, pesos under the threshold',
      [
        ['pricey', 1],
        ['dollars', 6],
      ],
      'delivery',
      { UYU: 150 },
      { UYU: 1350, USD: 119.94 },
    ],
  ] as const)('delivery fee: %s', async (_label, lines, method, fee, totals) => {
    const shop = await createOrderingShop(t.app)
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: lines.map(([key, quantity]) => ({ productId: shop.products[key].id, quantity })),
        delivery: method === 'delivery' ? { method, address: 'Calle 1' } : { method },
      }),
    )
    expect(order.deliveryFee).toEqual(fee)
    expect(order.totals).toEqual(totals)
  })

  it('a business with a fee only in dollars charges it on an order in pesos', async () => {
    const shop = await createOrderingShop(t.app, {
      deliveryOptions: { pickup: true, delivery: { enabled: true, fee: { USD: 3 } } },
    })
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.pricey.id, quantity: 1 }],
        delivery: { method: 'delivery', address: 'Calle 1' },
      }),
    )
    expect(order.deliveryFee).toEqual({ USD: 3 })
    expect(order.totals).toEqual({ UYU: 1200, USD: 3 })
  })

  it('honeypot filled: 400, nothing saved', async () => {
    const shop = await createOrderingShop(t.app)
    const res = await postOrder(t.app, shop.business._id, {
      ...orderBody({ items: [{ productId: shop.products.pricey.id, quantity: 1 }] }),
      website: 'http://spam.example',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(ORDER_MESSAGES.rejected)
    expect(await ordersOf(shop.business._id)).toEqual([])
  })

  it('404 for an unknown, malformed or suspended business', async () => {
    const shop = await createOrderingShop(t.app)
    const body = orderBody({ items: [{ productId: shop.products.pricey.id, quantity: 1 }] })
    for (const id of ['8b7f3c52-1d4e-4a8e-9a61-5f0c2b1d9e77', 'no-es-un-id']) {
      const res = await postOrder(t.app, id, body)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(BUSINESS_MESSAGES.notFound)
    }
    await suspendBusiness(t.app, shop.business._id)
    const res = await postOrder(t.app, shop.business._id, body)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(OPERATOR_CONSOLE_MESSAGES.businessUnavailable)
    expect(await ordersOf(shop.business._id)).toEqual([])
  })

  it('a hidden, foreign or unknown product: 400 naming the line, nothing saved', async () => {
    const shop = await createOrderingShop(t.app)
    const other = await createOrderingShop(t.app)
    const hidden = await insertTestProduct(t.app, shop.business._id, {
      name: 'Bufanda oculta',
      status: 'hidden',
    })
    const res = await postOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [
          { productId: shop.products.pricey.id, quantity: 1 },
          { productId: hidden.id, quantity: 1 },
          { productId: other.products.pricey.id, quantity: 1 },
          { productId: '8b7f3c52-1d4e-4a8e-9a61-5f0c2b1d9e77', quantity: 1 },
        ],
      }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      message: ORDER_MESSAGES.productUnavailable('Bufanda oculta'),
      errors: [
        { path: 'items.1.productId', message: ORDER_MESSAGES.productUnavailable('Bufanda oculta') },
        { path: 'items.2.productId', message: ORDER_MESSAGES.productUnavailable() },
        { path: 'items.3.productId', message: ORDER_MESSAGES.productUnavailable() },
      ],
    })
    expect(await ordersOf(shop.business._id)).toEqual([])
  })

  it('a delivery method the business does not offer, a payment method it does not accept', async () => {
    const shop = await createOrderingShop(t.app, {
      deliveryOptions: { pickup: true, delivery: { enabled: false, fee: {} } },
      paymentMethods: [{ type: 'efectivo' }],
    })
    const res = await postOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.pricey.id, quantity: 1 }],
        delivery: { method: 'delivery', address: 'Calle 1' },
        paymentMethod: 'mercadopago',
      }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([
      { path: 'delivery.method', message: ORDER_MESSAGES.deliveryMethodUnavailable },
      { path: 'paymentMethod', message: ORDER_MESSAGES.paymentMethodUnavailable },
    ])
    const pickupOff = await createOrderingShop(t.app, {
      deliveryOptions: { pickup: false, delivery: { enabled: true, fee: {} } },
    })
    const refused = await postOrder(
      t.app,
      pickupOff.business._id,
      orderBody({ items: [{ productId: pickupOff.products.pricey.id, quantity: 1 }] }),
    )
    expect(refused.json().errors).toEqual([
      { path: 'delivery.method', message: ORDER_MESSAGES.deliveryMethodUnavailable },
    ])
  })

  describe('Spanish messages of the order form', () => {
    const id = '8b7f3c52-1d4e-4a8e-9a61-5f0c2b1d9e77'
    const line = { productId: id, quantity: 1 }
    it.each([
      ['an empty cart', { items: [] }, 'items', ORDER_MESSAGES.cartEmpty],
      ['no items', { items: undefined }, 'items', ORDER_MESSAGES.cartEmpty],
      [
        '51 lines',
        { items: Array.from({ length: LIMITS.orderLinesMax + 1 }, () => line) },
        'items',
        ORDER_MESSAGES.linesMax,
      ],
      [
        'quantity 0',
        { items: [{ productId: id, quantity: 0 }] },
        'items.0.quantity',
        ORDER_MESSAGES.quantityInvalid,
      ],
      [
        'quantity 100',
        { items: [{ productId: id, quantity: 100 }] },
        'items.0.quantity',
        ORDER_MESSAGES.quantityInvalid,
      ],
      [
        'quantity 1.5',
        { items: [{ productId: id, quantity: 1.5 }] },
        'items.0.quantity',
        ORDER_MESSAGES.quantityInvalid,
      ],
      [
        'a bad product id',
        { items: [{ productId: 'x', quantity: 1 }] },
        'items.0.productId',
        ORDER_MESSAGES.productInvalid,
      ],
      [
        'no name',
        { customer: { name: ' ', phone: '099123456' } },
        'customer.name',
        ORDER_MESSAGES.customerNameRequired,
      ],
      [
        'no phone',
        { customer: { name: 'Ana', phone: '' } },
        'customer.phone',
        ORDER_MESSAGES.customerPhoneRequired,
      ],
      [
        'a bad phone',
        { customer: { name: 'Ana', phone: 'llamame' } },
        'customer.phone',
        ORDER_MESSAGES.customerPhoneInvalid,
      ],
      [
        'no delivery method',
        { delivery: { method: 'dron' } },
        'delivery.method',
        ORDER_MESSAGES.deliveryMethodRequired,
      ],
      [
        'delivery without address',
        { delivery: { method: 'delivery' } },
        'delivery.address',
        ORDER_MESSAGES.addressRequired,
      ],
      [
        'an unknown payment method',
        { paymentMethod: 'trueque' },
        'paymentMethod',
        ORDER_MESSAGES.paymentMethodRequired,
      ],
      [
        'notes too long',
        { notes: 'x'.repeat(LIMITS.orderNotesMax + 1) },
        'notes',
        ORDER_MESSAGES.notesMax,
      ],
    ] as const)('%s', async (_label, patch, path, message) => {
      const shop = await createOrderingShop(t.app)
      const body = { ...orderBody({ items: [line] }), ...patch }
      const res = await postOrder(t.app, shop.business._id, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().errors).toContainEqual({ path, message })
      expect(await ordersOf(shop.business._id)).toEqual([])
    })
  })
})

describe('GET /api/orders/:code?t=token (the shopper’s page)', () => {
  it('answers the public summary, never cached; 404 without the right token', async () => {
    const shop = await createOrderingShop(t.app)
    const created = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: shop.products.pricey.id, quantity: 2 }] }),
    )
    const url = `/api/orders/${created.code}?t=${created.token}`
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const order = publicOrderSchema.strict().parse(res.json())
    expect(order).toMatchObject({
      code: created.code,
      status: 'nuevo',
      business: { _id: shop.business._id, identifier: shop.business.identifier },
      totals: { UYU: 2400 },
      payment: { type: 'efectivo' },
    })
    expect(res.json()).not.toHaveProperty('history')
    expect(res.json()).not.toHaveProperty('token')
    // Lower-case code as typed in an address bar.
    const lower = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${created.code.toLowerCase()}?t=${created.token}`,
    })
    expect(lower.statusCode).toBe(200)

    const other = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: shop.products.pricey.id, quantity: 1 }] }),
    )
    for (const bad of [
      `/api/orders/${created.code}`,
      `/api/orders/${created.code}?t=`,
      `/api/orders/${created.code}?t=${created.token.slice(0, -1)}x`,
      // Another order's token does not open this one.
      `/api/orders/${created.code}?t=${other.token}`,
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: bad })
      expect(refused.statusCode, bad).toBe(404)
      expect(refused.json().message).toBe(ORDER_MESSAGES.notFound)
    }

    await suspendBusiness(t.app, shop.business._id)
    const suspended = await t.app.inject({ method: 'GET', url })
    expect(suspended.statusCode).toBe(404)
    expect(suspended.json().message).toBe(ORDER_MESSAGES.notFound)
  })
})
