/**
 * Issue 44 §3 and issue 43 §3 (ADR 035): the shopper hears about their order by e-mail. The
 * checkout's optional address is checked (Spanish 400, nothing saved) and kept on the order; each
 * status the owner moves it to (confirmado, enviado with the tracking, listo, entregado,
 * cancelado with the reason) and Mercado Pago's approval write one mail in the change's
 * transaction, in the shop's name and colour, whose link — rendered at send time from the
 * order's token id — opens the order's page (on the shop's verified domain when it has one). A
 * switch off, a bounced address, no address: no mail. Both engines (PGlite here, PostgreSQL in
 * api-postgres).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import {
  SHOPPER_MAIL_MESSAGES,
  trackingUrl,
  VARIANT_MESSAGES,
  type CreatedOrder,
  type OwnerOrder,
} from '@vitrina/contracts'
import type { Database } from '../src/db/client.js'
import {
  customDomains,
  mailOutbox,
  mailSuppressions,
  orders,
  products,
  type MailRow,
} from '../src/db/schema/index.js'
import { startTestApp, startTestApps } from './helpers/app.js'
import { bearer, uniqueEmail } from './helpers/auth.js'
import {
  createOrderingShop,
  orderBody,
  placeOrder,
  postOrder,
  type OrderingShop,
} from './helpers/orders.js'
import { startSmtpServer } from './helpers/smtp.js'
import {
  startMercadoPagoSimulator,
  type MercadoPagoSimulator,
} from './helpers/mercadopago-simulator.js'

const PLATFORM = 'http://vitrina.test'
const COLOUR = '#7A1F5C'

/** The outbox rows of one address, oldest first. */
async function mailsTo(db: Database, to: string): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(mailOutbox.createdAt, mailOutbox.id)
}

async function orderRowOf(db: Database, shop: OrderingShop, created: CreatedOrder) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.businessId, shop.business._id), eq(orders.code, created.code)))
  return row!
}

describe('shopper mails at each status', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>
  let shop: OrderingShop
  let other: OrderingShop

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT: 'false' })
    shop = await createOrderingShop(t.app, {
      name: 'Tienda de Marta',
      primaryColor: COLOUR,
      email: 'hola@tiendademarta.test',
      address: 'Sarandí 500, Montevideo',
    })
    other = await createOrderingShop(t.app)
  })
  afterAll(async () => {
    await t?.stop()
  })

  const change = (id: string, body: object, who: OrderingShop = shop) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}`,
      headers: bearer(who.owner.accessToken),
      payload: body,
    })

  async function orderWith(email: string | undefined, delivery = false) {
    const created = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.pricey.id, quantity: 2 }],
        customer: {
          name: 'Lucía Gómez',
          phone: '099 765 432',
          ...(email !== undefined ? { email } : {}),
        },
        ...(delivery ? { delivery: { method: 'delivery', address: 'Colonia 1234' } } : {}),
      }),
    )
    const row = await orderRowOf(t.db, shop, created)
    return { created, id: row.id, row }
  }

  /** The link a rendered mail carries to the order's page (or undefined). */
  function linkIn(text: string): string | undefined {
    return /https?:\/\/\S+\/pedido\/\S+/.exec(text)?.[0]
  }

  it('an address that is not one is a Spanish 400 at customer.email, and no order is saved', async () => {
    const before = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.businessId, shop.business._id))
    for (const email of [
      'no-es-un-correo',
      'ana@',
      'ana @ejemplo.com',
      `${'a'.repeat(250)}@x.uy`,
    ]) {
      const res = await postOrder(
        t.app,
        shop.business._id,
        orderBody({
          items: [{ productId: shop.products.pricey.id, quantity: 1 }],
          customer: { name: 'Lucía', phone: '099 765 432', email },
        }),
      )
      expect(res.statusCode, email).toBe(400)
      expect(res.json().message).toBe(SHOPPER_MAIL_MESSAGES.emailInvalid)
      expect(res.json().errors).toContainEqual({
        path: 'customer.email',
        message: SHOPPER_MAIL_MESSAGES.emailInvalid,
      })
    }
    const after = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.businessId, shop.business._id))
    expect(after[0]!.n).toBe(before[0]!.n)
  })

  it('keeps the address (trimmed, lower-case) for the owner; blank is none', async () => {
    const email = uniqueEmail('Lucia').replace('lucia', 'Lucia')
    const { created, id, row } = await orderWith(`  ${email}  `)
    expect(row.customerEmail).toBe(email.toLowerCase())
    expect(created.customer.email).toBe(email.toLowerCase())
    const owner = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: bearer(shop.owner.accessToken),
    })
    expect((owner.json() as OwnerOrder).customer).toEqual({
      name: 'Lucía Gómez',
      phone: '099 765 432',
      email: email.toLowerCase(),
    })
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/orders?search=${created.code}`,
      headers: bearer(shop.owner.accessToken),
    })
    expect(list.json().items[0].customer.email).toBe(email.toLowerCase())
    const blank = await orderWith('   ')
    expect(blank.row.customerEmail).toBeNull()
    expect(blank.created.customer).not.toHaveProperty('email')
  })

  it("the page's token derives from the order's token id; neither reaches the owner", async () => {
    const { created, id, row } = await orderWith(uniqueEmail('token'))
    expect(row.tokenId).toMatch(/^[0-9a-f-]{36}$/)
    expect(t.app.tokens.deriveOrderToken(row.tokenId!)).toBe(created.token)
    // Domain-separated: the same id derives another token for an account mail.
    expect(t.app.tokens.deriveMailToken(row.tokenId!)).not.toBe(created.token)
    for (const url of [`/api/orders/${id}`, `/api/orders?search=${created.code}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(shop.owner.accessToken),
      })
      expect(res.body).not.toContain(created.token)
      expect(res.body).not.toContain(row.tokenId)
    }
  })

  it('confirmado, enviado (carrier, code, link) and entregado: one mail each, whose link opens the order', async () => {
    const email = uniqueEmail('envio')
    const { created, id } = await orderWith(email, true)
    // A new order mails the owner only.
    expect(await mailsTo(t.db, email)).toEqual([])

    expect((await change(id, { status: 'confirmado' })).statusCode).toBe(200)
    expect(
      (
        await change(id, {
          status: 'enviado',
          tracking: { carrier: 'DAC', code: 'DAC-778899' },
        })
      ).statusCode,
    ).toBe(200)
    expect((await change(id, { status: 'entregado' })).statusCode).toBe(200)
    // A note is no status: no mail.
    expect((await change(id, { note: 'Entregado en mano' })).statusCode).toBe(200)

    const mails = await mailsTo(t.db, email)
    expect(mails.map((m) => m.kind)).toEqual([
      'shopper-confirmado',
      'shopper-enviado',
      'shopper-entregado',
    ])
    const row = await orderRowOf(t.db, shop, created)
    for (const mail of mails) {
      expect(mail.subject).toContain('Tienda de Marta')
      expect(mail.subject).toContain(created.code)
      expect(mail.fromName).toBe('Tienda de Marta')
      expect(mail.replyTo).toBe('hola@tiendademarta.test')
      expect(mail.html).toContain(COLOUR)
      expect(mail.html).toContain('lang="es"')
      // Stored without the token: its id, and `{{token}}` where it goes.
      expect(mail.tokenId).toBe(row.tokenId)
      expect(mail.text).toContain('{{token}}')
      expect(mail.text).not.toContain(created.token)
      expect(mail.html).not.toContain(created.token)
      // Rendered at send time: the very link the shopper got when ordering, which opens it.
      const rendered = t.app.mail.render(mail)
      expect(linkIn(rendered.text)).toBe(created.publicUrl)
      expect(rendered.html).toContain(`href="${created.publicUrl}"`)
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${created.code}?t=${new URL(created.publicUrl).searchParams.get('t')}`,
      })
      expect(page.statusCode).toBe(200)
      expect(page.json().code).toBe(created.code)
    }
    const [confirmed, shipped, delivered] = mails
    expect(confirmed!.subject).toBe(`Tienda de Marta: tu pedido ${created.code} está confirmado`)
    expect(confirmed!.text).toContain('¡Hola Lucía Gómez!')
    expect(confirmed!.text).toContain('2 × Campera de abrigo')
    expect(shipped!.subject).toBe(`Tienda de Marta: tu pedido ${created.code} va en camino`)
    expect(shipped!.text).toContain('Envío por: DAC')
    expect(shipped!.text).toContain('Código de seguimiento: DAC-778899')
    const tracking = trackingUrl('DAC', 'DAC-778899')
    expect(tracking).toBeTruthy()
    expect(shipped!.text).toContain(`Síguelo en: ${tracking}`)
    expect(shipped!.html).toContain('Seguir el envío')
    expect(delivered!.text).toContain('figura como entregado')
  })

  it('listo para retirar and cancelado (with the reason)', async () => {
    const email = uniqueEmail('retiro')
    const pickup = await orderWith(email)
    await change(pickup.id, { status: 'confirmado' })
    expect((await change(pickup.id, { status: 'listo' })).statusCode).toBe(200)
    const cancelled = await orderWith(email)
    expect(
      (await change(cancelled.id, { status: 'cancelado', reason: 'Sin stock del talle' }))
        .statusCode,
    ).toBe(200)
    const mails = await mailsTo(t.db, email)
    expect(mails.map((m) => m.kind)).toEqual([
      'shopper-confirmado',
      'shopper-listo',
      'shopper-cancelado',
    ])
    expect(mails[1]!.subject).toContain('está listo para retirar')
    expect(mails[1]!.text).toContain('Retíralo en: Sarandí 500, Montevideo')
    expect(mails[2]!.subject).toBe(
      `Tienda de Marta: tu pedido ${cancelled.created.code} fue cancelado`,
    )
    expect(mails[2]!.text).toContain('Motivo: Sin stock del talle')
    expect(linkIn(t.app.mail.render(mails[2]!).text)).toBe(cancelled.created.publicUrl)
  })

  it('no address, no mail; a refused change mails nothing', async () => {
    const { id, created } = await orderWith(undefined)
    await change(id, { status: 'confirmado' })
    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.kind} LIKE 'shopper-%' AND ${mailOutbox.subject} LIKE ${`%${created.code}%`}`,
      )
    expect(rows).toEqual([])
    const email = uniqueEmail('rechazo')
    const refused = await orderWith(email)
    // nuevo → entregado is not a transition: 409, nothing written.
    expect((await change(refused.id, { status: 'entregado' })).statusCode).toBe(409)
    expect(await mailsTo(t.db, email)).toEqual([])
  })

  it('a confirmation refused for stock is the same 409 as ever, and mails nothing', async () => {
    const email = uniqueEmail('sin-stock')
    const ids = [shop.products.cheap.id, shop.products.pricey.id]
    await t.db.update(products).set({ trackStock: true, stock: 5 }).where(inArray(products.id, ids))
    try {
      const created = await placeOrder(
        t.app,
        shop.business._id,
        orderBody({
          items: ids.map((productId) => ({ productId, quantity: 2 })),
          customer: { name: 'Lucía', phone: '099 765 432', email },
        }),
      )
      const { id } = await orderRowOf(t.db, shop, created)
      // Another order took the last units of one line meanwhile: the other line's are taken
      // and given back by the same statement.
      await t.db.update(products).set({ stock: 1 }).where(eq(products.id, ids[1]!))
      const res = await change(id, { status: 'confirmado' })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(VARIANT_MESSAGES.confirmOutOfStock('Campera de abrigo'))
      expect(await mailsTo(t.db, email)).toEqual([])
      // With the stock back, it confirms and mails.
      await t.db.update(products).set({ stock: 5 }).where(eq(products.id, ids[1]!))
      expect((await change(id, { status: 'confirmado' })).statusCode).toBe(200)
      expect((await mailsTo(t.db, email)).map((m) => m.kind)).toEqual(['shopper-confirmado'])
    } finally {
      await t.db
        .update(products)
        .set({ trackStock: false, stock: null })
        .where(inArray(products.id, ids))
    }
  })

  it('an address that bounced before gets the mail recorded as skipped, never sent', async () => {
    const email = uniqueEmail('rebota')
    await t.db.insert(mailSuppressions).values({ address: email, reason: '550 no such user' })
    const { id } = await orderWith(email.toUpperCase())
    expect((await change(id, { status: 'confirmado' })).statusCode).toBe(200)
    const [mail] = await mailsTo(t.db, email)
    expect(mail?.kind).toBe('shopper-confirmado')
    expect(mail?.skippedAt).toBeInstanceOf(Date)
    expect(mail?.sentAt).toBeNull()
  })

  it('two concurrent changes to the same status: one 200, one mail', async () => {
    const email = uniqueEmail('carrera')
    const { id } = await orderWith(email)
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => change(id, { status: 'confirmado' })),
    )
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409])
    const mails = await mailsTo(t.db, email)
    expect(mails).toHaveLength(1)
  })

  it('an order made before these mails (no token id) links to the shop, not its page', async () => {
    const email = uniqueEmail('antiguo')
    const { id, row } = await orderWith(email)
    await t.db.update(orders).set({ tokenId: null }).where(eq(orders.id, row.id))
    await change(id, { status: 'confirmado' })
    const [mail] = await mailsTo(t.db, email)
    expect(mail?.tokenId).toBeNull()
    expect(mail?.text).not.toContain('{{token}}')
    expect(mail?.text).not.toContain('/pedido/')
    expect(mail?.text).toContain(`${PLATFORM}/${shop.business.identifier}`)
    expect(t.app.mail.render(mail!).text).toBe(mail!.text)
  })

  describe("the owner's switches", () => {
    const switches = (who: OrderingShop, businessId = who.business._id) =>
      t.app.inject({
        method: 'GET',
        url: `/api/businesses/${businessId}/shopper-mails`,
        headers: bearer(who.owner.accessToken),
      })
    const setSwitches = (who: OrderingShop, body: unknown, businessId = who.business._id) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/businesses/${businessId}/shopper-mails`,
        headers: bearer(who.owner.accessToken),
        payload: body as object,
      })

    it('every mail is on until turned off; only the switches sent change', async () => {
      const fresh = await createOrderingShop(t.app)
      expect((await switches(fresh)).json()).toEqual({
        mails: {
          confirmado: true,
          enviado: true,
          listo: true,
          entregado: true,
          cancelado: true,
          pago: true,
        },
      })
      expect((await setSwitches(fresh, { enviado: false })).json().mails).toMatchObject({
        enviado: false,
        confirmado: true,
      })
      const both = await setSwitches(fresh, { cancelado: false })
      expect(both.json().mails).toMatchObject({ enviado: false, cancelado: false, pago: true })
      expect((await setSwitches(fresh, { enviado: true })).json().mails.enviado).toBe(true)
    })

    it('refuses anything but switches in Spanish', async () => {
      for (const body of [{}, { enviado: 'no' }, { otro: false }, []]) {
        const res = await setSwitches(shop, body)
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.json().message).toBe(SHOPPER_MAIL_MESSAGES.switchesInvalid)
      }
    })

    it('another owner can neither read nor change them; anonymous 401', async () => {
      expect((await switches(other, shop.business._id)).statusCode).toBe(403)
      const res = await setSwitches(other, { confirmado: false }, shop.business._id)
      expect(res.statusCode).toBe(403)
      expect((await switches(shop)).json().mails.confirmado).toBe(true)
      const anonymous = await t.app.inject({
        method: 'PATCH',
        url: `/api/businesses/${shop.business._id}/shopper-mails`,
        payload: { confirmado: false },
      })
      expect(anonymous.statusCode).toBe(401)
      expect((await switches(shop, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    })

    it('a mail turned off is not written; the others still are', async () => {
      expect((await setSwitches(shop, { confirmado: false })).statusCode).toBe(200)
      try {
        const email = uniqueEmail('apagado')
        const { id } = await orderWith(email, true)
        await change(id, { status: 'confirmado' })
        await change(id, { status: 'enviado', tracking: { carrier: 'UES', code: '55' } })
        expect((await mailsTo(t.db, email)).map((m) => m.kind)).toEqual(['shopper-enviado'])
      } finally {
        await setSwitches(shop, { confirmado: true })
      }
    })
  })
})

describe('a shopper mail as it leaves through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: Awaited<ReturnType<typeof startTestApp>>

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await startTestApp({
      RATE_LIMIT: 'false',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Vitrina <no-reply@vitrina.test>',
    })
  })
  afterAll(async () => {
    await t?.stop()
    await smtp?.close()
  })

  it("goes under the shop's name, with the link that opens the order", async () => {
    const shop = await createOrderingShop(t.app, { name: 'Almacén "La Esquina"' })
    const email = uniqueEmail('smtp')
    const created = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.pricey.id, quantity: 1 }],
        customer: { name: 'Lucía', phone: '099 765 432', email },
      }),
    )
    const row = await orderRowOf(t.db, shop, created)
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${row.id}`,
      headers: bearer(shop.owner.accessToken),
      payload: { status: 'confirmado' },
    })
    expect(patched.statusCode).toBe(200)
    await t.app.mail.deliverDue()
    const [mail] = await mailsTo(t.db, email)
    expect(mail?.sentAt).toBeInstanceOf(Date)
    const sent = smtp.received.find((m) => m.to.includes(`<${email}>`))
    expect(sent?.from).toContain('no-reply@vitrina.test')
    const unfolded = sent!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    // The shop's name, encoded (its quotes and accents cannot break the header).
    expect(unfolded).toContain(
      'From: =?UTF-8?Q?Almac=C3=A9n_=22La_Esquina=22?= <no-reply@vitrina.test>',
    )
    expect(unfolded).toContain(created.publicUrl)
    expect(unfolded).not.toContain('{{token}}')
  })
})

describe("shopper mails on the shop's verified domain", () => {
  let t: Awaited<ReturnType<typeof startTestApp>>
  const DOMAIN = 'tienda.correos.com.uy'

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT: 'false' })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('the link goes to the order page at the domain', async () => {
    const shop = await createOrderingShop(t.app)
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/domains/mine',
      headers: bearer(shop.owner.accessToken),
      payload: { hostname: DOMAIN },
    })
    expect(res.statusCode, res.body).toBe(200)
    await t.db
      .update(customDomains)
      .set({ status: 'verified', verifiedAt: new Date(), checkedAt: new Date() })
      .where(eq(customDomains.businessId, shop.business._id))
    t.app.domains.invalidate(shop.business._id)
    const email = uniqueEmail('dominio')
    const created = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.pricey.id, quantity: 1 }],
        customer: { name: 'Lucía', phone: '099 765 432', email },
      }),
    )
    expect(created.publicUrl.startsWith(`https://${DOMAIN}/pedido/`)).toBe(true)
    const row = await orderRowOf(t.db, shop, created)
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${row.id}`,
      headers: bearer(shop.owner.accessToken),
      payload: { status: 'confirmado' },
    })
    expect(patched.statusCode).toBe(200)
    const [mail] = await mailsTo(t.db, email)
    expect(mail?.text).toContain(`https://${DOMAIN}/pedido/${created.code}?t={{token}}`)
    expect(t.app.mail.render(mail!).text).toContain(created.publicUrl)
  })
})

describe('Mercado Pago approval mails the shopper once, across two instances', () => {
  let mp: MercadoPagoSimulator
  let apps: FastifyInstance[]
  let db: Database
  let stop: () => Promise<void>
  let shop: OrderingShop

  beforeAll(async () => {
    mp = await startMercadoPagoSimulator({ webhookSecret: 'secreto-correo-cliente' })
    const started = await startTestApps(2, {
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_WEBHOOK_SECRET: 'secreto-correo-cliente',
      RATE_LIMIT: 'false',
      // Processes of one deployment share the secret (ADR 022): tokens and links work on any.
      JWT_SECRET: 'secreto-compartido-por-los-procesos-0123456789',
    })
    apps = started.apps
    db = started.db
    stop = started.stop
    shop = await createOrderingShop(apps[0]!, { name: 'Tienda Pagos' })
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

  async function paidOrder(email: string | undefined) {
    const created = await placeOrder(
      apps[1]!,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.pricey.id, quantity: 1 }],
        customer: { name: 'Pedro', phone: '099 111 222', ...(email ? { email } : {}) },
        paymentMethod: 'mercadopago',
      }),
    )
    const start = await apps[0]!.inject({
      method: 'POST',
      url: `/api/orders/${created.code}/pago?t=${created.token}`,
    })
    const prefId = new URL(start.json().url).searchParams.get('pref_id')!
    const payment = mp.createPayment(prefId, 'approved')
    const signed = mp.signedNotification(String(payment.id))
    const notify = (i: number) =>
      apps[i % 2]!.inject({
        method: 'POST',
        url: `/api/payments/mercadopago/notifications/${shop.business._id}?${signed.query}`,
        headers: signed.headers,
        payload: signed.body,
      })
    return { created, notify }
  }

  it('duplicated notifications at once: one "pago" mail with the amount and the link', async () => {
    const email = uniqueEmail('pago')
    const { created, notify } = await paidOrder(email)
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => notify(i)))
    expect(replies.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([])
    const mails = await mailsTo(db, email)
    expect(mails.map((m) => m.kind)).toEqual(['shopper-pago'])
    const [mail] = mails
    expect(mail!.subject).toBe(`Tienda Pagos: recibimos el pago de tu pedido ${created.code}`)
    expect(mail!.text).toContain('Mercado Pago aprobó el pago')
    expect(mail!.text).toContain('Monto pagado: $ 1.200,00')
    expect(mail!.text).toContain('Tu pedido quedó confirmado.')
    expect(apps[0]!.mail.render(mail!).text).toContain(created.publicUrl)
    // The owner confirming it later is no transition (already confirmed): nothing more.
    expect((await mailsTo(db, email)).length).toBe(1)
  })

  it('with "pago" off, the confirmation mail goes instead; both off, none', async () => {
    const owner = bearer(shop.owner.accessToken)
    const set = (body: object) =>
      apps[0]!.inject({
        method: 'PATCH',
        url: `/api/businesses/${shop.business._id}/shopper-mails`,
        headers: owner,
        payload: body,
      })
    await set({ pago: false })
    const first = uniqueEmail('sin-pago')
    await (await paidOrder(first)).notify(0)
    expect((await mailsTo(db, first)).map((m) => m.kind)).toEqual(['shopper-confirmado'])
    await set({ confirmado: false })
    const second = uniqueEmail('ninguno')
    await (await paidOrder(second)).notify(1)
    expect(await mailsTo(db, second)).toEqual([])
    await set({ pago: true, confirmado: true })
  })

  it('two instances moving the same order at once: one mail', async () => {
    const email = uniqueEmail('dos-procesos')
    const created = await placeOrder(
      apps[0]!,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.pricey.id, quantity: 1 }],
        customer: { name: 'Pedro', phone: '099 111 222', email },
      }),
    )
    const row = await orderRowOf(db, shop, created)
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        apps[i % 2]!.inject({
          method: 'PATCH',
          url: `/api/orders/${row.id}`,
          headers: bearer(shop.owner.accessToken),
          payload: { status: 'confirmado' },
        }),
      ),
    )
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect((await mailsTo(db, email)).map((m) => m.kind)).toEqual(['shopper-confirmado'])
    // Either process renders the same link (the secret is the deployment's).
    const [mail] = await mailsTo(db, email)
    expect(apps[0]!.mail.render(mail!).text).toBe(apps[1]!.mail.render(mail!).text)
    expect(apps[1]!.mail.render(mail!).text).toContain(created.publicUrl)
  })
})
