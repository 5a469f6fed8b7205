import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, registerFormSchema, registerSchema } from '../src/index.js'

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? [])
}

describe('registration rules (SPEC §5)', () => {
  const valid = { name: 'Ana', email: ' Ana@Example.COM ', password: 'Segura123' }

  it('normalises the e-mail', () => {
    expect(registerSchema.parse(valid).email).toBe('ana@example.com')
  })
  it('requires at least 8 characters', () => {
    expect(messages(registerSchema.safeParse({ ...valid, password: 'Abc1' }))).toContain(
      AUTH_MESSAGES.passwordMin,
    )
  })
  it('requires upper and lower case', () => {
    expect(messages(registerSchema.safeParse({ ...valid, password: 'todominuscula' }))).toEqual([
      AUTH_MESSAGES.passwordCase,
    ])
    expect(messages(registerSchema.safeParse({ ...valid, password: 'TODOMAYUSCULA' }))).toEqual([
      AUTH_MESSAGES.passwordCase,
    ])
  })
  it('requires name and a valid e-mail', () => {
    expect(messages(registerSchema.safeParse({ ...valid, name: '   ' }))).toEqual([
      AUTH_MESSAGES.nameRequired,
    ])
    expect(messages(registerSchema.safeParse({ ...valid, email: 'no-es-correo' }))).toEqual([
      AUTH_MESSAGES.emailInvalid,
    ])
  })
  it('requires matching passwords in the form', () => {
    const result = registerFormSchema.safeParse({ ...valid, confirmPassword: 'Otra1234' })
    expect(messages(result)).toEqual([AUTH_MESSAGES.passwordsMismatch])
    expect(
      registerFormSchema.safeParse({ ...valid, confirmPassword: valid.password }).success,
    ).toBe(true)
  })
})
