/**
 * Issue 44 §3 (ADR 035): the shop's own WhatsApp text per order status, saved in its settings.
 * `GET`/`PATCH /api/businesses/{id}/whatsapp-templates`: the defaults until the shop saves its
 * own; a text saves it, null (or the default's very text) goes back to the default; contracts'
 * Spanish refusals (empty, too long, unknown placeholder) with nothing saved; only the owner
 * reads or changes them — no public reply carries them. Both engines (PGlite here, PostgreSQL in
 * api-postgres).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AUTH_MESSAGES,
  DEFAULT_WHATSAPP_TEMPLATES,
  WHATSAPP_TEMPLATE_MAX,
  WHATSAPP_TEMPLATE_MESSAGES,
  WHATSAPP_TEMPLATE_SETTINGS_MESSAGES,
} from '@vitrina/contracts'
import { businesses } from '../src/db/schema/index.js'
import { startTestApp } from './helpers/app.js'
import { bearer } from './helpers/auth.js'
import { createOrderingShop, type OrderingShop } from './helpers/orders.js'

const OWN =
  '¡Buenas {nombre}! Tu pedido {pedido} de {tienda} ya está confirmado. Cualquier cosa: {enlace}'

describe("the shop's WhatsApp templates", () => {
  let t: Awaited<ReturnType<typeof startTestApp>>
  let shop: OrderingShop
  let other: OrderingShop

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT: 'false' })
    shop = await createOrderingShop(t.app)
    other = await createOrderingShop(t.app)
  })
  afterAll(async () => {
    await t?.stop()
  })

  const read = (who: OrderingShop | null, businessId = shop.business._id) =>
    t.app.inject({
      method: 'GET',
      url: `/api/businesses/${businessId}/whatsapp-templates`,
      ...(who ? { headers: bearer(who.owner.accessToken) } : {}),
    })
  const save = (who: OrderingShop | null, body: unknown, businessId = shop.business._id) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/businesses/${businessId}/whatsapp-templates`,
      ...(who ? { headers: bearer(who.owner.accessToken) } : {}),
      payload: body as object,
    })
  const stored = async (id = shop.business._id) =>
    (
      await t.db
        .select({ templates: businesses.whatsappTemplates })
        .from(businesses)
        .where(eq(businesses.id, id))
    )[0]!.templates

  it('a shop that saved nothing gets every default', async () => {
    const res = await read(other, other.business._id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ templates: DEFAULT_WHATSAPP_TEMPLATES, custom: [] })
  })

  it('saves a status (trimmed), keeps the others, and goes back to the default with null', async () => {
    const res = await save(shop, { confirmado: `  ${OWN}\n` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      templates: { ...DEFAULT_WHATSAPP_TEMPLATES, confirmado: OWN },
      custom: ['confirmado'],
    })
    expect(await stored()).toEqual({ confirmado: OWN })

    // Another status in another request: the first one stays.
    const cancelled = 'Lo sentimos {nombre}, cancelamos el pedido {pedido}. {motivo}'
    await save(shop, { cancelado: cancelled })
    expect((await read(shop)).json()).toEqual({
      templates: { ...DEFAULT_WHATSAPP_TEMPLATES, confirmado: OWN, cancelado: cancelled },
      custom: ['confirmado', 'cancelado'],
    })

    // «Restablecer»: null; and a text equal to the default is not stored as the shop's.
    const reset = await save(shop, {
      cancelado: null,
      nuevo: DEFAULT_WHATSAPP_TEMPLATES.nuevo,
    })
    expect(reset.json().custom).toEqual(['confirmado'])
    expect(reset.json().templates.cancelado).toBe(DEFAULT_WHATSAPP_TEMPLATES.cancelado)
    expect(await stored()).toEqual({ confirmado: OWN })
  })

  it('refuses an empty text, a too long one and an unknown placeholder in Spanish; nothing saved', async () => {
    const before = await stored()
    const cases: [object, string, string][] = [
      [{ enviado: '   ' }, WHATSAPP_TEMPLATE_MESSAGES.empty, 'enviado'],
      [
        { listo: 'a'.repeat(WHATSAPP_TEMPLATE_MAX + 1) },
        WHATSAPP_TEMPLATE_MESSAGES.tooLong,
        'listo',
      ],
      [
        { entregado: 'Gracias {cliente}' },
        WHATSAPP_TEMPLATE_MESSAGES.unknownPlaceholder('cliente'),
        'entregado',
      ],
      // One bad status refuses the whole request: the good one is not saved either.
      [
        { nuevo: 'Hola {nombre}', enviado: 'Va {codigo}' },
        WHATSAPP_TEMPLATE_MESSAGES.unknownPlaceholder('codigo'),
        'enviado',
      ],
    ]
    for (const [body, message, path] of cases) {
      const res = await save(shop, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toBe(message)
      expect(res.json().errors).toEqual([{ path, message }])
    }
    expect(await stored()).toEqual(before)
  })

  it('refuses a body without statuses, an unknown status or a text that is not one', async () => {
    for (const body of [{}, { pagado: 'Hola' }, { nuevo: 5 }, []]) {
      const res = await save(shop, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toBe(WHATSAPP_TEMPLATE_SETTINGS_MESSAGES.bodyInvalid)
    }
  })

  it('another owner can neither read nor change them; anonymous 401; unknown business 404', async () => {
    expect((await read(other)).statusCode).toBe(403)
    const res = await save(other, { confirmado: 'Hola {nombre}' })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(AUTH_MESSAGES.forbidden)
    expect((await read(shop)).json().templates.confirmado).toBe(OWN)
    expect((await read(null)).statusCode).toBe(401)
    expect((await save(null, { confirmado: 'Hola' })).statusCode).toBe(401)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await read(shop, unknown)).statusCode).toBe(404)
    expect((await save(shop, { nuevo: 'Hola' }, unknown)).statusCode).toBe(404)
  })

  it('no public reply carries them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${shop.business.identifier}/identifier`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('Cualquier cosa')
    expect(res.body).not.toContain('whatsappTemplates')
  })
})
