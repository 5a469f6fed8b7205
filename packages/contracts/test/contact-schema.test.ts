import { describe, expect, it } from 'vitest'
import { CONTACT_MESSAGES, contactMessageSchema, FIELD_MESSAGES } from '../src/index.js'

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? [])
}

const valid = { name: 'Ana', email: 'ana@example.com', message: 'Quiero saber más del plan.' }

describe('contact form (SPEC §5)', () => {
  it('accepts and trims a valid message', () => {
    expect(contactMessageSchema.parse({ ...valid, name: '  Ana ' }).name).toBe('Ana')
  })
  it.each([
    [{ name: 'A' }, CONTACT_MESSAGES.nameMin],
    [{ name: '  A  ' }, CONTACT_MESSAGES.nameMin],
    [{ name: undefined }, CONTACT_MESSAGES.nameMin],
    [{ email: 'ana@' }, CONTACT_MESSAGES.emailInvalid],
    [{ email: '' }, CONTACT_MESSAGES.emailInvalid],
    [{ email: 'ana example@x.com' }, CONTACT_MESSAGES.emailInvalid],
    [{ message: 'Hola' }, CONTACT_MESSAGES.messageMin],
    [{ message: '   123456789   ' }, CONTACT_MESSAGES.messageMin],
    [{ message: 'x'.repeat(5001) }, FIELD_MESSAGES.tooLong(5000)],
  ])('%j → %s', (patch, message) => {
    expect(messages(contactMessageSchema.safeParse({ ...valid, ...patch }))).toEqual([message])
  })
  it('uses the exact SPEC texts', () => {
    expect(CONTACT_MESSAGES.nameMin).toBe('El nombre debe tener al menos 2 caracteres')
    expect(CONTACT_MESSAGES.emailInvalid).toBe('Ingresa un correo electrónico válido')
    expect(CONTACT_MESSAGES.messageMin).toBe('El mensaje debe tener al menos 10 caracteres')
  })
})
describe('contact e-mail is one plain address (issue 22)', () => {
  it.each([
    '"x"<victim@example.com>',
    '"x" <victim@example.com>',
    'x <victim@example.com>',
    '<victim@example.com>',
    'a;victim@example.com',
    'a,victim@example.com',
    'ana@example.com,victim@example.com',
    'ana(comentario)@example.com',
    'ana:victim@example.com',
    'ana..b@example.com',
    'ana@example..com',
    'ana@-example.com',
    'ana@example',
  ])('refuses %j', (email) => {
    expect(messages(contactMessageSchema.safeParse({ ...valid, email }))).toEqual([
      CONTACT_MESSAGES.emailInvalid,
    ])
  })
  it.each([
    'ana@example.com',
    'ana.ruiz+ventas@mail.example.com.ar',
    "o'brien@example.ie",
    'josé@correo.es',
    'ana@ñandú.com.py',
  ])('accepts %j', (email) => {
    expect(contactMessageSchema.safeParse({ ...valid, email }).success).toBe(true)
  })
})
describe('contact name is one line', () => {
  it.each(['Ana\r\nBcc: x@y.com', 'Ana\nRuiz', 'Ana\u2028Ruiz'])('refuses %j', (name) => {
    const result = contactMessageSchema.safeParse({
      name,
      email: 'ana@example.com',
      message: 'Hola, quiero saber más.',
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.message)).toContain(CONTACT_MESSAGES.nameSingleLine)
  })
})
