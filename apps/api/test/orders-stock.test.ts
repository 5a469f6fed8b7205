/**
 * Issue 25: orders of products with variants and stock. A product with variants is ordered as
 * one of them (its price, its label); a sold-out line is refused; confirming takes the stock of
 * every tracked line at once or answers 409 naming the product and changes nothing; cancelling a
 * confirmed order gives the stock back. Two confirmations racing for the last unit: one wins
 * (PostgreSQL; PGlite has a single connection, so nothing can race there).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { VARIANT_MESSAGES, type CreatedOrder, type Product } from '@vitrina/contracts'
import { orders } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { bearer } from './helpers/auth.js'
import { testEngine } from './helpers/database.js'
import {
  createOrderingShop,
  orderBody,
  placeOrder,
  postOrder,
  type OrderingShop,
} from './helpers/orders.js'
import { createTestProduct } from './helpers/products.js'

describe('orders of variants and stock', () => {
  const t = useTestApp()
  let shop: OrderingShop
  let buzo: Product
  let taza: Product

  const variant = (product: Product, label: string) =>
    product.variants.find((v) => `${v.options.Talle} / ${v.options.Color}` === label)!

  /** The order's id (the shopper's reply carries its code, not its id). */
  async function idOf(created: CreatedOrder): Promise<string> {
    const [row] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.businessId, shop.business._id), eq(orders.code, created.code)))
    return row!.id
  }

  beforeAll(async () => {
    shop = await createOrderingShop(t.app)
    buzo = await createTestProduct(t.app, shop.owner, shop.business._id, {
      name: 'Buzo canguro',
      price: '1000',
      trackStock: 'true',
      options: [
        { name: 'Talle', values: ['M', 'L'] },
        { name: 'Color', values: ['Azul'] },
      ],
      variants: [
        { options: { Talle: 'M', Color: 'Azul' }, stock: 3, price: 1200, code: 'BUZ-M' },
        { options: { Talle: 'L', Color: 'Azul' }, stock: 0 },
      ],
    })
    taza = await createTestProduct(t.app, shop.owner, shop.business._id, {
      name: 'Taza',
      price: '300',
      trackStock: 'true',
      stock: '1',
    })
  })

  async function confirm(order: CreatedOrder, status = 'confirmado', reason?: string) {
    return t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${await idOf(order)}`,
      headers: bearer(shop.owner.accessToken),
      payload: { status, ...(reason ? { reason } : {}) },
    })
  }

  async function stockOf(id: string): Promise<Product> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${id}`,
      headers: bearer(shop.owner.accessToken),
    })
    return res.json() as Product
  }

  const line = (product: Product, quantity: number, label?: string) => ({
    productId: product._id,
    ...(label ? { variantId: variant(product, label)._id } : {}),
    quantity,
  })

  it('asks for a variant, refuses an unknown or sold-out one, and a sold-out product', async () => {
    const cases: [object, string][] = [
      [line(buzo, 1), VARIANT_MESSAGES.orderVariantRequired('Buzo canguro')],
      [
        { ...line(buzo, 1), variantId: '00000000-0000-4000-8000-000000000000' },
        VARIANT_MESSAGES.orderVariantUnknown('Buzo canguro'),
      ],
      [line(buzo, 1, 'L / Azul'), VARIANT_MESSAGES.orderSoldOut('Buzo canguro (L / Azul)')],
      [
        { ...line(taza, 1), variantId: variant(buzo, 'M / Azul')._id },
        VARIANT_MESSAGES.orderVariantUnknown('Taza'),
      ],
    ]
    for (const [item, message] of cases) {
      const res = await postOrder(t.app, shop.business._id, orderBody({ items: [item as never] }))
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().message).toBe(message)
    }
  })

  it("prices a variant line at the variant's price and names it", async () => {
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [line(buzo, 2, 'M / Azul')] }),
    )
    expect(order.items[0]).toMatchObject({
      name: 'Buzo canguro',
      variantLabel: 'M / Azul',
      variantId: variant(buzo, 'M / Azul')._id,
      code: 'BUZ-M',
      unitPrice: 1200,
      lineTotal: 2400,
    })
    expect(decodeURIComponent(order.whatsappUrl)).toContain('Buzo canguro (M / Azul)')
  })

  it('takes stock on confirmation, refuses with 409 when short, and gives it back on cancel', async () => {
    const first = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [line(buzo, 2, 'M / Azul'), line(taza, 1)] }),
    )
    const second = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [line(taza, 1), line(buzo, 2, 'M / Azul')] }),
    )
    // The storefront's cached read of the product does not outlive the confirmation.
    const publicRead = () => t.app.inject({ method: 'GET', url: `/api/products/${taza._id}` })
    expect((await publicRead()).json().available).toBe(true)
    expect((await confirm(first)).statusCode).toBe(200)
    expect((await publicRead()).json().available).toBe(false)
    expect(variant(await stockOf(buzo._id), 'M / Azul').stock).toBe(1)
    const tazaAfter = await stockOf(taza._id)
    expect([tazaAfter.stock, tazaAfter.available]).toEqual([0, false])

    const short = await confirm(second)
    expect(short.statusCode).toBe(409)
    // Lines are taken in a fixed order; whichever comes first is short and named.
    expect([
      VARIANT_MESSAGES.confirmOutOfStock('Buzo canguro (M / Azul)'),
      VARIANT_MESSAGES.confirmOutOfStock('Taza'),
    ]).toContain(short.json().message)
    // Nothing changed: the order is still new and no stock moved.
    const owner = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${await idOf(second)}`,
      headers: bearer(shop.owner.accessToken),
    })
    expect(owner.json().status).toBe('nuevo')
    expect(variant(await stockOf(buzo._id), 'M / Azul').stock).toBe(1)

    // A sold-out product can no longer be ordered.
    const soldOut = await postOrder(t.app, shop.business._id, orderBody({ items: [line(taza, 1)] }))
    expect(soldOut.json().message).toBe(VARIANT_MESSAGES.orderSoldOut('Taza'))

    expect((await confirm(first, 'cancelado', 'Sin stock en el local')).statusCode).toBe(200)
    expect(variant(await stockOf(buzo._id), 'M / Azul').stock).toBe(3)
    const restored = await stockOf(taza._id)
    expect([restored.stock, restored.available]).toEqual([1, true])
    // Cancelling an order never confirmed gives nothing back.
    expect((await confirm(second, 'cancelado', 'Cliente desistió')).statusCode).toBe(200)
    expect(variant(await stockOf(buzo._id), 'M / Azul').stock).toBe(3)
  })

  it('does not touch products that do not track stock', async () => {
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: shop.products.pricey.id, quantity: 5 }] }),
    )
    expect((await confirm(order)).statusCode).toBe(200)
    expect((await stockOf(shop.products.pricey.id)).available).toBe(true)
  })

  it('a confirmation short on one line takes nothing from its other lines; what it took is kept', async () => {
    const vela = await createTestProduct(t.app, shop.owner, shop.business._id, {
      name: 'Vela',
      price: '250',
      trackStock: 'true',
      stock: '5',
    })
    const jarra = await createTestProduct(t.app, shop.owner, shop.business._id, {
      name: 'Jarra',
      price: '700',
      trackStock: 'true',
      stock: '1',
    })
    const first = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [line(jarra, 1), line(buzo, 1, 'M / Azul')] }),
    )
    const second = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [line(vela, 2), line(jarra, 1)] }),
    )
    const buzoBefore = variant(await stockOf(buzo._id), 'M / Azul').stock!
    expect((await confirm(first)).statusCode).toBe(200)
    const [taken] = await t.db
      .select({ stockTaken: orders.stockTaken })
      .from(orders)
      .where(eq(orders.id, await idOf(first)))
    expect(taken!.stockTaken).toHaveLength(2)
    expect(taken!.stockTaken).toEqual(
      expect.arrayContaining([
        { productId: jarra._id, variantId: null, quantity: 1 },
        { productId: buzo._id, variantId: variant(buzo, 'M / Azul')._id, quantity: 1 },
      ]),
    )

    const short = await confirm(second)
    expect(short.statusCode).toBe(409)
    expect(short.json().message).toBe(VARIANT_MESSAGES.confirmOutOfStock('Jarra'))
    expect((await stockOf(vela._id)).stock).toBe(5)
    const [still] = await t.db
      .select({ status: orders.status, stockTaken: orders.stockTaken })
      .from(orders)
      .where(eq(orders.id, await idOf(second)))
    expect(still).toEqual({ status: 'nuevo', stockTaken: null })

    // Cancelling the first gives back exactly what it took.
    expect((await confirm(first, 'cancelado', 'Cliente desistió')).statusCode).toBe(200)
    expect((await stockOf(jarra._id)).stock).toBe(1)
    expect(variant(await stockOf(buzo._id), 'M / Azul').stock).toBe(buzoBefore)
  })

  it.runIf(testEngine === 'postgres')(
    'two confirmations of the same order at once: one 200, one 409, the stock taken once',
    async () => {
      const plato = await createTestProduct(t.app, shop.owner, shop.business._id, {
        name: 'Plato hondo',
        price: '400',
        trackStock: 'true',
        stock: '4',
      })
      const order = await placeOrder(
        t.app,
        shop.business._id,
        orderBody({ items: [line(plato, 1)] }),
      )
      const replies = await Promise.all([confirm(order), confirm(order)])
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409])
      expect((await stockOf(plato._id)).stock).toBe(3)
    },
  )

  it.runIf(testEngine === 'postgres')(
    'lets one of two racing confirmations take the last unit; the other gets 409',
    async () => {
      const last = await createTestProduct(t.app, shop.owner, shop.business._id, {
        name: 'Lámpara única',
        price: '900',
        trackStock: 'true',
        stock: '1',
      })
      const orders = await Promise.all(
        [1, 2].map(() =>
          placeOrder(t.app, shop.business._id, orderBody({ items: [line(last, 1)] })),
        ),
      )
      const replies = await Promise.all(orders.map((o) => confirm(o)))
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409])
      const loser = replies.find((r) => r.statusCode === 409)!
      expect(loser.json().message).toBe(VARIANT_MESSAGES.confirmOutOfStock('Lámpara única'))
      const after = await stockOf(last._id)
      expect([after.stock, after.available]).toEqual([0, false])
    },
  )
})
