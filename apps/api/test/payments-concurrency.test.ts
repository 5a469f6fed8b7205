/**
 * Issue 43 §6: the same approved notification sent 100 times at once, spread over two app
 * instances sharing one database (as two processes behind a balancer): exactly one state
 * change, one stock movement, one owner mail, one confirmation in the order's history. On
 * PostgreSQL the requests really race (api-postgres); on PGlite they are serialized.
 *
 * And the owner confirming an order at the instant its approval arrives (ADR 037): both take the
 * order's products and the order's row, in one order (the products first), so neither waits for
 * the other holding what it needs — before, the approval held the order's row (its payment moved)
 * and then asked for the products, which the owner's confirmation held while it asked for the
 * row: PostgreSQL found the deadlock and aborted one of them (a 500 to the owner, or the
 * notification's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { mailOutbox, orderEvents, orders, paymentEvents, products } from '../src/db/schema/index.js'
import type { Database } from '../src/db/client.js'
import { startTestApps } from './helpers/app.js'
import { bearer } from './helpers/auth.js'
import { createOrderingShop, orderBody, placeOrder, type OrderingShop } from './helpers/orders.js'
import {
  startMercadoPagoSimulator,
  type MercadoPagoSimulator,
} from './helpers/mercadopago-simulator.js'

describe('the same approved notification, 100 times at once, to two instances', () => {
  let mp: MercadoPagoSimulator
  let apps: FastifyInstance[]
  let db: Database
  let stop: () => Promise<void>
  let shop: OrderingShop

  beforeAll(async () => {
    mp = await startMercadoPagoSimulator({ webhookSecret: 'secreto-concurrencia' })
    const started = await startTestApps(2, {
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_WEBHOOK_SECRET: 'secreto-concurrencia',
      RATE_LIMIT: 'false',
    })
    apps = started.apps
    db = started.db
    stop = started.stop
    shop = await createOrderingShop(apps[0]!)
    const account = mp.addAccount()
    const res = await apps[0]!.inject({
      method: 'PUT',
      url: '/api/payments/mercadopago',
      headers: bearer(shop.owner.accessToken),
      payload: { accessToken: account.accessToken, publicKey: account.publicKey },
    })
    expect(res.statusCode).toBe(200)
  })
  afterAll(async () => {
    await stop?.()
    await mp?.close()
  })

  it('changes the order once', async () => {
    const productId = shop.products.pricey.id
    await db.update(products).set({ trackStock: true, stock: 50 }).where(eq(products.id, productId))
    const created = await placeOrder(
      apps[1]!,
      shop.business._id,
      orderBody({ items: [{ productId, quantity: 4 }], paymentMethod: 'mercadopago' }),
    )
    const start = await apps[0]!.inject({
      method: 'POST',
      url: `/api/orders/${created.code}/pago?t=${created.token}`,
    })
    const prefId = new URL(start.json().url).searchParams.get('pref_id')!
    const payment = mp.createPayment(prefId, 'approved')
    const signed = mp.signedNotification(String(payment.id))

    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: `/api/payments/mercadopago/notifications/${shop.business._id}?${signed.query}`,
          headers: signed.headers,
          payload: signed.body,
        }),
      ),
    )
    expect(replies.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([])
    const results = replies.map((r) => (r.json() as { result: string }).result)
    expect(results.filter((r) => r === 'changed')).toHaveLength(1)
    expect(results.filter((r) => r === 'unchanged')).toHaveLength(99)

    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.businessId, shop.business._id), eq(orders.code, created.code)))
    expect(order).toMatchObject({ paymentStatus: 'aprobado', status: 'confirmado' })
    expect(order!.stockTaken).toEqual([{ productId, variantId: null, quantity: 4 }])
    const [product] = await db.select().from(products).where(eq(products.id, productId))
    expect(product!.stock).toBe(46)
    const confirmations = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.status, 'confirmado')))
    expect(confirmations).toHaveLength(1)
    const approvals = await db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, order!.id), eq(paymentEvents.status, 'aprobado')))
    expect(approvals).toHaveLength(1)
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-paid'))
    expect(mails).toHaveLength(1)
    // Mercado Pago was asked about the payment each time (the body is never trusted).
    expect(mp.requests.filter((r) => r.path === `/v1/payments/${payment.id}`)).toHaveLength(100)
  })

  it('confirms once when the owner confirms as the approval arrives, without a deadlock', async () => {
    const productId = shop.products.pricey.id
    const otherId = shop.products.cheap.id
    const ROUNDS = 40
    await db
      .update(products)
      .set({ trackStock: true, stock: 1000 })
      .where(inArray(products.id, [productId, otherId]))
    const failures: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const created = await placeOrder(
        apps[round % 2]!,
        shop.business._id,
        orderBody({
          items: [
            { productId, quantity: 2 },
            { productId: otherId, quantity: 1 },
          ],
          paymentMethod: 'mercadopago',
        }),
      )
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.businessId, shop.business._id), eq(orders.code, created.code)))
      const start = await apps[0]!.inject({
        method: 'POST',
        url: `/api/orders/${created.code}/pago?t=${created.token}`,
      })
      const prefId = new URL(start.json().url).searchParams.get('pref_id')!
      const payment = mp.createPayment(prefId, 'approved')
      const signed = mp.signedNotification(String(payment.id))
      // The notification reads the payment from the simulator first: the owner's confirmation
      // starts a little later, by a delay swept over the rounds, to land in every instant of the
      // approval's transaction.
      const [notified, confirmed] = await Promise.all([
        apps[1]!.inject({
          method: 'POST',
          url: `/api/payments/mercadopago/notifications/${shop.business._id}?${signed.query}`,
          headers: signed.headers,
          payload: signed.body,
        }),
        new Promise((resolve) => setTimeout(resolve, round % 8)).then(() =>
          apps[0]!.inject({
            method: 'PATCH',
            url: `/api/orders/${order!.id}`,
            headers: bearer(shop.owner.accessToken),
            payload: { status: 'confirmado' },
          }),
        ),
      ])
      if (notified.statusCode !== 200 || notified.json().result !== 'changed') {
        failures.push(`round ${round}: notification ${notified.statusCode} ${notified.body}`)
      }
      // The owner's confirmation either made it (200) or found the order confirmed (409).
      if (confirmed.statusCode !== 200 && confirmed.statusCode !== 409) {
        failures.push(`round ${round}: confirmation ${confirmed.statusCode} ${confirmed.body}`)
      }
      const [after] = await db.select().from(orders).where(eq(orders.id, order!.id))
      const confirmations = await db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.status, 'confirmado')))
      const state = `${after!.status}/${after!.paymentStatus}/${after!.stockTaken?.length ?? 0}/${confirmations.length}`
      if (state !== 'confirmado/aprobado/2/1') failures.push(`round ${round}: ${state}`)
    }
    expect(failures).toEqual([])
    // Each order's stock was taken exactly once.
    const stock = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [productId, otherId]))
    expect(Object.fromEntries(stock.map((p) => [p.id, p.stock]))).toEqual({
      [productId]: 1000 - 2 * ROUNDS,
      [otherId]: 1000 - ROUNDS,
    })
  })
})
