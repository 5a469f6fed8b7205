/**
 * Issue 24 foundation: WhatsApp numbers, money in cents, the order schemas and transitions, the
 * WhatsApp texts and the opening hours — the rules every app shares.
 */
import { describe, expect, it } from 'vitest'
import {
  addAmount,
  amountsFromCents,
  canTransition,
  createOrderSchema,
  currencyCode,
  discountedCents,
  discountedPrice,
  formatAmounts,
  fromCents,
  mobileWhatsapp,
  openingHoursLines,
  openingStatus,
  ORDER_CODE_PATTERN,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  orderExportQuerySchema,
  orderStatusWhatsappText,
  orderWhatsappMessage,
  toCents,
  toE164,
  updateOrderSchema,
  whatsappNumber,
  whatsappSchema,
  type OpeningHours,
  type PublicOrder,
} from '../src/index.js'

describe('WhatsApp numbers', () => {
  it.each([
    ['099 123 456', '+59899123456'],
    ['+598 99 123 456', '+59899123456'],
    ['(+598) 99-123-456', '+59899123456'],
    ['0059899123456', '+59899123456'],
    ['59899123456', '+59899123456'],
    ['99123456', '+59899123456'],
    ['+54 9 11 2345 6789', '+5491123456789'],
    ['2915 4321', '+59829154321'],
    ['12ab', null],
    ['', null],
    ['+0123456789', null],
  ])('toE164(%s) → %s', (phone, e164) => {
    expect(toE164(phone)).toBe(e164)
  })

  it('a mobile is the default WhatsApp; a landline or a foreign number is not', () => {
    expect(mobileWhatsapp('099 123 456')).toBe('+59899123456')
    expect(mobileWhatsapp('+598 2915 4321')).toBeNull()
    expect(mobileWhatsapp('+54 9 11 2345 6789')).toBeNull()
    expect(mobileWhatsapp(null)).toBeNull()
  })

  it('the schema stores E.164, blank clears, garbage is refused in Spanish', () => {
    expect(whatsappSchema.parse(' 099 123 456 ')).toBe('+59899123456')
    expect(whatsappSchema.parse('')).toBeNull()
    const bad = whatsappSchema.safeParse('llamame')
    expect(bad.error?.issues[0]?.message).toMatch(/WhatsApp válido/)
  })

  it('messages go to the WhatsApp number, else the phone', () => {
    expect(whatsappNumber({ whatsapp: '+59899000111', phone: '2915 4321' })).toBe('+59899000111')
    expect(whatsappNumber({ whatsapp: null, phone: '2915 4321' })).toBe('2915 4321')
  })
})

describe('money in cents', () => {
  it('reads currencies, converts and adds per currency', () => {
    expect(['$', 'UYU', '', null, 'pesos'].map(currencyCode)).toEqual(Array(5).fill('UYU'))
    expect(['US$', 'usd', 'U$S', ' U$ '].map(currencyCode)).toEqual(Array(4).fill('USD'))
    expect(toCents(1290.5)).toBe(129050)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(fromCents(129050)).toBe(1290.5)
    const sum = addAmount(addAmount(addAmount({}, 'UYU', 100), 'USD', 1999), 'UYU', 50)
    expect(sum).toEqual({ UYU: 150, USD: 1999 })
    expect(amountsFromCents(sum)).toEqual({ UYU: 1.5, USD: 19.99 })
  })

  it('one rounding rule for a discounted price, in cents and in pesos', () => {
    for (let cents = 1; cents < 5000; cents += 7) {
      for (const discount of [0, 5, 15, 33, 50, 99]) {
        const price = cents / 100
        const exact = Math.floor((cents * (100 - discount) + 50) / 100)
        expect(discountedCents(price, discount)).toBe(exact)
        expect(discountedPrice(price, discount)).toBe(exact / 100)
      }
    }
  })

  it('formats each currency apart', () => {
    expect(formatAmounts({ UYU: 2580, USD: 15 })).toBe('$ 2.580,00 y US$ 15,00')
    expect(formatAmounts({})).toBe('')
  })
})

describe('order schemas', () => {
  const line = { productId: '8b7f3c52-1d4e-4a8e-9a61-5f0c2b1d9e77', quantity: 1 }
  const base = {
    items: [line],
    customer: { name: 'Ana', phone: '099 123 456' },
    paymentMethod: 'efectivo',
  }

  it('pickup drops an address; delivery needs one; blank notes are none', () => {
    const pickup = createOrderSchema.parse({
      ...base,
      delivery: { method: 'pickup', address: 'Calle 1' },
      notes: '  ',
    })
    expect(pickup.delivery).toEqual({ method: 'pickup' })
    expect(pickup.notes).toBeUndefined()
    const missing = createOrderSchema.safeParse({ ...base, delivery: { method: 'delivery' } })
    expect(missing.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['delivery', 'address'],
        message: ORDER_MESSAGES.addressRequired,
      }),
    )
  })

  it('status changes follow the table; nothing leaves Entregado or Cancelado', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    )
    expect(allowed).toEqual([
      'nuevo→confirmado',
      'nuevo→cancelado',
      'confirmado→listo',
      'confirmado→enviado',
      'confirmado→cancelado',
      'listo→entregado',
      'listo→cancelado',
      'enviado→entregado',
      'enviado→cancelado',
    ])
  })

  it('an update needs a status or a note, and a cancellation its reason', () => {
    expect(updateOrderSchema.safeParse({}).error?.issues[0]?.message).toBe(
      ORDER_MESSAGES.updateEmpty,
    )
    expect(updateOrderSchema.safeParse({ status: 'cancelado' }).error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: ORDER_MESSAGES.cancelReasonRequired,
    })
    expect(updateOrderSchema.parse({ note: ' ok ' })).toEqual({ note: 'ok' })
  })

  it('export ranges: valid dates, in order, at most 366 days both included', () => {
    expect(orderExportQuerySchema.safeParse({ from: '2026-01-01', to: '2027-01-01' }).success).toBe(
      true,
    )
    const long = orderExportQuerySchema.safeParse({ from: '2026-01-01', to: '2027-01-02' })
    expect(long.error?.issues[0]?.message).toBe(ORDER_MESSAGES.rangeTooLong)
    const reversed = orderExportQuerySchema.safeParse({ from: '2026-02-02', to: '2026-02-01' })
    expect(reversed.error?.issues[0]?.message).toBe(ORDER_MESSAGES.rangeInvalid)
  })

  it('codes: P- and 4–8 unambiguous characters', () => {
    expect(ORDER_CODE_PATTERN.test('P-7K3Q')).toBe(true)
    expect(ORDER_CODE_PATTERN.test('P-7K3QAB23')).toBe(true)
    for (const bad of ['P-7K3', 'P-7K3O', 'P-1K3Q', 'P-7U3Q', 'p-7k3q', '7K3Q']) {
      expect(ORDER_CODE_PATTERN.test(bad), bad).toBe(false)
    }
  })
})

describe('WhatsApp texts', () => {
  const order: PublicOrder = {
    code: 'P-7K3Q',
    status: 'nuevo',
    createdAt: '2026-06-01T12:00:00.000Z',
    business: {
      _id: '8b7f3c52-1d4e-4a8e-9a61-5f0c2b1d9e77',
      name: 'Café del Puerto',
      identifier: 'cafe',
    },
    items: [
      {
        productId: '8b7f3c52-1d4e-4a8e-9a61-5f0c2b1d9e77',
        name: 'Café 250 g',
        code: null,
        quantity: 2,
        price: 645,
        discount: 0,
        unitPrice: 645,
        lineTotal: 1290,
        currency: 'UYU',
        image: null,
      },
    ],
    subtotals: { UYU: 1290 },
    deliveryFee: { UYU: 120 },
    totals: { UYU: 1410 },
    customer: { name: 'Ana', phone: '099 123 456' },
    delivery: { method: 'delivery', address: 'Sarandí 620' },
    payment: { type: 'transferencia', instructions: 'BROU 123' },
    notes: 'Molido',
  }

  it('the shopper’s message: code, lines, fee, total, customer, delivery, payment, one link', () => {
    expect(orderWhatsappMessage(order, 'https://vitrina.uy/cafe/pedido/P-7K3Q?t=x')).toBe(
      [
        '¡Hola Café del Puerto! Te envío mi pedido P-7K3Q:',
        '',
        '2 × Café 250 g — $ 1.290,00',
        'Envío: $ 120,00',
        'Total: $ 1.410,00',
        '',
        'Nombre: Ana',
        'Entrega: Envío a domicilio: Sarandí 620',
        'Pago: Transferencia bancaria',
        'Notas: Molido',
        '',
        'Ver el pedido: https://vitrina.uy/cafe/pedido/P-7K3Q?t=x',
      ].join('\n'),
    )
  })

  it('the owner’s message for each status (the default templates)', () => {
    expect(orderStatusWhatsappText(order, 'listo', '')).toBe(
      '¡Hola Ana! Te escribimos de Café del Puerto por tu pedido P-7K3Q.\nTu pedido está listo para retirar. ¡Te esperamos!',
    )
    expect(
      orderStatusWhatsappText({ ...order, cancelReason: 'Sin stock' }, 'cancelado', ''),
    ).toContain('Tu pedido fue cancelado. Motivo: Sin stock')
  })
})

describe('opening hours', () => {
  const hours: OpeningHours = {
    mon: [
      { from: '09:00', to: '13:00' },
      { from: '15:00', to: '19:00' },
    ],
    tue: [],
    wed: [],
    thu: [],
    fri: [{ from: '20:00', to: '02:00' }],
    sat: [],
    sun: [],
  }
  const tz = 'America/Montevideo' // UTC−3, no daylight saving
  const at = (iso: string) => openingStatus(hours, new Date(iso), tz)

  it('open, closed until later today, tomorrow, next week, and after midnight', () => {
    // Monday 1 June 2026.
    expect(at('2026-06-01T13:30:00Z')).toEqual({
      open: true,
      text: 'Abierto ahora · cierra a las 13:00',
    })
    expect(at('2026-06-01T16:30:00Z')).toEqual({
      open: false,
      text: 'Cerrado · abre hoy a las 15:00',
    })
    expect(at('2026-06-01T23:00:00Z')?.text).toBe('Cerrado · abre el viernes a las 20:00')
    // Thursday 21:00 → tomorrow.
    expect(at('2026-06-05T00:00:00Z')?.text).toBe('Cerrado · abre mañana a las 20:00')
    // Saturday 01:30, still Friday's night.
    expect(at('2026-06-06T04:30:00Z')).toEqual({
      open: true,
      text: 'Abierto ahora · cierra a las 02:00',
    })
    expect(openingStatus(null, new Date(), tz)).toBeNull()
  })

  it('lines for the contact section', () => {
    expect(openingHoursLines(hours).slice(0, 2)).toEqual([
      { day: 'Lunes', text: '09:00–13:00, 15:00–19:00' },
      { day: 'Martes', text: 'Cerrado' },
    ])
  })
})
