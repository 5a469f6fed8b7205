/**
 * Issue 44: delivery by zone, parcel agency and pickup point. The owner stores zones, agencies
 * and points with the business's settings (Spanish messages for bad ones, nothing stored); the
 * shopper sends a place, an agency or a point, never a price, and the server prices it with
 * contracts' resolveDelivery + orderAmounts; a place in no zone is a 400 before the order. The
 * owner ships with a tracking code; the shopper's page shows the known carrier's link.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  DELIVERY_MESSAGES,
  DELIVERY_SETTINGS_MESSAGES,
  ORDER_MESSAGES,
  publicOrderSchema,
  SHOP_SETTINGS_MESSAGES,
  type Business,
  type CreatedOrder,
} from '@vitrina/contracts'
import { businesses, orders } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin } from './helpers/auth.js'
import { patchBusiness } from './helpers/catalogue.js'
import {
  createOrderingShop,
  orderBody,
  placeOrder,
  postOrder,
  type OrderingShop,
} from './helpers/orders.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

const HOURS = {
  mon: [{ from: '10:00', to: '18:00' }],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [{ from: '09:00', to: '13:00' }],
  sun: [],
}

const DELIVERY = {
  pickup: false,
  delivery: { enabled: true, fee: {} },
  zones: [
    {
      id: 'mvd',
      name: 'Montevideo',
      places: ['dep:Montevideo'],
      price: { UYU: 150, USD: 4 },
      freeFrom: { UYU: 2000 },
      eta: '24 h',
      enabled: true,
    },
    {
      id: 'costa',
      name: 'Costa de Oro',
      places: ['dep:Canelones', 'mvd:Carrasco'],
      price: { UYU: 250 },
      eta: '2 a 4 días hábiles',
      enabled: true,
    },
    { id: 'rocha', name: 'Rocha', places: ['dep:Rocha'], price: { UYU: 1 }, enabled: false },
  ],
  agencies: [
    { id: 'dac', name: 'DAC', charge: 'destination', enabled: true },
    { id: 'ues', name: 'UES', charge: 'fixed', fee: { UYU: 180 }, enabled: true },
  ],
  pickupPoints: [
    {
      id: 'centro',
      name: 'Local Centro',
      address: 'Av. 18 de Julio 1234',
      hours: HOURS,
      note: 'Tocar timbre 2',
    },
  ],
}

async function zonedShop(): Promise<OrderingShop> {
  return createOrderingShop(t.app, { deliveryOptions: DELIVERY })
}

function items(shop: OrderingShop, quantity = 1) {
  return [{ productId: shop.products.pricey.id, quantity }]
}

describe('delivery settings (zones, agencies, pickup points)', () => {
  it('stores them and the public reply carries them', async () => {
    const shop = await zonedShop()
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${shop.business.identifier}/identifier`,
    })
    const business = res.json() as Business
    expect(business.deliveryOptions.zones).toHaveLength(3)
    expect(business.deliveryOptions.zones?.[1]).toMatchObject({
      places: ['dep:Canelones', 'mvd:Carrasco'],
      eta: '2 a 4 días hábiles',
    })
    expect(business.deliveryOptions.agencies?.[0]).toMatchObject({ name: 'DAC' })
    expect(business.deliveryOptions.pickupPoints?.[0]).toMatchObject({ hours: HOURS })
  })

  it.each([
    [
      { zones: [{ ...DELIVERY.zones[0], places: ['dep:Narnia'] }] },
      'deliveryOptions',
      DELIVERY_SETTINGS_MESSAGES.placeInvalid,
    ],
    [
      { zones: [DELIVERY.zones[0], { ...DELIVERY.zones[1], places: ['dep:Montevideo'] }] },
      'deliveryOptions',
      DELIVERY_SETTINGS_MESSAGES.placeInTwoZones('Montevideo'),
    ],
    [
      { zones: [{ ...DELIVERY.zones[0], name: '' }] },
      'deliveryOptions',
      DELIVERY_SETTINGS_MESSAGES.zoneNameRequired,
    ],
    [
      { agencies: [{ id: 'a', name: 'DAC', charge: 'fixed' }] },
      'deliveryOptions',
      DELIVERY_SETTINGS_MESSAGES.agencyFeeRequired,
    ],
    [
      { pickupPoints: [{ id: 'p', name: 'Local', address: ' ' }] },
      'deliveryOptions',
      DELIVERY_SETTINGS_MESSAGES.pointAddressRequired,
    ],
    [
      {
        pickupPoints: [
          {
            id: 'p',
            name: 'Local',
            address: 'x',
            hours: { mon: [{ from: '25:00', to: '10:00' }] },
          },
        ],
      },
      'deliveryOptions',
      SHOP_SETTINGS_MESSAGES.timeInvalid,
    ],
  ])(
    'refuses bad settings with a Spanish 400 and stores nothing (%#)',
    async (bad, _f, message) => {
      const shop = await zonedShop()
      const res = await patchBusiness(t.app, shop.owner, shop.business._id, {
        deliveryOptions: { ...DELIVERY, ...bad },
      })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.body).toContain(message)
      const [row] = await t.db
        .select({ options: businesses.deliveryOptions })
        .from(businesses)
        .where(eq(businesses.id, shop.business._id))
      expect(row?.options?.zones).toHaveLength(3)
    },
  )

  it("one owner cannot change another shop's zones", async () => {
    const shop = await zonedShop()
    const other = await registerAndLogin(t.app, { name: 'Otra Dueña' })
    const res = await patchBusiness(t.app, other, shop.business._id, {
      deliveryOptions: { ...DELIVERY, zones: [] },
    })
    expect([403, 404]).toContain(res.statusCode)
    const [row] = await t.db
      .select({ options: businesses.deliveryOptions })
      .from(businesses)
      .where(eq(businesses.id, shop.business._id))
    expect(row?.options?.zones).toHaveLength(3)
  })
})

describe('the server prices the chosen delivery (the client sends no price)', () => {
  it('finds the zone of a barrio through its department, in pesos, with "gratis desde"', async () => {
    const shop = await zonedShop()
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: items(shop),
        delivery: { method: 'delivery', address: 'Bvar. España 2000', place: 'mvd:Pocitos' },
        // A price sent by the client is ignored.
        deliveryFee: { UYU: 0 },
      } as never),
    )
    expect(order.deliveryFee).toEqual({ UYU: 150 })
    expect(order.totals).toEqual({ UYU: 1350 })
    expect(order.delivery.detail).toEqual({
      kind: 'zone',
      place: 'mvd:Pocitos',
      zone: 'Montevideo',
      eta: '24 h',
    })
    const free = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: items(shop, 2),
        delivery: { method: 'delivery', address: 'Bvar. España 2000', place: 'mvd:Pocitos' },
      }),
    )
    expect(free.deliveryFee).toEqual({})
  })

  it('prefers the barrio listed in its own zone, and charges in dollars for dollar items', async () => {
    const shop = await zonedShop()
    const carrasco = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: items(shop),
        delivery: { method: 'delivery', address: 'Arocena 1500', place: 'mvd:Carrasco' },
      }),
    )
    expect(carrasco.deliveryFee).toEqual({ UYU: 250 })
    const dollars = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.products.dollars.id, quantity: 1 }],
        delivery: { method: 'delivery', address: 'Rambla 1', place: 'mvd:Buceo' },
      }),
    )
    expect(dollars.deliveryFee).toEqual({ USD: 4 })
  })

  it('refuses a place in no zone (or in a zone turned off) before the order, plainly', async () => {
    const shop = await zonedShop()
    for (const place of ['dep:Salto', 'dep:Rocha']) {
      const res = await postOrder(
        t.app,
        shop.business._id,
        orderBody({ items: items(shop), delivery: { method: 'delivery', address: 'x', place } }),
      )
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        message: DELIVERY_MESSAGES.placeOutside,
        errors: [{ path: 'delivery.place', message: DELIVERY_MESSAGES.placeOutside }],
      })
    }
    const none = await postOrder(
      t.app,
      shop.business._id,
      orderBody({ items: items(shop), delivery: { method: 'delivery', address: 'x' } }),
    )
    expect(none.json()).toMatchObject({ message: DELIVERY_MESSAGES.placeRequired })
    const rows = await t.db.select().from(orders).where(eq(orders.businessId, shop.business._id))
    expect(rows).toHaveLength(0)
  })

  it('an agency paid at destination costs nothing now; a fixed-fee agency charges its fee', async () => {
    const shop = await zonedShop()
    const dac = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: items(shop),
        delivery: { method: 'delivery', agencyId: 'dac', address: 'Sucursal DAC Salto' },
      }),
    )
    expect(dac.deliveryFee).toEqual({})
    expect(dac.delivery).toMatchObject({
      address: 'Sucursal DAC Salto',
      detail: { kind: 'agency', agency: 'DAC', payAtDestination: true },
    })
    const ues = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: items(shop),
        delivery: { method: 'delivery', agencyId: 'ues', address: 'UES Paysandú' },
      }),
    )
    expect(ues.deliveryFee).toEqual({ UYU: 180 })
    const unknown = await postOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: items(shop),
        delivery: { method: 'delivery', agencyId: 'nope', address: 'x' },
      }),
    )
    expect(unknown.json()).toMatchObject({
      errors: [{ path: 'delivery.agencyId', message: DELIVERY_MESSAGES.agencyUnknown }],
    })
    const noBranch = await postOrder(
      t.app,
      shop.business._id,
      orderBody({ items: items(shop), delivery: { method: 'delivery', agencyId: 'dac' } }),
    )
    expect(noBranch.json()).toMatchObject({ message: ORDER_MESSAGES.branchRequired })
  })

  it('a pickup point is free and the order page shows it; an unknown point is refused', async () => {
    const shop = await zonedShop()
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: items(shop), delivery: { method: 'pickup', pickupPointId: 'centro' } }),
    )
    expect(order.deliveryFee).toEqual({})
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.code}?t=${order.token}`,
    })
    const publicOrder = publicOrderSchema.parse(page.json())
    expect(publicOrder.delivery.detail).toEqual({
      kind: 'pickup',
      point: { name: 'Local Centro', address: 'Av. 18 de Julio 1234', note: 'Tocar timbre 2' },
    })
    // The shop's own counter is off: plain pickup and an unknown point are refused.
    for (const delivery of [{ method: 'pickup' }, { method: 'pickup', pickupPointId: 'x' }]) {
      const res = await postOrder(
        t.app,
        shop.business._id,
        orderBody({ items: items(shop), delivery } as never),
      )
      expect(res.json()).toMatchObject({ message: DELIVERY_MESSAGES.pointUnknown })
    }
  })

  it('a shop saved before zones keeps charging its single fee everywhere', async () => {
    const shop = await createOrderingShop(t.app)
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: items(shop),
        delivery: { method: 'delivery', address: 'Rambla 1', place: 'dep:Artigas' },
      }),
    )
    expect(order.deliveryFee).toEqual({ UYU: 150 })
    expect(order.delivery.detail).toMatchObject({ kind: 'zone', zone: 'Todo el país' })
  })
})

describe('shipping with a tracking code (issue 44 §2)', () => {
  async function shipped(shop: OrderingShop, created: CreatedOrder, tracking: object) {
    const [row] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.code, created.code))
    const patch = (body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${row!.id}`,
        headers: bearer(shop.owner.accessToken),
        payload: body,
      })
    expect((await patch({ status: 'confirmado' })).statusCode).toBe(200)
    return patch({ status: 'enviado', tracking })
  }

  it("keeps the carrier and code; a known carrier gets its link on the shopper's page", async () => {
    const shop = await zonedShop()
    const created = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: items(shop),
        delivery: { method: 'delivery', agencyId: 'dac', address: 'DAC Salto' },
      }),
    )
    const res = await shipped(shop, created, { carrier: 'DAC', code: 'AB123' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().delivery.tracking).toEqual({
      carrier: 'DAC',
      code: 'AB123',
      url: 'https://www.dac.com.uy/envios/rastrear?guia=AB123',
    })
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${created.code}?t=${created.token}`,
    })
    expect(page.json().delivery.tracking).toMatchObject({ code: 'AB123' })
    expect(page.json().status).toBe('enviado')
  })

  it('another carrier shows the code alone; bad tracking is a Spanish 400', async () => {
    const shop = await zonedShop()
    const created = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: items(shop),
        delivery: { method: 'delivery', address: 'x', place: 'dep:Canelones' },
      }),
    )
    const bad = await shipped(shop, created, { carrier: 'Moto Juan', code: '' })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain(DELIVERY_SETTINGS_MESSAGES.trackingCodeRequired)
    const [row] = await t.db.select().from(orders).where(eq(orders.code, created.code))
    expect(row?.status).toBe('confirmado')
    expect(row?.tracking).toBeNull()
    const wrongStatus = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${row!.id}`,
      headers: bearer(shop.owner.accessToken),
      payload: { status: 'cancelado', reason: 'x', tracking: { carrier: 'DAC', code: '1' } },
    })
    expect(wrongStatus.json()).toMatchObject({
      message: DELIVERY_SETTINGS_MESSAGES.trackingOnlyShipped,
    })
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${row!.id}`,
      headers: bearer(shop.owner.accessToken),
      payload: { status: 'enviado', tracking: { carrier: 'Moto Juan', code: 'M-1' } },
    })
    expect(ok.json().delivery.tracking).toEqual({ carrier: 'Moto Juan', code: 'M-1' })
  })
})
