/**
 * Issue 44 §3: the shopper's optional e-mail in the order body, the owner's switches (each mail
 * on unless turned off) and their Spanish refusals.
 */
import { describe, expect, it } from 'vitest'
import {
  createOrderSchema,
  orderCustomerEmailSchema,
  SHOPPER_MAIL_KINDS,
  SHOPPER_MAIL_MESSAGES,
  shopperMailOn,
  shopperMailSettings,
  updateShopperMailsSchema,
} from '../src/index.js'

describe("the shopper's e-mail", () => {
  it('is trimmed and lower-cased; blank or absent is none', () => {
    expect(orderCustomerEmailSchema.parse('  Ana.Perez@Ejemplo.COM ')).toBe('ana.perez@ejemplo.com')
    expect(orderCustomerEmailSchema.parse('   ')).toBeUndefined()
    expect(orderCustomerEmailSchema.parse(undefined)).toBeUndefined()
  })

  it('refuses what is not an address, in Spanish, at customer.email', () => {
    for (const email of [
      'ana',
      'ana@',
      '@ejemplo.com',
      'ana @ejemplo.com',
      `${'a'.repeat(250)}@x.uy`,
      42,
    ]) {
      const parsed = createOrderSchema.safeParse({
        items: [{ productId: '9c1e2d3f-4a5b-4c6d-8e7f-000000000001', quantity: 1 }],
        customer: { name: 'Ana', phone: '099 123 456', email },
        delivery: { method: 'pickup' },
        paymentMethod: 'efectivo',
      })
      expect(parsed.success, String(email)).toBe(false)
      expect(parsed.error!.issues).toContainEqual(
        expect.objectContaining({
          path: ['customer', 'email'],
          message: SHOPPER_MAIL_MESSAGES.emailInvalid,
        }),
      )
    }
  })
})

describe("the owner's switches", () => {
  it('every mail is on unless set to false', () => {
    expect(shopperMailSettings(null)).toEqual(
      Object.fromEntries(SHOPPER_MAIL_KINDS.map((kind) => [kind, true])),
    )
    expect(shopperMailSettings({ enviado: false }).enviado).toBe(false)
    expect(shopperMailOn({ enviado: false }, 'enviado')).toBe(false)
    expect(shopperMailOn({ enviado: false }, 'confirmado')).toBe(true)
    expect(shopperMailOn({}, 'pago')).toBe(true)
    // 'nuevo' has no mail.
    expect(shopperMailOn({}, 'nuevo')).toBe(false)
  })

  it('a change names at least one known switch, true or false; else the Spanish refusal', () => {
    expect(updateShopperMailsSchema.parse({ listo: false })).toEqual({ listo: false })
    for (const body of [{}, { listo: 'no' }, { nuevo: true }, null, []]) {
      const parsed = updateShopperMailsSchema.safeParse(body)
      expect(parsed.success, JSON.stringify(body)).toBe(false)
      expect(parsed.error!.issues[0]!.message).toBe(SHOPPER_MAIL_MESSAGES.switchesInvalid)
    }
  })
})
