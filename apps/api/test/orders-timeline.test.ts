/**
 * Issue 44 §2: the shopper's order page reply carries the dates of its timeline — when the order
 * first reached each status, and «pagado» when Mercado Pago approved its payment — and nothing
 * private: no ids, no owner's notes, nothing of another order. Both engines (PGlite here,
 * PostgreSQL in api-postgres).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedOrder, PublicOrder } from '@vitrina/contracts'
import { orders, paymentEvents } from '../src/db/schema/index.js'
import { startTestApp } from './helpers/app.js'
import { bearer } from './helpers/auth.js'
import { createOrderingShop, orderBody, placeOrder, type OrderingShop } from './helpers/orders.js'

describe("the shopper's timeline dates", () => {
  let t: Awaited<ReturnType<typeof startTestApp>>
  let shop: OrderingShop

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT: 'false' })
    shop = await createOrderingShop(t.app)
  })
  afterAll(async () => {
    await t?.stop()
  })

  async function newOrder() {
    const created = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.pricey.id, quantity: 1 }],
        delivery: { method: 'delivery', address: 'Agencia DAC, Salto' },
      }),
    )
    const [row] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.businessId, shop.business._id), eq(orders.code, created.code)))
    return { created, id: row!.id }
  }
  const change = (id: string, body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}`,
      headers: bearer(shop.owner.accessToken),
      payload: body,
    })
  async function page(created: CreatedOrder): Promise<PublicOrder> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${created.code}?t=${created.token}`,
    })
    expect(res.statusCode).toBe(200)
    return res.json()
  }

  it('a new order has its «recibido» date', async () => {
    const { created } = await newOrder()
    const order = await page(created)
    expect(order.steps).toEqual([{ step: 'nuevo', at: expect.any(String) }])
    expect(Date.parse(order.steps![0]!.at)).toBeGreaterThanOrEqual(
      Date.parse(order.createdAt) - 1000,
    )
  })

  it('each status reached, in order, first time only; no note, reason or id leaks', async () => {
    const { created, id } = await newOrder()
    expect((await change(id, { status: 'confirmado' })).statusCode).toBe(200)
    expect((await change(id, { note: 'Cliente pidió envolver para regalo' })).statusCode).toBe(200)
    expect(
      (await change(id, { status: 'enviado', tracking: { carrier: 'DAC', code: 'AB123' } }))
        .statusCode,
    ).toBe(200)
    const order = await page(created)
    expect(order.steps!.map((s) => s.step)).toEqual(['nuevo', 'confirmado', 'enviado'])
    const times = order.steps!.map((s) => Date.parse(s.at))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    for (const step of order.steps!) expect(Object.keys(step).sort()).toEqual(['at', 'step'])
    const body = JSON.stringify(order)
    expect(body).not.toContain('regalo')
    expect(body).not.toContain(id)
    expect(order).not.toHaveProperty('history')
  })

  it('a cancelled order carries the steps it reached and its cancellation', async () => {
    const { created, id } = await newOrder()
    await change(id, { status: 'confirmado' })
    await change(id, { status: 'cancelado', reason: 'Sin stock' })
    const order = await page(created)
    expect(order.steps!.map((s) => s.step)).toEqual(['nuevo', 'confirmado', 'cancelado'])
    expect(order.cancelReason).toBe('Sin stock')
  })

  it('«pagado» when Mercado Pago approved the payment (not when only pending)', async () => {
    const { created, id } = await newOrder()
    // The payment's moves as the Mercado Pago module records them (payments tests drive the
    // simulator): pending first, approved later.
    await t.db.insert(paymentEvents).values([
      {
        orderId: id,
        status: 'pendiente',
        source: 'webhook',
        createdAt: new Date(Date.now() + 1000),
      },
    ])
    expect((await page(created)).steps!.map((s) => s.step)).toEqual(['nuevo'])
    const approvedAt = new Date(Date.now() + 60_000)
    await t.db.insert(paymentEvents).values([
      {
        orderId: id,
        paymentId: '901',
        status: 'aprobado',
        source: 'webhook',
        createdAt: approvedAt,
      },
      {
        orderId: id,
        paymentId: '902',
        status: 'aprobado',
        source: 'conciliacion',
        createdAt: new Date(approvedAt.getTime() + 5000),
      },
    ])
    const order = await page(created)
    expect(order.steps).toEqual([
      { step: 'nuevo', at: expect.any(String) },
      { step: 'pagado', at: approvedAt.toISOString() },
    ])
  })

  it("another shop's order page says nothing of this order's steps", async () => {
    const { created } = await newOrder()
    const other = await createOrderingShop(t.app)
    const theirs = await placeOrder(
      t.app,
      other.business._id,
      orderBody({ items: [{ productId: other.products.pricey.id, quantity: 1 }] }),
    )
    // This order's token does not open the other one, and each page has its own dates only.
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${theirs.code}?t=${created.token}`,
    })
    expect(wrong.statusCode).toBe(404)
    const order = await page(theirs)
    expect(order.steps!.map((s) => s.step)).toEqual(['nuevo'])
    expect(order.business._id).toBe(other.business._id)
  })
})
