/**
 * Issue 24 §3: the owner's orders — list with counts, filter, search and pages; the order with
 * its history; status changes by the transition table (race-safe), cancellation with a reason,
 * internal notes; the CSV export. Another owner gets 403 and anonymous 401, nothing changed.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  AUTH_MESSAGES,
  ORDER_MESSAGES,
  orderListResponseSchema,
  ownerOrderSchema,
  type CreatedOrder,
  type OrderListResponse,
  type OwnerOrder,
} from '@vitrina/contracts'
import { orders } from '../src/db/schema/index.js'
import { transitionOrder } from '../src/modules/orders/repository.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createOrderingShop, orderBody, placeOrder, type OrderingShop } from './helpers/orders.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

function get(url: string, owner: TestAccount | null) {
  return t.app.inject({ method: 'GET', url, headers: owner ? bearer(owner.accessToken) : {} })
}

function patch(id: string, owner: TestAccount | null, body: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}`,
    headers: owner ? bearer(owner.accessToken) : {},
    payload: body,
  })
}

async function order(shop: OrderingShop, name = 'Juan Pérez', phone = '099 123 456') {
  return placeOrder(
    t.app,
    shop.business._id,
    orderBody({
      items: [{ productId: shop.products.pricey.id, quantity: 1 }],
      customer: { name, phone },
    }),
  )
}

async function idOf(created: CreatedOrder, shop: OrderingShop): Promise<string> {
  const all = await t.db
    .select({ id: orders.id, code: orders.code })
    .from(orders)
    .where(eq(orders.businessId, shop.business._id))
  return all.find((o) => o.code === created.code)!.id
}

async function statusOf(id: string) {
  const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id))
  return row?.status
}

describe('the owner’s list', () => {
  it('own orders only, newest first, counts per status, filter, search and pages', async () => {
    const shop = await createOrderingShop(t.app)
    const other = await createOrderingShop(t.app)
    await order(other, 'Juan Pérez')
    const a = await order(shop, 'Ana Martínez', '+598 94 555 111')
    const b = await order(shop, 'Juan Pérez', '099 123 456')
    const c = await order(shop, 'José Núñez', '2915 4321')
    const ids = await Promise.all([a, b, c].map((o) => idOf(o, shop)))
    // Distinct times, oldest a, newest c.
    for (const [i, id] of ids.entries()) {
      await t.db
        .update(orders)
        .set({ createdAt: new Date(Date.UTC(2026, 5, 1, 12, i)) })
        .where(eq(orders.id, id))
    }
    expect((await patch(ids[1]!, shop.owner, { status: 'confirmado' })).statusCode).toBe(200)

    const list = async (query = '') => {
      const res = await get(`/api/orders${query}`, shop.owner)
      expect(res.statusCode, res.body).toBe(200)
      return orderListResponseSchema.parse(res.json()) as OrderListResponse
    }
    const all = await list()
    expect(all.items.map((o) => o.code)).toEqual([c.code, b.code, a.code])
    expect(all.total).toBe(3)
    expect(all.counts).toEqual({
      nuevo: 2,
      confirmado: 1,
      listo: 0,
      enviado: 0,
      entregado: 0,
      cancelado: 0,
    })
    expect(all.items[1]?.history.map((h) => h.status)).toEqual(['nuevo', 'confirmado'])

    const filtered = await list('?status=nuevo')
    expect(filtered.items.map((o) => o.code)).toEqual([c.code, a.code])
    // Counts are the whole business's, whatever the filter.
    expect(filtered.counts.confirmado).toBe(1)

    const codes = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`)).items.map((o) => o.code)
    expect(await codes(b.code)).toEqual([b.code])
    expect(await codes(b.code.slice(2).toLowerCase())).toEqual([b.code])
    expect(await codes('perez')).toEqual([b.code])
    expect(await codes('JOSÉ núñez')).toEqual([c.code])
    expect(await codes('099 123')).toEqual([b.code])
    expect(await codes('094555111')).toEqual([a.code])
    expect(await codes('29154321')).toEqual([c.code])
    expect(await codes('nadie')).toEqual([])
    expect(await codes('%')).toEqual([])

    const page2 = await list('?pageSize=2&page=2')
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 })
    expect(page2.items.map((o) => o.code)).toEqual([a.code])

    const counts = await get('/api/orders/counts', shop.owner)
    expect(counts.statusCode).toBe(200)
    expect(counts.json()).toEqual({ counts: all.counts })
  })

  it.each([
    ['?status=perdido', 'status', ORDER_MESSAGES.statusInvalid],
    ['?pageSize=100', 'pageSize', undefined],
  ])('400 for %s', async (query, path, message) => {
    const shop = await createOrderingShop(t.app)
    const res = await get(`/api/orders${query}`, shop.owner)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].path).toBe(path)
    if (message) expect(res.json().errors[0].message).toBe(message)
  })

  it('an owner without a business: 404 noBusiness; anonymous: 401', async () => {
    const nobody = await registerAndLogin(t.app)
    for (const url of [
      '/api/orders',
      '/api/orders/counts',
      '/api/orders/export.csv?from=2026-01-01&to=2026-01-31',
    ]) {
      const res = await get(url, nobody)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().message).toBe(ORDER_MESSAGES.noBusiness)
      expect((await get(url, null)).statusCode).toBe(401)
    }
  })
})

describe('one order, its changes and notes', () => {
  it('the owner reads it with history; another owner 403, anonymous 401', async () => {
    const shop = await createOrderingShop(t.app)
    const id = await idOf(await order(shop), shop)
    const res = await get(`/api/orders/${id}`, shop.owner)
    expect(res.statusCode).toBe(200)
    const read = ownerOrderSchema.parse(res.json())
    expect(read).toMatchObject({ _id: id, status: 'nuevo', history: [{ status: 'nuevo' }] })

    const stranger = await createOrderingShop(t.app)
    const forbidden = await get(`/api/orders/${id}`, stranger.owner)
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().message).toBe(AUTH_MESSAGES.forbidden)
    expect((await get(`/api/orders/${id}`, null)).statusCode).toBe(401)
    const unknown = await get('/api/orders/8b7f3c52-1d4e-4a8e-9a61-5f0c2b1d9e77', shop.owner)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(ORDER_MESSAGES.notFound)
    expect((await get('/api/orders/cualquiera', shop.owner)).statusCode).toBe(404)
  })

  it('follows the transitions, refuses the others with 409, cancels with a reason', async () => {
    const shop = await createOrderingShop(t.app)
    const created = await order(shop)
    const id = await idOf(created, shop)

    const skip = await patch(id, shop.owner, { status: 'listo' })
    expect(skip.statusCode).toBe(409)
    expect(skip.json().message).toBe(
      ORDER_MESSAGES.transitionRefused('Nuevo', 'Listo para retirar'),
    )

    for (const status of ['confirmado', 'enviado'] as const) {
      const res = await patch(id, shop.owner, { status })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json<OwnerOrder>().status).toBe(status)
    }
    const noReason = await patch(id, shop.owner, { status: 'cancelado' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().errors).toEqual([
      { path: 'reason', message: ORDER_MESSAGES.cancelReasonRequired },
    ])
    const cancelled = await patch(id, shop.owner, {
      status: 'cancelado',
      reason: 'Sin stock',
      note: 'Avisado por WhatsApp',
    })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json<OwnerOrder>()).toMatchObject({
      status: 'cancelado',
      cancelReason: 'Sin stock',
      history: [
        { status: 'nuevo' },
        { status: 'confirmado' },
        { status: 'enviado' },
        { status: 'cancelado', reason: 'Sin stock', note: 'Avisado por WhatsApp' },
      ],
    })
    const again = await patch(id, shop.owner, { status: 'entregado' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(ORDER_MESSAGES.transitionRefused('Cancelado', 'Entregado'))

    // The shopper sees the reason, never the notes nor the history.
    const page = await get(`/api/orders/${created.code}?t=${created.token}`, null)
    expect(page.json()).toMatchObject({ status: 'cancelado', cancelReason: 'Sin stock' })
    expect(page.body).not.toContain('Avisado por WhatsApp')
  })

  it('a note alone adds a history entry and keeps the status', async () => {
    const shop = await createOrderingShop(t.app)
    const id = await idOf(await order(shop), shop)
    const res = await patch(id, shop.owner, { note: 'Llamar antes de las 18' })
    expect(res.statusCode).toBe(200)
    expect(res.json<OwnerOrder>()).toMatchObject({
      status: 'nuevo',
      history: [{ status: 'nuevo' }, { note: 'Llamar antes de las 18' }],
    })
    expect(res.json<OwnerOrder>().history[1]).not.toHaveProperty('status')
  })

  it.each([
    ['nothing', {}, '', ORDER_MESSAGES.updateEmpty],
    ['an unknown status', { status: 'perdido' }, 'status', ORDER_MESSAGES.statusInvalid],
    ['a note too long', { note: 'x'.repeat(1001) }, 'note', ORDER_MESSAGES.noteMax],
  ])('400 for %s', async (_label, body, path, message) => {
    const shop = await createOrderingShop(t.app)
    const id = await idOf(await order(shop), shop)
    const res = await patch(id, shop.owner, body)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toContainEqual({ path, message })
  })

  it('another owner 403, anonymous 401: nothing changed', async () => {
    const shop = await createOrderingShop(t.app)
    const id = await idOf(await order(shop), shop)
    const stranger = await createOrderingShop(t.app)
    const forbidden = await patch(id, stranger.owner, { status: 'confirmado', note: 'mío' })
    expect(forbidden.statusCode).toBe(403)
    expect((await patch(id, null, { status: 'confirmado' })).statusCode).toBe(401)
    const nobody = await registerAndLogin(t.app)
    const noBusiness = await patch(id, nobody, { status: 'confirmado' })
    expect(noBusiness.statusCode).toBe(404)
    expect(noBusiness.json().message).toBe(ORDER_MESSAGES.noBusiness)
    expect(await statusOf(id)).toBe('nuevo')
    const read = await get(`/api/orders/${id}`, shop.owner)
    expect(read.json<OwnerOrder>().history).toHaveLength(1)
  })

  it('concurrent changes to the same status: exactly one 200, the others 409', async () => {
    const shop = await createOrderingShop(t.app)
    for (let round = 0; round < 3; round++) {
      const id = await idOf(await order(shop, `Cliente ${round}`), shop)
      const replies = await Promise.all(
        Array.from({ length: 4 }, () => patch(id, shop.owner, { status: 'confirmado' })),
      )
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409])
      for (const refused of replies.filter((r) => r.statusCode === 409)) {
        expect(refused.json().message).toBe(
          ORDER_MESSAGES.transitionRefused('Confirmado', 'Confirmado'),
        )
      }
      expect(await statusOf(id)).toBe('confirmado')
      const history = (await get(`/api/orders/${id}`, shop.owner)).json<OwnerOrder>().history
      expect(history.map((h) => h.status)).toEqual(['nuevo', 'confirmado'])
    }
  })

  it('a change read before another one committed finds no row (the conditional UPDATE)', async () => {
    const shop = await createOrderingShop(t.app)
    const id = await idOf(await order(shop), shop)
    expect(await transitionOrder(t.db, id, 'nuevo', 'confirmado', null)).toBeDefined()
    // A second writer that read 'nuevo' earlier: its UPDATE … WHERE status = 'nuevo' misses.
    expect(await transitionOrder(t.db, id, 'nuevo', 'cancelado', 'Tarde')).toBeUndefined()
    expect(await statusOf(id)).toBe('confirmado')
  })
})

describe('GET /api/orders/export.csv', () => {
  it('the range in the business’s time zone, spreadsheet-ready and safe', async () => {
    const shop = await createOrderingShop(t.app)
    const early = await order(shop, '=HYPERLINK("http://x","y")', '+598 99 000 111')
    const late = await order(shop, 'Ana "la del 5"', '099 000 222')
    const outside = await order(shop, 'Fuera de rango', '099 000 333')
    const when: [CreatedOrder, string][] = [
      // 28 Feb 21:30 in Montevideo (UTC−3).
      [early, '2026-03-01T00:30:00Z'],
      // 1 Mar 23:59 in Montevideo.
      [late, '2026-03-02T02:59:00Z'],
      // 2 Mar 00:01 in Montevideo: after the range.
      [outside, '2026-03-02T03:01:00Z'],
    ]
    for (const [o, at] of when) {
      await t.db
        .update(orders)
        .set({ createdAt: new Date(at) })
        .where(eq(orders.id, await idOf(o, shop)))
    }
    const res = await get('/api/orders/export.csv?from=2026-02-28&to=2026-03-01', shop.owner)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="pedidos-2026-02-28-2026-03-01.csv"',
    )
    const body = res.rawPayload.toString('utf8')
    expect(body.startsWith('\uFEFF"Código";"Fecha";"Estado"')).toBe(true)
    const lines = body.slice(1).split('\r\n')
    expect(lines).toHaveLength(4) // header, two orders, the final empty line
    expect(lines[3]).toBe('')
    expect(lines[1]).toContain(`"${early.code}";"2026-02-28 21:30";"Nuevo";`)
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(lines[1]).toContain(`"'+598 99 000 111"`)
    expect(lines[1]).toContain('"1 × Campera de abrigo"')
    expect(lines[1]).toContain('"1200,00"')
    expect(lines[2]).toContain(`"${late.code}";"2026-03-01 23:59"`)
    expect(lines[2]).toContain('"Ana ""la del 5"""')
    expect(body).not.toContain(outside.code)
    expect(lines.every((l) => !l.includes('\n'))).toBe(true)
  })

  it.each([
    ['?from=2026-13-01&to=2026-12-31', 'from', ORDER_MESSAGES.dateInvalid],
    ['?from=ayer&to=2026-12-31', 'from', ORDER_MESSAGES.dateInvalid],
    ['?from=2026-03-02&to=2026-03-01', 'to', ORDER_MESSAGES.rangeInvalid],
    ['?from=2025-01-01&to=2026-03-01', 'to', ORDER_MESSAGES.rangeTooLong],
  ])('400 for %s', async (query, path, message) => {
    const shop = await createOrderingShop(t.app)
    const res = await get(`/api/orders/export.csv${query}`, shop.owner)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toContainEqual({ path, message })
  })
})

describe('OpenAPI', () => {
  it('documents every order route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = res.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/businesses/{businessId}/orders',
        '/api/orders',
        '/api/orders/counts',
        '/api/orders/export.csv',
        '/api/orders/{ref}',
        '/api/orders/{id}',
      ]),
    )
    expect(paths['/api/orders/{id}']?.patch?.tags).toEqual(['orders'])
  })
})
