/**
 * Issue 41 §6: "Quedan 2" let a shopper order 4 and see "¡Pedido enviado!", and the owner then
 * could not confirm. Creating an order still reserves nothing (ADR 027: the owner's confirmation
 * takes the stock), but a line asking for more than is available now is refused with the Spanish
 * reason, at that line, and nothing is saved. An order whose stock ran short after it was sent
 * (another order confirmed first) tells its shopper on the order page (`stockShort`).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { ORDER_MESSAGES, type CreatedOrder, type Product } from '@vitrina/contracts'
import { orders } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { bearer } from './helpers/auth.js'
import {
  createOrderingShop,
  orderBody,
  placeOrder,
  postOrder,
  type OrderingShop,
} from './helpers/orders.js'
import { createTestProduct } from './helpers/products.js'

describe('orders refuse more than the stock available (issue 41 §6)', () => {
  const t = useTestApp()
  let shop: OrderingShop
  let taza: Product
  let yerba: Product
  let buzo: Product
  let libre: Product

  beforeAll(async () => {
    shop = await createOrderingShop(t.app)
    const product = (values: Record<string, unknown>) =>
      createTestProduct(t.app, shop.owner, shop.business._id, values as never)
    taza = await product({ name: 'Taza', price: '300', trackStock: 'true', stock: '2' })
    yerba = await product({ name: 'Yerba', price: '200', trackStock: 'true', stock: '40' })
    libre = await product({ name: 'Libreta', price: '100' })
    buzo = await product({
      name: 'Buzo',
      price: '1000',
      trackStock: 'true',
      options: [{ name: 'Talle', values: ['M', 'L'] }],
      variants: [
        { options: { Talle: 'M' }, stock: 3 },
        { options: { Talle: 'L' }, stock: 10 },
      ],
    })
  })

  const variantOf = (label: string) => buzo.variants.find((v) => v.options.Talle === label)!._id
  const countOrders = async () =>
    (await t.db.select().from(orders).where(eq(orders.businessId, shop.business._id))).length

  it('refuses a product line above its stock, naming what is left, and saves nothing', async () => {
    const before = await countOrders()
    const res = await postOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [
          { productId: libre._id, quantity: 1 },
          { productId: taza._id, quantity: 4 },
        ],
      }),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(ORDER_MESSAGES.stockShort('Taza', 2))
    expect(res.json().errors).toEqual([
      { path: 'items.1.quantity', message: ORDER_MESSAGES.stockShort('Taza', 2) },
    ])
    expect(res.json().message).toBe(
      'Solo quedan 2 unidades de «Taza». Cambia la cantidad para continuar.',
    )
    expect(await countOrders()).toBe(before)
  })

  it('refuses a variant line above its stock, and takes what is there', async () => {
    const res = await postOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: buzo._id, variantId: variantOf('M'), quantity: 4 }] }),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(ORDER_MESSAGES.stockShort('Buzo (M)', 3))
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: buzo._id, variantId: variantOf('M'), quantity: 3 }] }),
    )
    expect(order.items[0]!.quantity).toBe(3)
  })

  it('keeps stock numbers above the low-stock mark private (ADR 027)', async () => {
    const res = await postOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: yerba._id, quantity: 41 }] }),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(ORDER_MESSAGES.stockShort('Yerba', 40))
    expect(res.json().message).not.toContain('40')
    // Untracked products have no ceiling but the order's 99.
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: libre._id, quantity: 99 }] }),
    )
    expect(order.items[0]!.quantity).toBe(99)
  })

  it("tells the shopper on the order's page when its stock ran short before confirmation", async () => {
    const publicOrder = (order: CreatedOrder) =>
      t.app.inject({ method: 'GET', url: `/api/orders/${order.code}?t=${order.token}` })
    const body = orderBody({ items: [{ productId: taza._id, quantity: 2 }] })
    const first = await placeOrder(t.app, shop.business._id, body)
    const second = await placeOrder(t.app, shop.business._id, body)
    expect((await publicOrder(first)).json().stockShort).toBeUndefined()

    const [row] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.businessId, shop.business._id), eq(orders.code, second.code)))
    const confirmed = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${row!.id}`,
      headers: bearer(shop.owner.accessToken),
      payload: { status: 'confirmado' },
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)

    // The first order can no longer be confirmed as sent: its page says which line is short.
    expect((await publicOrder(first)).json().stockShort).toEqual(['Taza'])
    // The confirmed one took its stock: nothing to tell.
    expect((await publicOrder(second)).json().stockShort).toBeUndefined()
  })
})
