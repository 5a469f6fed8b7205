import { describe, expect, it } from 'vitest'
import {
  createOrderSchema,
  deliveryChoiceOf,
  deliveryOptionsSchema,
  DELIVERY_MESSAGES,
  DELIVERY_SETTINGS_MESSAGES,
  MONTEVIDEO_BARRIOS,
  ORDER_MESSAGES,
  orderAmounts,
  orderStatusWhatsappText,
  pickablePlaces,
  placeKey,
  resolveDelivery,
  SHOP_SETTINGS_MESSAGES,
  trackingUrl,
  URUGUAY_DEPARTMENTS,
  zoneForPlace,
  type DeliverySettings,
  type DeliveryZone,
} from '../src/index.js'

const zone = (over: Partial<DeliveryZone> & Pick<DeliveryZone, 'id' | 'places'>): DeliveryZone => ({
  name: over.id,
  price: { UYU: 150 },
  enabled: true,
  ...over,
})

const settings: DeliverySettings = {
  pickup: true,
  delivery: { enabled: true, fee: {} },
  zones: [
    zone({ id: 'pocitos', places: [placeKey.barrio('Pocitos')], price: { UYU: 100 }, eta: '24 h' }),
    zone({
      id: 'mvd',
      places: [placeKey.department('Montevideo')],
      price: { UYU: 200, USD: 5 },
      freeFrom: { UYU: 3000 },
    }),
    zone({ id: 'canelones', places: [placeKey.department('Canelones')], price: { UYU: 300 } }),
    zone({ id: 'off', places: [placeKey.department('Rocha')], enabled: false }),
    zone({ id: 'norte', places: [placeKey.area('Zona Norte')], price: { UYU: 50 } }),
  ],
  agencies: [
    { id: 'dac', name: 'DAC', charge: 'destination', enabled: true },
    { id: 'ues', name: 'UES', charge: 'fixed', fee: { UYU: 250 }, enabled: true },
    { id: 'old', name: 'Vieja', charge: 'fixed', fee: { UYU: 1 }, enabled: false },
  ],
  pickupPoints: [
    {
      id: 'centro',
      name: 'Local Centro',
      address: '18 de Julio 1234',
      hours: null,
      note: 'Timbre 2',
    },
  ],
}

const pesos = (cents: number) => [{ currency: 'UYU' as const, lineCents: cents }]

describe('the official lists (issue 44 §1)', () => {
  it('has the 19 departments and the 62 barrios of Montevideo, without repeats', () => {
    expect(URUGUAY_DEPARTMENTS).toHaveLength(19)
    expect(new Set(URUGUAY_DEPARTMENTS).size).toBe(19)
    expect(MONTEVIDEO_BARRIOS).toHaveLength(62)
    expect(new Set(MONTEVIDEO_BARRIOS).size).toBe(62)
    expect(URUGUAY_DEPARTMENTS).toContain('Treinta y Tres')
    expect(MONTEVIDEO_BARRIOS).toContain('Pocitos')
  })
})

describe('zone lookup', () => {
  it('finds the most specific enabled zone: barrio, then Montevideo, then everywhere', () => {
    const zones = settings.zones!
    expect(zoneForPlace(zones, placeKey.barrio('Pocitos'))?.id).toBe('pocitos')
    expect(zoneForPlace(zones, placeKey.barrio('Cordón'))?.id).toBe('mvd')
    expect(zoneForPlace(zones, placeKey.department('Canelones'))?.id).toBe('canelones')
    expect(zoneForPlace(zones, placeKey.department('Rocha'))).toBeUndefined()
    expect(zoneForPlace(zones, placeKey.area('zona  norte'))?.id).toBe('norte')
    const all = [...zones, zone({ id: 'todo', places: ['*'] })]
    expect(zoneForPlace(all, placeKey.department('Rocha'))?.id).toBe('todo')
  })

  it('says plainly when a place is in no zone', () => {
    const r = resolveDelivery(settings, { kind: 'zone', place: placeKey.department('Salto') })
    expect(r).toEqual({
      ok: false,
      refusal: 'placeOutside',
      message: DELIVERY_MESSAGES.placeOutside,
    })
    expect(DELIVERY_MESSAGES.placeOutside).toBe(
      'El negocio no envía a ese lugar. Elige otro lugar, otra agencia o el retiro.',
    )
    expect(resolveDelivery(settings, { kind: 'zone' })).toMatchObject({ refusal: 'placeRequired' })
  })
})

describe("a choice priced by orderAmounts (the server's rule and the checkout's)", () => {
  it('prices a zone per currency with its own "gratis desde"', () => {
    const r = resolveDelivery(settings, { kind: 'zone', place: placeKey.barrio('Cordón') })
    if (!r.ok) throw new Error(r.message)
    expect(orderAmounts(pesos(100000), r.method, r.pricing).deliveryFee).toEqual({ UYU: 20000 })
    expect(orderAmounts(pesos(300000), r.method, r.pricing).deliveryFee).toEqual({})
    const dollars = [{ currency: 'USD' as const, lineCents: 2000 }]
    expect(orderAmounts(dollars, r.method, r.pricing).deliveryFee).toEqual({ USD: 500 })
    expect(r.detail).toEqual({ kind: 'zone', place: 'mvd:Cordón', zone: 'mvd' })
  })

  it('charges nothing for an agency paid at destination, the fixed fee otherwise', () => {
    const dac = resolveDelivery(settings, { kind: 'agency', agencyId: 'dac' })
    if (!dac.ok) throw new Error(dac.message)
    expect(orderAmounts(pesos(1000), dac.method, dac.pricing).deliveryFee).toEqual({})
    expect(dac.detail).toEqual({ kind: 'agency', agency: 'DAC', payAtDestination: true })
    const ues = resolveDelivery(settings, { kind: 'agency', agencyId: 'ues' })
    if (!ues.ok) throw new Error(ues.message)
    expect(orderAmounts(pesos(1000), ues.method, ues.pricing).totals).toEqual({ UYU: 26000 })
    expect(resolveDelivery(settings, { kind: 'agency', agencyId: 'old' })).toMatchObject({
      refusal: 'agencyUnknown',
    })
  })

  it('keeps the pickup point on the order and charges nothing', () => {
    const r = resolveDelivery(settings, { kind: 'pickup', pickupPointId: 'centro' })
    expect(r).toMatchObject({
      ok: true,
      method: 'pickup',
      detail: { point: { name: 'Local Centro', address: '18 de Julio 1234', note: 'Timbre 2' } },
    })
    expect(resolveDelivery(settings, { kind: 'pickup', pickupPointId: 'x' })).toMatchObject({
      refusal: 'pointUnknown',
    })
  })

  it("prices a shop saved before zones as today's single fee everywhere", () => {
    const legacy: DeliverySettings = {
      pickup: true,
      delivery: { enabled: true, fee: { UYU: 150 }, freeFrom: { UYU: 3000 } },
    }
    const r = resolveDelivery(legacy, { kind: 'zone' })
    if (!r.ok) throw new Error(r.message)
    expect(orderAmounts(pesos(1000), r.method, r.pricing).deliveryFee).toEqual({ UYU: 15000 })
    expect(orderAmounts(pesos(300000), r.method, r.pricing).deliveryFee).toEqual({})
    const off = resolveDelivery(
      { ...legacy, delivery: { enabled: false, fee: {} } },
      { kind: 'zone' },
    )
    expect(off).toMatchObject({ refusal: 'deliveryUnavailable' })
  })

  it('prices by weight bands when the zone has them and the weight is known', () => {
    const z = zone({
      id: 'w',
      places: ['*'],
      price: { UYU: 100 },
      weightBands: [
        { upToGrams: 1000, price: { UYU: 150 } },
        { upToGrams: 5000, price: { UYU: 300 } },
      ],
    })
    const s: DeliverySettings = { pickup: false, delivery: { enabled: true, fee: {} }, zones: [z] }
    const fee = (grams?: number) => {
      const r = resolveDelivery(s, { kind: 'zone' }, grams)
      if (!r.ok) throw new Error(r.message)
      return orderAmounts(pesos(100), r.method, r.pricing).deliveryFee
    }
    expect(fee(800)).toEqual({ UYU: 15000 })
    expect(fee(4000)).toEqual({ UYU: 30000 })
    expect(fee(9000)).toEqual({ UYU: 10000 })
    expect(fee()).toEqual({ UYU: 10000 })
  })

  it('lists the places a shopper can pick', () => {
    const places = pickablePlaces(settings)
    expect(places).toContain('mvd:Pocitos')
    expect(places).toContain('dep:Canelones')
    expect(places).not.toContain('dep:Rocha')
    expect(places).not.toContain('dep:Montevideo')
  })
})

describe('tracking links', () => {
  it("fills known carriers' templates and leaves others as the code", () => {
    expect(trackingUrl('dac', 'AB 12')).toBe('https://www.dac.com.uy/envios/rastrear?guia=AB%2012')
    expect(trackingUrl('Correo Uruguayo', 'X1')).toContain('correo.com.uy')
    expect(trackingUrl('Moto de Juan', 'X1')).toBeUndefined()
  })
})

describe('settings validation (Spanish messages)', () => {
  const base = { pickup: true, delivery: { enabled: false } }
  const first = (input: unknown) => {
    const r = deliveryOptionsSchema.safeParse(input)
    return r.success ? undefined : r.error.issues[0]?.message
  }
  it('refuses a zone without name, without places, with an unknown place or a repeated place', () => {
    const z = { id: 'a', name: 'A', places: ['dep:Salto'], price: { UYU: 1 } }
    expect(first({ ...base, zones: [{ ...z, name: ' ' }] })).toBe(
      DELIVERY_SETTINGS_MESSAGES.zoneNameRequired,
    )
    expect(first({ ...base, zones: [{ ...z, places: [] }] })).toBe(
      DELIVERY_SETTINGS_MESSAGES.zonePlacesRequired,
    )
    expect(first({ ...base, zones: [{ ...z, places: ['dep:Narnia'] }] })).toBe(
      DELIVERY_SETTINGS_MESSAGES.placeInvalid,
    )
    expect(first({ ...base, zones: [z, { ...z, id: 'b' }] })).toBe(
      '«Salto» está en dos zonas; cada lugar va en una sola',
    )
    expect(first({ ...base, zones: [z, { ...z, places: ['dep:Rocha'] }] })).toBe(
      DELIVERY_SETTINGS_MESSAGES.duplicateId,
    )
    expect(first({ ...base, zones: [{ ...z, price: { UYU: -1 } }] })).toBe(
      SHOP_SETTINGS_MESSAGES.feeInvalid,
    )
    expect(first({ ...base, zones: [{ ...z, eta: 'x'.repeat(41) }] })).toBe(
      'No puede superar los 40 caracteres',
    )
  })
  it('refuses an agency with a fixed fee and no fee, and a pickup point without address', () => {
    expect(first({ ...base, agencies: [{ id: 'a', name: 'DAC', charge: 'fixed' }] })).toBe(
      DELIVERY_SETTINGS_MESSAGES.agencyFeeRequired,
    )
    expect(first({ ...base, agencies: [{ id: 'a', name: '', charge: 'destination' }] })).toBe(
      DELIVERY_SETTINGS_MESSAGES.agencyNameRequired,
    )
    expect(first({ ...base, pickupPoints: [{ id: 'p', name: 'Local', address: '' }] })).toBe(
      DELIVERY_SETTINGS_MESSAGES.pointAddressRequired,
    )
    expect(first({ ...base, pickupPoints: [{ id: 'p', name: '', address: 'x' }] })).toBe(
      DELIVERY_SETTINGS_MESSAGES.pointNameRequired,
    )
  })
  it('accepts agencies alone as the way to deliver', () => {
    const r = deliveryOptionsSchema.safeParse({
      pickup: false,
      delivery: { enabled: false },
      agencies: [{ id: 'a', name: 'DAC', charge: 'destination' }],
    })
    expect(r.success).toBe(true)
  })
})

describe("the shopper's delivery input", () => {
  const order = (delivery: object) =>
    createOrderSchema.safeParse({
      items: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1 }],
      customer: { name: 'Ana', phone: '099 123 456' },
      delivery,
      paymentMethod: 'efectivo',
    })
  it('asks for the branch when the shopper chose an agency', () => {
    const r = order({ method: 'delivery', agencyId: 'dac' })
    expect(r.success ? undefined : r.error.issues[0]?.message).toBe(ORDER_MESSAGES.branchRequired)
  })
  it('refuses an unknown place and carries the choice', () => {
    const bad = order({ method: 'delivery', address: 'x', place: 'dep:Narnia' })
    expect(bad.success ? undefined : bad.error.issues[0]?.message).toBe(
      DELIVERY_MESSAGES.placeRequired,
    )
    const ok = order({ method: 'delivery', address: 'Calle 1', place: 'dep:Salto' })
    if (!ok.success) throw new Error('valid')
    expect(deliveryChoiceOf(ok.data.delivery)).toEqual({ kind: 'zone', place: 'dep:Salto' })
    const agency = order({ method: 'delivery', address: 'Sucursal Salto', agencyId: 'dac' })
    if (!agency.success) throw new Error('valid')
    expect(deliveryChoiceOf(agency.data.delivery)).toEqual({ kind: 'agency', agencyId: 'dac' })
    const pickup = order({ method: 'pickup', pickupPointId: 'centro' })
    if (!pickup.success) throw new Error('valid')
    expect(deliveryChoiceOf(pickup.data.delivery)).toEqual({
      kind: 'pickup',
      pickupPointId: 'centro',
    })
  })
})

describe("the owner's WhatsApp message when shipping", () => {
  it('carries the tracking code and the link of a known carrier', () => {
    const order = {
      code: 'P-7K3Q',
      business: { _id: 'b', name: 'Tienda', identifier: 'tienda' },
      customer: { name: 'Ana', phone: '099' },
      delivery: {
        method: 'delivery' as const,
        tracking: { carrier: 'DAC', code: 'AB1', url: 'https://www.dac.com.uy/x' },
      },
    }
    // The default template (DEFAULT_WHATSAPP_TEMPLATES.enviado) with {seguimiento} filled in.
    expect(orderStatusWhatsappText(order, 'enviado', '')).toContain(
      'Tu pedido ya salió y va en camino. DAC: AB1 (https://www.dac.com.uy/x)',
    )
    const plain = { ...order, delivery: { method: 'delivery' as const } }
    expect(orderStatusWhatsappText(plain, 'enviado', '')).toMatch(/va en camino\.$/)
  })
})
