/**
 * Order codes: unique per business. A code already taken is drawn again (the insert's ON
 * CONFLICT DO NOTHING), the length grows after three collisions, and nothing of the losing try is
 * left behind (no second history entry nor mail).
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { mailOutbox, orderEvents, orders } from '../src/db/schema/index.js'
import { codeLengthFor, hashOrderToken, newOrderToken } from '../src/modules/orders/codes.js'
import type * as Codes from '../src/modules/orders/codes.js'
import { useTestApp } from './helpers/app.js'
import { createOrderingShop, orderBody, placeOrder } from './helpers/orders.js'

const drawn: string[] = []
vi.mock('../src/modules/orders/codes.js', async (original) => {
  const real = await original<typeof Codes>()
  return {
    ...real,
    orderCode: vi.fn((length?: number) => drawn.shift() ?? real.orderCode(length)),
  }
})

const t = useTestApp({ RATE_LIMIT: 'false' })

describe('order codes', () => {
  it('grow from 4 to 8 characters, three tries each', () => {
    expect(Array.from({ length: 16 }, (_, i) => codeLengthFor(i))).toEqual([
      4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 8,
    ])
  })

  it('tokens are 32 random bytes; only a SHA-256 is stored', () => {
    const token = newOrderToken()
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(newOrderToken()).not.toBe(token)
    expect(hashOrderToken(token)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('a taken code is drawn again, in the same business only', async () => {
    const shop = await createOrderingShop(t.app)
    const other = await createOrderingShop(t.app)
    const body = (s: typeof shop) =>
      orderBody({ items: [{ productId: s.products.pricey.id, quantity: 1 }] })
    drawn.push('P-AAAA')
    expect((await placeOrder(t.app, shop.business._id, body(shop))).code).toBe('P-AAAA')
    // Another business may use the same code.
    drawn.push('P-AAAA')
    expect((await placeOrder(t.app, other.business._id, body(other))).code).toBe('P-AAAA')
    // Taken three times in this business, then free.
    drawn.push('P-AAAA', 'P-AAAA', 'P-AAAA', 'P-BBBBB')
    const third = await placeOrder(t.app, shop.business._id, body(shop))
    expect(third.code).toBe('P-BBBBB')
    const rows = await t.db.select().from(orders).where(eq(orders.businessId, shop.business._id))
    expect(rows.map((r) => r.code).sort()).toEqual(['P-AAAA', 'P-BBBBB'])
    for (const row of rows) {
      const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id))
      expect(events).toHaveLength(1)
    }
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, shop.owner.user.email))
    expect(
      mails
        .filter((m) => m.kind === 'order-new')
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Nuevo pedido P-AAAA', 'Nuevo pedido P-BBBBB'])
  })
})
