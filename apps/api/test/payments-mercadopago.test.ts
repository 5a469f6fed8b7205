/**
 * Issue 43 (ADR 037): Mercado Pago, against the simulator in helpers/mercadopago-simulator.ts.
 * A shop connects (pasted credentials or OAuth), its credentials encrypted and never answered;
 * a shopper's saved order becomes a preference; signed notifications are verified, read back
 * from Mercado Pago and applied idempotently and in order; the job reconciles lost ones; the
 * owner refunds. Both engines (PGlite here, PostgreSQL in api-postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  type CreatedOrder,
  type PublicOrder,
} from '@vitrina/contracts'
import {
  mailOutbox,
  orderEvents,
  orders,
  paymentAccounts,
  paymentEvents,
  products,
} from '../src/db/schema/index.js'
import type { Database } from '../src/db/client.js'
import { checkDuePayments } from '../src/modules/payments/index.js'
import { startTestApp } from './helpers/app.js'
import { bearer } from './helpers/auth.js'
import {
  createOrderingShop,
  orderBody,
  placeOrder,
  postOrder,
  type OrderingShop,
} from './helpers/orders.js'
import {
  mercadoPagoSignature,
  startMercadoPagoSimulator,
  type MercadoPagoSimulator,
  type SimAccount,
} from './helpers/mercadopago-simulator.js'

const PLATFORM_SECRET = 'secreto-de-la-plataforma-123'

describe('Mercado Pago', () => {
  let mp: MercadoPagoSimulator
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let shop: OrderingShop
  let other: OrderingShop
  let account: SimAccount

  beforeAll(async () => {
    mp = await startMercadoPagoSimulator({ webhookSecret: PLATFORM_SECRET })
    mp.clients.set('1234567890', 'cliente-secreto')
    const started = await startTestApp({
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_AUTH_URL: `${mp.url}/authorization`,
      MERCADOPAGO_CLIENT_ID: '1234567890',
      MERCADOPAGO_CLIENT_SECRET: 'cliente-secreto',
      MERCADOPAGO_WEBHOOK_SECRET: PLATFORM_SECRET,
      MERCADOPAGO_TIMEOUT_MS: '500',
      RATE_LIMIT: 'false',
    })
    app = started.app
    db = started.db
    stop = started.stop
    shop = await createOrderingShop(app)
    other = await createOrderingShop(app)
    account = mp.addAccount({ firstName: 'Tienda', lastName: 'de Marta' })
  })
  afterAll(async () => {
    await stop?.()
    await mp?.close()
  })

  const owner = () => bearer(shop.owner.accessToken)
  const connect = (who: OrderingShop, body: object) =>
    app.inject({
      method: 'PUT',
      url: '/api/payments/mercadopago',
      headers: bearer(who.owner.accessToken),
      payload: body,
    })

  /** A signed notification of `paymentId` injected into the shop's webhook route. */
  const notify = (
    paymentId: number | string,
    options: Parameters<MercadoPagoSimulator['signedNotification']>[1] = {},
    businessId = shop.business._id,
  ) => {
    const signed = mp.signedNotification(String(paymentId), options)
    return app.inject({
      method: 'POST',
      url: `/api/payments/mercadopago/notifications/${businessId}?${signed.query}`,
      headers: signed.headers,
      payload: signed.body,
    })
  }

  const orderRow = async (code: string, businessId = shop.business._id) => {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.businessId, businessId), eq(orders.code, code)))
    return row!
  }

  const publicOrder = async (created: CreatedOrder, query = '') => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/orders/${created.code}?t=${created.token}${query}`,
    })
    return res.json() as PublicOrder
  }

  async function payableOrder(quantity = 2): Promise<CreatedOrder> {
    return placeOrder(
      app,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.pricey.id, quantity }],
        paymentMethod: 'mercadopago',
      }),
    )
  }

  const startPayment = (created: CreatedOrder) =>
    app.inject({ method: 'POST', url: `/api/orders/${created.code}/pago?t=${created.token}` })

  /** The preference the last payment start made, and a payment of it at Mercado Pago. */
  async function paid(
    created: CreatedOrder,
    status: 'approved' | 'rejected' | 'pending' = 'approved',
    amount?: number,
  ) {
    const res = await startPayment(created)
    expect(res.statusCode).toBe(200)
    const prefId = new URL(res.json().url).searchParams.get('pref_id')!
    return mp.createPayment(prefId, status, amount)
  }

  describe('connecting', () => {
    it('refuses malformed credentials in Spanish and keeps nothing', async () => {
      const res = await connect(shop, { accessToken: 'hola', publicKey: '' })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(
        new RegExp(
          `${PAYMENT_MESSAGES.accessTokenInvalid}|${PAYMENT_MESSAGES.publicKeyRequired}`.replace(
            /[()]/g,
            '\\$&',
          ),
        ),
      )
      expect(await db.select().from(paymentAccounts)).toHaveLength(0)
    })

    it('refuses credentials Mercado Pago does not accept', async () => {
      const res = await connect(shop, {
        accessToken: 'APP_USR-0000000000000000-desconocido',
        publicKey: 'APP_USR-abcdefabcdef',
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(PAYMENT_MESSAGES.credentialsRejected)
      expect(await db.select().from(paymentAccounts)).toHaveLength(0)
    })

    it('says so when Mercado Pago does not answer (5xx or time-out)', async () => {
      mp.failNext(1, { kind: 'status', status: 502 }, /users\/me/)
      const body = { accessToken: account.accessToken, publicKey: account.publicKey }
      const down = await connect(shop, body)
      expect(down.statusCode).toBe(503)
      expect(down.json().message).toBe(PAYMENT_MESSAGES.unreachable)
      mp.failNext(1, { kind: 'timeout', ms: 1500 }, /users\/me/)
      const slow = await connect(shop, body)
      expect(slow.statusCode).toBe(503)
      expect(slow.json().message).toBe(PAYMENT_MESSAGES.unreachable)
    })

    it('connects with pasted credentials, encrypted, and never answers them', async () => {
      const res = await connect(shop, {
        accessToken: account.accessToken,
        publicKey: account.publicKey,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        connected: true,
        method: 'token',
        accountName: 'Tienda de Marta',
        unsupportedCurrencies: [],
      })
      expect(res.body).not.toContain(account.accessToken)
      expect(res.body).not.toContain(account.publicKey)
      const [row] = await db.select().from(paymentAccounts)
      expect(row!.credentials).not.toContain(account.accessToken)
      expect(row!.credentials).toMatch(/^v1\./)
      const read = await app.inject({
        method: 'GET',
        url: '/api/payments/mercadopago',
        headers: owner(),
      })
      expect(read.json().connected).toBe(true)
      expect(read.body).not.toContain(account.accessToken)
    })

    it('the checkout asks whether the shop takes Mercado Pago (public, nothing more)', async () => {
      const ask = async (id: string) =>
        (await app.inject({ method: 'GET', url: `/api/payments/mercadopago/shops/${id}` })).json()
      expect(await ask(shop.business._id)).toEqual({ available: true })
      expect(await ask(other.business._id)).toEqual({ available: false })
      expect(await ask('no-es-un-id')).toEqual({ available: false })
    })

    it('"Probar conexión" names the account; another shop is not connected by it', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/mercadopago/test',
        headers: owner(),
      })
      expect(res.json()).toEqual({ ok: true, accountName: 'Tienda de Marta' })
      const theirs = await app.inject({
        method: 'GET',
        url: '/api/payments/mercadopago',
        headers: bearer(other.owner.accessToken),
      })
      expect(theirs.json().connected).toBe(false)
      const test = await app.inject({
        method: 'POST',
        url: '/api/payments/mercadopago/test',
        headers: bearer(other.owner.accessToken),
      })
      expect(test.statusCode).toBe(404)
      expect(test.json().message).toBe(PAYMENT_MESSAGES.notConnected)
    })
  })

  describe('the shopper pays', () => {
    it('a shop without Mercado Pago connected takes no online payment (as before)', async () => {
      const res = await postOrder(
        app,
        other.business._id,
        orderBody({
          items: [{ productId: other.products.pricey.id, quantity: 1 }],
          paymentMethod: 'mercadopago',
        }),
      )
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(ORDER_MESSAGES.paymentMethodUnavailable)
    })

    it('the order is saved as always, pending; the preference is made from the saved order', async () => {
      const created = await payableOrder(2)
      expect(created.onlinePayment).toMatchObject({
        status: 'pendiente',
        label: 'Pago pendiente',
        mayPay: true,
      })
      const res = await startPayment(created)
      expect(res.statusCode).toBe(200)
      const url = new URL(res.json().url)
      expect(url.origin).toBe(mp.url)
      const pref = mp.preferences.get(url.searchParams.get('pref_id')!)!
      const row = await orderRow(created.code)
      expect(pref.external_reference).toBe(row.id)
      expect(pref.items).toEqual([
        {
          id: shop.products.pricey.id,
          title: 'Campera de abrigo',
          quantity: 2,
          unit_price: 1200,
          currency_id: 'UYU',
        },
      ])
      expect(pref.notification_url).toBe(
        `http://vitrina.test/api/payments/mercadopago/notifications/${shop.business._id}`,
      )
      expect(pref.back_urls?.success).toBe(created.publicUrl)
      // The return URL's query marks nothing paid.
      const page = await publicOrder(
        created,
        '&collection_status=approved&status=approved&payment_id=1',
      )
      expect(page.onlinePayment?.status).toBe('pendiente')
      const events = await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.id))
      expect(events.map((e) => [e.status, e.source])).toEqual([['pendiente', 'checkout']])
    })

    it('a delivery fee is a line of its own; a wrong token is a 404', async () => {
      const created = await placeOrder(
        app,
        shop.business._id,
        orderBody({
          items: [{ productId: shop.products.pricey.id, quantity: 1 }],
          delivery: { method: 'delivery', address: 'Av. Italia 1234' },
          paymentMethod: 'mercadopago',
        }),
      )
      const res = await startPayment(created)
      const pref = mp.preferences.get(new URL(res.json().url).searchParams.get('pref_id')!)!
      const total = pref.items.reduce((s, i) => s + i.unit_price * i.quantity, 0)
      expect(total).toBe(created.totals.UYU)
      const wrong = await app.inject({
        method: 'POST',
        url: `/api/orders/${created.code}/pago?t=nada`,
      })
      expect(wrong.statusCode).toBe(404)
    })

    it('an order in pesos and dollars cannot be paid online (Spanish 409)', async () => {
      const created = await placeOrder(
        app,
        shop.business._id,
        orderBody({
          items: [
            { productId: shop.products.pricey.id, quantity: 1 },
            { productId: shop.products.dollars.id, quantity: 1 },
          ],
          paymentMethod: 'mercadopago',
        }),
      )
      const res = await startPayment(created)
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(PAYMENT_MESSAGES.mixedCurrencies)
    })
  })

  describe('notifications', () => {
    it('a forged or stale signature is refused and changes nothing', async () => {
      const created = await payableOrder()
      const payment = await paid(created)
      const forged = await notify(payment.id, { secret: 'otro-secreto' })
      expect(forged.statusCode).toBe(401)
      expect(forged.json().message).toBe(PAYMENT_MESSAGES.signatureInvalid)
      const stale = await notify(payment.id, { tsOffsetS: -3600 })
      expect(stale.statusCode).toBe(401)
      const unsigned = await app.inject({
        method: 'POST',
        url: `/api/payments/mercadopago/notifications/${shop.business._id}?data.id=${payment.id}&type=payment`,
        payload: { type: 'payment', data: { id: String(payment.id) } },
      })
      expect(unsigned.statusCode).toBe(401)
      expect((await orderRow(created.code)).paymentStatus).toBe('pendiente')
    })

    it('the body is never trusted: the signed query id is the payment read', async () => {
      const created = await payableOrder()
      const payment = await paid(created, 'rejected')
      const res = await notify(payment.id, { bodyId: '999999' })
      expect(res.statusCode).toBe(200)
      expect((await orderRow(created.code)).paymentStatus).toBe('rechazado')
    })

    it('approved: confirmed with its stock, one owner mail, duplicates and late pendings change nothing', async () => {
      await db
        .update(products)
        .set({ trackStock: true, stock: 10 })
        .where(eq(products.id, shop.products.pricey.id))
      const created = await payableOrder(3)
      const payment = await paid(created)
      const first = await notify(payment.id)
      expect(first.json()).toEqual({ result: 'changed' })
      for (let i = 0; i < 3; i++)
        expect((await notify(payment.id)).json()).toEqual({ result: 'unchanged' })
      const row = await orderRow(created.code)
      expect(row).toMatchObject({
        paymentStatus: 'aprobado',
        paymentId: String(payment.id),
        status: 'confirmado',
      })
      const [product] = await db
        .select()
        .from(products)
        .where(eq(products.id, shop.products.pricey.id))
      expect(product!.stock).toBe(7)
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-paid'))
      const mine = mails.filter((m) => m.subject.includes(created.code))
      expect(mine).toHaveLength(1)
      expect(mine[0]!.to).toBe(shop.owner.user.email)
      const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id))
      expect(history.filter((e) => e.status === 'confirmado')).toHaveLength(1)
      // A late "pending" of the same payment (out of order) never undoes "approved".
      mp.setStatus(payment.id, 'pending')
      expect((await notify(payment.id)).json()).toEqual({ result: 'unchanged' })
      mp.setStatus(payment.id, 'approved')
      const page = await publicOrder(created)
      expect(page.onlinePayment).toMatchObject({
        status: 'aprobado',
        label: 'Pago aprobado',
        mayPay: false,
      })
      expect(page.status).toBe('confirmado')
      // The owner's list: the payment's state and Mercado Pago's id.
      const list = await app.inject({
        method: 'GET',
        url: `/api/orders?search=${created.code}`,
        headers: owner(),
      })
      expect(list.json().items[0].onlinePayment).toMatchObject({
        status: 'aprobado',
        paymentId: String(payment.id),
      })
      // Paid: no second payment.
      expect((await startPayment(created)).json().message).toBe(PAYMENT_MESSAGES.alreadyPaid)
      await db
        .update(products)
        .set({ trackStock: false, stock: null })
        .where(eq(products.id, shop.products.pricey.id))
    })

    it('a wrong amount or currency is recorded and flagged, never paid', async () => {
      const created = await payableOrder(1)
      const payment = await paid(created, 'approved', 1)
      expect((await notify(payment.id)).json()).toEqual({ result: 'flagged' })
      expect((await notify(payment.id)).json()).toEqual({ result: 'unchanged' })
      const row = await orderRow(created.code)
      expect(row).toMatchObject({
        paymentStatus: 'pendiente',
        paymentFlag: 'importe',
        status: 'nuevo',
      })
      const events = await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.id))
      expect(events.filter((e) => e.flag === 'importe')).toHaveLength(1)
      const mails = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'order-payment-flagged'))
      expect(mails.filter((m) => m.subject.includes(created.code))).toHaveLength(1)
      const page = await publicOrder(created)
      expect(page.onlinePayment?.status).toBe('pendiente')
    })

    it('rejected, then a retry approved', async () => {
      const created = await payableOrder(1)
      const rejected = await paid(created, 'rejected')
      await notify(rejected.id)
      expect((await publicOrder(created)).onlinePayment).toMatchObject({
        status: 'rechazado',
        mayPay: true,
      })
      const approved = await paid(created, 'approved')
      await notify(approved.id)
      // The old rejection arriving late changes nothing.
      expect((await notify(rejected.id)).json()).toEqual({ result: 'unchanged' })
      expect((await orderRow(created.code)).paymentStatus).toBe('aprobado')
    })

    it('Mercado Pago failing to answer is a 503 (it notifies again), never a 500', async () => {
      const created = await payableOrder(1)
      const payment = await paid(created)
      mp.failNext(1, { kind: 'status', status: 500 }, /\/v1\/payments\//)
      const down = await notify(payment.id)
      expect(down.statusCode).toBe(503)
      expect(down.json().message).toBe(PAYMENT_MESSAGES.unreachable)
      mp.failNext(1, { kind: 'timeout', ms: 1500 }, /\/v1\/payments\//)
      expect((await notify(payment.id)).statusCode).toBe(503)
      expect((await orderRow(created.code)).paymentStatus).toBe('pendiente')
      expect((await notify(payment.id)).json()).toEqual({ result: 'changed' })
    })

    it("one shop's notification cannot touch another shop's order", async () => {
      const otherAccount = mp.addAccount()
      await connect(other, {
        accessToken: otherAccount.accessToken,
        publicKey: otherAccount.publicKey,
      })
      const created = await payableOrder(1)
      const payment = await paid(created)
      // Signed, sent to the other shop's URL: its token cannot read this shop's payment.
      const res = await notify(payment.id, {}, other.business._id)
      expect(res.json()).toEqual({ result: 'unknown' })
      expect((await orderRow(created.code)).paymentStatus).toBe('pendiente')
      const read = await app.inject({
        method: 'GET',
        url: `/api/orders/${(await orderRow(created.code)).id}/pago`,
        headers: bearer(other.owner.accessToken),
      })
      expect(read.statusCode).toBe(404)
    })
  })

  describe('reconciliation', () => {
    it('a lost notification: the job asks Mercado Pago and applies it, with backoff after', async () => {
      const created = await payableOrder(1)
      const payment = await paid(created)
      const row = await orderRow(created.code)
      expect(row.paymentCheckAt).not.toBeNull()
      // Not due yet: nothing asked.
      await checkDuePayments(app.payments)
      expect((await orderRow(created.code)).paymentStatus).toBe('pendiente')
      await db
        .update(orders)
        .set({ paymentCheckAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, row.id))
      await checkDuePayments(app.payments)
      const after = await orderRow(created.code)
      expect(after).toMatchObject({
        paymentStatus: 'aprobado',
        paymentId: String(payment.id),
        paymentCheckAt: null,
      })
      const events = await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.id))
      expect(events.map((e) => e.source)).toContain('conciliacion')
    })

    it('still pending: asked again later, each time later', async () => {
      const created = await payableOrder(1)
      const row = await orderRow(created.code)
      await db
        .update(orders)
        .set({ paymentCheckAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, row.id))
      mp.failNext(1, { kind: 'status', status: 503 }, /payments\/search/)
      await checkDuePayments(app.payments)
      const first = (await orderRow(created.code)).paymentCheckAt!.getTime()
      expect(first).toBeGreaterThan(Date.now() + 60_000)
      await db
        .update(orders)
        .set({ paymentCheckAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, row.id))
      await checkDuePayments(app.payments)
      const second = (await orderRow(created.code)).paymentCheckAt!.getTime()
      expect(second - Date.now()).toBeGreaterThan(first - Date.now() + 60_000)
    })
  })

  describe('refunds', () => {
    it('partial, then full; final after that', async () => {
      const created = await payableOrder(1)
      const payment = await paid(created)
      await notify(payment.id)
      const id = (await orderRow(created.code)).id
      const refund = (payload: object, who = owner()) =>
        app.inject({ method: 'POST', url: `/api/orders/${id}/reembolsos`, headers: who, payload })
      const tooMuch = await refund({ amount: 5000 })
      expect(tooMuch.statusCode).toBe(400)
      expect(tooMuch.json().message).toBe(PAYMENT_MESSAGES.refundTooLarge('$ 1.200,00'))
      const bad = await refund({ amount: -3 })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe(PAYMENT_MESSAGES.refundAmountInvalid)
      const theirs = await refund({ amount: 1 }, bearer(other.owner.accessToken))
      expect(theirs.statusCode).toBe(404)
      const part = await refund({ amount: 200 })
      expect(part.statusCode).toBe(200)
      expect(part.json().payment).toMatchObject({ status: 'reembolsado_parcial', refunded: 200 })
      const rest = await refund({})
      expect(rest.json().payment).toMatchObject({ status: 'reembolsado', refunded: 1200 })
      // Final: an "approved" read later changes nothing.
      mp.setStatus(payment.id, 'approved')
      expect((await notify(payment.id)).json()).toEqual({ result: 'unchanged' })
      const again = await refund({})
      expect(again.statusCode).toBe(409)
      expect(again.json().message).toBe(PAYMENT_MESSAGES.notRefundable)
      const history = await app.inject({
        method: 'GET',
        url: `/api/orders/${id}/pago`,
        headers: owner(),
      })
      expect(
        history
          .json()
          .events.map((e: { status: string; source: string }) => `${e.status}:${e.source}`),
      ).toEqual([
        'pendiente:checkout',
        'aprobado:webhook',
        'reembolsado_parcial:duenio',
        'reembolsado:duenio',
      ])
    })
  })

  describe('a currency the account cannot charge (issue 43 §2)', () => {
    it('is told in the settings, and the checkout does not offer Mercado Pago', async () => {
      const third = await createOrderingShop(app)
      const argentine = mp.addAccount({ firstName: 'Cuenta', lastName: 'Argentina', siteId: 'MLA' })
      const res = await connect(third, {
        accessToken: argentine.accessToken,
        publicKey: argentine.publicKey,
      })
      expect(res.statusCode).toBe(200)
      const settings = await app.inject({
        method: 'GET',
        url: '/api/payments/mercadopago',
        headers: bearer(third.owner.accessToken),
      })
      expect(settings.json()).toMatchObject({
        connected: true,
        unsupportedCurrencies: ['USD', 'UYU'],
      })
      const offered = await app.inject({
        method: 'GET',
        url: `/api/payments/mercadopago/shops/${third.business._id}`,
      })
      expect(offered.json()).toEqual({ available: false })
      const order = await postOrder(
        app,
        third.business._id,
        orderBody({
          items: [{ productId: third.products.pricey.id, quantity: 1 }],
          paymentMethod: 'mercadopago',
        }),
      )
      expect(order.statusCode).toBe(400)
      // The shop's own Uruguayan account charges pesos: offered.
      const ok = await app.inject({
        method: 'GET',
        url: `/api/payments/mercadopago/shops/${shop.business._id}`,
      })
      expect(ok.json()).toEqual({ available: true })
    })
  })

  describe('cancelling a paid order (issue 43 §4)', () => {
    it('cancelled, then refunded in full at Mercado Pago in the same step', async () => {
      const created = await payableOrder(1)
      const payment = await paid(created)
      await notify(payment.id)
      const id = (await orderRow(created.code)).id
      const cancel = await app.inject({
        method: 'PATCH',
        url: `/api/orders/${id}`,
        headers: owner(),
        payload: { status: 'cancelado', reason: 'Sin stock' },
      })
      expect(cancel.statusCode).toBe(200)
      const refund = await app.inject({
        method: 'POST',
        url: `/api/orders/${id}/reembolsos`,
        headers: owner(),
        payload: {},
      })
      expect(refund.statusCode).toBe(200)
      expect(refund.json().payment).toMatchObject({ status: 'reembolsado', refunded: 1200 })
      const row = await orderRow(created.code)
      expect(row).toMatchObject({
        status: 'cancelado',
        paymentStatus: 'reembolsado',
        paymentRefunded: 120000,
      })
      expect(mp.payments.get(payment.id)?.status).toBe('refunded')
    })
  })

  describe("the owner's list and CSV (issue 43 §4)", () => {
    it('filters by payment state and exports the payment columns', async () => {
      const created = await payableOrder(1)
      const payment = await paid(created)
      await notify(payment.id)
      const id = (await orderRow(created.code)).id
      const part = await app.inject({
        method: 'POST',
        url: `/api/orders/${id}/reembolsos`,
        headers: owner(),
        payload: { amount: 200 },
      })
      expect(part.statusCode).toBe(200)
      const pendingOrder = await payableOrder(1)
      const list = (query: string) =>
        app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: owner() })
      const partial = await list('payment=reembolsado_parcial')
      expect(partial.statusCode).toBe(200)
      const codes = partial.json().items.map((o: { code: string }) => o.code)
      expect(codes).toContain(created.code)
      expect(codes).not.toContain(pendingOrder.code)
      expect(partial.json().total).toBe(codes.length)
      expect(
        partial
          .json()
          .items.every(
            (o: { onlinePayment?: { status: string } }) =>
              o.onlinePayment?.status === 'reembolsado_parcial',
          ),
      ).toBe(true)
      // With the status filter and a search too (the other statements).
      const both = await list(
        `payment=reembolsado_parcial&status=confirmado&search=${created.code}`,
      )
      expect(both.json().items.map((o: { code: string }) => o.code)).toEqual([created.code])
      const pending = await list('payment=pendiente')
      expect(pending.json().items.map((o: { code: string }) => o.code)).toContain(pendingOrder.code)
      const bad = await list('payment=pagadisimo')
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe(PAYMENT_MESSAGES.paymentFilterInvalid)

      const day = (offset: number) =>
        new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
      const csv = await app.inject({
        method: 'GET',
        url: `/api/orders/export.csv?from=${day(-1)}&to=${day(1)}`,
        headers: owner(),
      })
      expect(csv.statusCode).toBe(200)
      const rows = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      expect(rows[0]).toContain(
        '"Estado del pago";"Pago de Mercado Pago";"Moneda del pago";"Cobrado";"Reembolsado"',
      )
      const line = rows.find((r) => r.startsWith(`"${created.code}"`))!
      expect(
        line.endsWith(`"Pago reembolsado en parte";"${payment.id}";"UYU";"1200,00";"200,00"`),
      ).toBe(true)
      const pendingLine = rows.find((r) => r.startsWith(`"${pendingOrder.code}"`))!
      expect(pendingLine.endsWith('"Pago pendiente";"";"UYU";"";""')).toBe(true)
    })
  })

  describe('OAuth', () => {
    it('connects the owner who started it; refreshes the token before it expires', async () => {
      const start = await app.inject({
        method: 'POST',
        url: '/api/payments/mercadopago/oauth',
        headers: bearer(other.owner.accessToken),
      })
      const url = new URL(start.json().url)
      expect(url.searchParams.get('client_id')).toBe('1234567890')
      const state = url.searchParams.get('state')!
      const redirectUri = url.searchParams.get('redirect_uri')!
      const oauthAccount = mp.addAccount({ firstName: 'Otra', lastName: 'Tienda', expiresIn: 3600 })
      // A state that is not ours connects nothing.
      const forged = await app.inject({
        method: 'GET',
        url: `/api/payments/mercadopago/oauth/callback?code=${mp.issueCode(oauthAccount, redirectUri)}&state=${state.slice(0, -2)}xx`,
      })
      expect(forged.headers.location).toContain('mercadopago=vencido')
      const res = await app.inject({
        method: 'GET',
        url: `/api/payments/mercadopago/oauth/callback?code=${mp.issueCode(oauthAccount, redirectUri)}&state=${state}`,
      })
      expect(res.statusCode).toBe(303)
      expect(res.headers.location).toBe('http://vitrina.test/admin/pagos?mercadopago=conectado')
      const [row] = await db
        .select()
        .from(paymentAccounts)
        .where(eq(paymentAccounts.businessId, other.business._id))
      expect(row).toMatchObject({ method: 'oauth', accountName: 'Otra Tienda' })
      const oldToken = oauthAccount.accessToken
      // Within a week of expiry: refreshed (the old token stops working at Mercado Pago).
      const test = await app.inject({
        method: 'POST',
        url: '/api/payments/mercadopago/test',
        headers: bearer(other.owner.accessToken),
      })
      expect(test.json()).toEqual({ ok: true, accountName: 'Otra Tienda' })
      expect(oauthAccount.accessToken).not.toBe(oldToken)
      const [after] = await db
        .select()
        .from(paymentAccounts)
        .where(eq(paymentAccounts.businessId, other.business._id))
      expect(after!.credentials).not.toBe(row!.credentials)
      expect(after!.credentials).not.toContain(oauthAccount.accessToken)
    })
  })

  describe('disconnecting', () => {
    it('drops the credentials; the shop takes no online payment after it', async () => {
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/payments/mercadopago',
        headers: owner(),
      })
      expect(res.statusCode).toBe(204)
      const rows = await db
        .select()
        .from(paymentAccounts)
        .where(eq(paymentAccounts.businessId, shop.business._id))
      expect(rows).toHaveLength(0)
      const order = await postOrder(
        app,
        shop.business._id,
        orderBody({
          items: [{ productId: shop.products.pricey.id, quantity: 1 }],
          paymentMethod: 'mercadopago',
        }),
      )
      expect(order.statusCode).toBe(400)
    })
  })

  it('the simulator signs as documented (manifest id;request-id;ts; lowercased id)', () => {
    const v1 = mercadoPagoSignature('secreto', 'ABC123', 'req-1', 1700000000)
    const signed = mp.signedNotification('123', { secret: 'secreto' })
    const ts = Number(/ts=(\d+)/.exec(signed.headers['x-signature']!)![1])
    expect(signed.headers['x-signature']).toBe(
      `ts=${ts},v1=${mercadoPagoSignature('secreto', '123', signed.headers['x-request-id']!, ts)}`,
    )
    expect(v1).toBe(mercadoPagoSignature('secreto', 'abc123', 'req-1', 1700000000))
  })
})
