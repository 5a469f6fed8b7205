/**
 * Issue 24 §1: the business's WhatsApp number, delivery options, payment methods, opening hours
 * and time zone — multipart text parts (JSON text for the last three, like socialLinks), stored,
 * and carried by the public reply. Every Spanish message of SHOP_SETTINGS_MESSAGES is answered
 * through the API with the field it belongs to.
 */
import { describe, expect, it } from 'vitest'
import { SHOP_SETTINGS_MESSAGES, type Business, type OwnerBusiness } from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import {
  businessFields,
  type BusinessFieldValues,
  createTestBusiness,
  patchBusiness,
  postBusiness,
} from './helpers/catalogue.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

const DELIVERY = {
  pickup: true,
  delivery: {
    enabled: true,
    fee: { UYU: 150, USD: 5 },
    freeFrom: { UYU: 2500 },
    note: 'Montevideo, de lunes a viernes',
  },
}
const PAYMENTS = [
  { type: 'efectivo' },
  { type: 'transferencia', instructions: 'BROU caja de ahorro 001234567-00001' },
]
const HOURS = {
  mon: [
    { from: '09:00', to: '13:00' },
    { from: '15:00', to: '19:00' },
  ],
  tue: [{ from: '09:00', to: '19:00' }],
  wed: [],
  thu: [],
  fri: [{ from: '20:00', to: '02:00' }],
  sat: [],
  sun: [],
}

async function publicBusiness(identifier: string): Promise<Business> {
  const res = await t.app.inject({ method: 'GET', url: `/api/businesses/${identifier}/identifier` })
  expect(res.statusCode).toBe(200)
  return res.json() as Business
}

describe('creating a business with the ordering settings', () => {
  it('stores every setting and the public reply carries them', async () => {
    const owner = await registerAndLogin(t.app)
    const created = await createTestBusiness(t.app, owner, {
      whatsapp: '099 111 222',
      deliveryOptions: DELIVERY,
      paymentMethods: PAYMENTS,
      openingHours: HOURS,
      timeZone: 'America/Argentina/Buenos_Aires',
    })
    const read = await publicBusiness(created.identifier)
    expect(read).toMatchObject({
      whatsapp: '+59899111222',
      deliveryOptions: DELIVERY,
      paymentMethods: PAYMENTS,
      openingHours: HOURS,
      timeZone: 'America/Argentina/Buenos_Aires',
    })
    // The zone's offsets, so the storefront reads the shop's clock without Intl (UTC−3 all year).
    const offsets = read.timeZoneOffsets!
    expect(offsets.offsets).toEqual([{ from: expect.any(Number), minutes: -180 }])
    expect(offsets.offsets[0]!.from).toBeLessThanOrEqual(Date.now() - 86_400_000)
    expect(offsets.until).toBeGreaterThan(Date.now() + 365 * 86_400_000)
  })

  it('without whatsapp: the phone when it is a mobile, none for a landline; defaults', async () => {
    const mobile = await createTestBusiness(t.app, await registerAndLogin(t.app), {
      phone: '099 765 432',
    })
    expect(mobile.whatsapp).toBe('+59899765432')
    expect(mobile).toMatchObject({
      deliveryOptions: { pickup: true, delivery: { enabled: false, fee: {} } },
      paymentMethods: [{ type: 'efectivo' }],
      openingHours: null,
      timeZone: 'America/Montevideo',
    })
    const landline = await createTestBusiness(t.app, await registerAndLogin(t.app), {
      phone: '+598 2915 4321',
    })
    expect(landline.whatsapp).toBeNull()
  })
})

describe('editing the ordering settings', () => {
  it('changes them, clears the hours with the text null and the number with a blank', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, { openingHours: HOURS })
    const res = await patchBusiness(t.app, owner, business._id, {
      whatsapp: '+54 9 11 2345 6789',
      deliveryOptions: { pickup: false, delivery: { enabled: true, fee: { USD: 10 } } },
      paymentMethods: [{ type: 'mercadopago', instructions: 'alias tienda.mp' }],
      openingHours: 'null',
      timeZone: 'America/Sao_Paulo',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<OwnerBusiness>()).toMatchObject({
      whatsapp: '+5491123456789',
      deliveryOptions: { pickup: false, delivery: { enabled: true, fee: { USD: 10 } } },
      paymentMethods: [{ type: 'mercadopago', instructions: 'alias tienda.mp' }],
      openingHours: null,
      timeZone: 'America/Sao_Paulo',
    })
    const cleared = await patchBusiness(t.app, owner, business._id, { whatsapp: '' })
    expect(cleared.json<OwnerBusiness>().whatsapp).toBeNull()
    // Fields not sent are kept.
    expect((await publicBusiness(business.identifier)).timeZone).toBe('America/Sao_Paulo')
  })
})

describe('Spanish messages (400 naming the field)', () => {
  const cases: [string, BusinessFieldValues, string, string][] = [
    ['whatsapp', { whatsapp: '12ab' }, 'whatsapp', SHOP_SETTINGS_MESSAGES.whatsappInvalid],
    [
      'delivery not JSON',
      { deliveryOptions: '{' },
      'deliveryOptions',
      SHOP_SETTINGS_MESSAGES.deliveryInvalid,
    ],
    [
      'delivery of the wrong shape',
      { deliveryOptions: { pickup: 'sí', delivery: { enabled: false } } },
      'deliveryOptions.pickup',
      SHOP_SETTINGS_MESSAGES.deliveryInvalid,
    ],
    [
      'no way to deliver',
      { deliveryOptions: { pickup: false, delivery: { enabled: false, fee: {} } } },
      'deliveryOptions',
      SHOP_SETTINGS_MESSAGES.deliveryRequired,
    ],
    [
      'a fee with three decimals',
      { deliveryOptions: { pickup: true, delivery: { enabled: true, fee: { UYU: 10.005 } } } },
      'deliveryOptions.delivery.fee.UYU',
      SHOP_SETTINGS_MESSAGES.feeInvalid,
    ],
    [
      'a negative threshold',
      {
        deliveryOptions: {
          pickup: true,
          delivery: { enabled: true, fee: {}, freeFrom: { USD: -1 } },
        },
      },
      'deliveryOptions.delivery.freeFrom.USD',
      SHOP_SETTINGS_MESSAGES.feeInvalid,
    ],
    [
      'payments not JSON',
      { paymentMethods: '[' },
      'paymentMethods',
      SHOP_SETTINGS_MESSAGES.paymentMethodsInvalid,
    ],
    [
      'payments not a list',
      { paymentMethods: { type: 'efectivo' } },
      'paymentMethods',
      SHOP_SETTINGS_MESSAGES.paymentMethodsInvalid,
    ],
    [
      'no payment method',
      { paymentMethods: [] },
      'paymentMethods',
      SHOP_SETTINGS_MESSAGES.paymentMethodsRequired,
    ],
    [
      'a method twice',
      { paymentMethods: [{ type: 'efectivo' }, { type: 'efectivo' }] },
      'paymentMethods',
      SHOP_SETTINGS_MESSAGES.paymentMethodDuplicate,
    ],
    [
      'an unknown method',
      { paymentMethods: [{ type: 'bitcoin' }] },
      'paymentMethods.0.type',
      SHOP_SETTINGS_MESSAGES.paymentTypeInvalid,
    ],
    [
      'a transfer without account',
      { paymentMethods: [{ type: 'transferencia' }] },
      'paymentMethods.0.instructions',
      SHOP_SETTINGS_MESSAGES.paymentInstructionsRequired('Transferencia bancaria'),
    ],
    [
      'hours not JSON',
      { openingHours: 'lunes' },
      'openingHours',
      SHOP_SETTINGS_MESSAGES.hoursInvalid,
    ],
    [
      'an unknown day',
      { openingHours: { lunes: [] } },
      'openingHours',
      SHOP_SETTINGS_MESSAGES.hoursInvalid,
    ],
    [
      'a bad time',
      { openingHours: { mon: [{ from: '9', to: '18:00' }] } },
      'openingHours.mon.0.from',
      SHOP_SETTINGS_MESSAGES.timeInvalid,
    ],
    [
      'an empty interval',
      { openingHours: { mon: [{ from: '09:00', to: '09:00' }] } },
      'openingHours.mon.0.to',
      SHOP_SETTINGS_MESSAGES.intervalEmpty,
    ],
    [
      'four intervals a day',
      {
        openingHours: {
          mon: [
            { from: '08:00', to: '09:00' },
            { from: '10:00', to: '11:00' },
            { from: '12:00', to: '13:00' },
            { from: '14:00', to: '15:00' },
          ],
        },
      },
      'openingHours.mon',
      SHOP_SETTINGS_MESSAGES.intervalsMax,
    ],
    [
      'an unknown time zone',
      { timeZone: 'Marte/Olympus' },
      'timeZone',
      SHOP_SETTINGS_MESSAGES.timeZoneInvalid,
    ],
  ]

  it.each(cases)('create: %s', async (_label, fields, path, message) => {
    const owner = await registerAndLogin(t.app)
    const res = await postBusiness(t.app, owner, businessFields(fields))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toContainEqual({ path, message })
  })

  it.each(cases)('update: %s (nothing changed)', async (_label, fields, path, message) => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner)
    const res = await patchBusiness(t.app, owner, business._id, fields)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toContainEqual({ path, message })
    const after = await publicBusiness(business.identifier)
    expect(after).toMatchObject({
      whatsapp: business.whatsapp,
      deliveryOptions: business.deliveryOptions,
      paymentMethods: business.paymentMethods,
      openingHours: null,
      timeZone: 'America/Montevideo',
    })
  })
})
