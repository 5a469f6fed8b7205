import { describe, expect, it } from 'vitest'
import {
  AUTH_MESSAGES,
  passwordHasPersonalData,
  registerFormSchema,
  registerSchema,
} from '../src/index.js'
import { isCommonPassword } from '../src/schemas/password-dictionary.js'

describe('common and breached passwords (issue 22)', () => {
  it.each(['Password123', 'Qwerty123', 'Iloveyou1', 'Monkey123', 'Abc12345', 'Football1'])(
    'refuses %s',
    (password) => expect(isCommonPassword(password)).toBe(true),
  )
  it.each(['Segura123', 'Secreta123', 'Vitrina2026', 'Vitrina-Segura-2026', 'NuevaClave9'])(
    'accepts %s',
    (password) => expect(isCommonPassword(password)).toBe(false),
  )
  it('says so in Spanish', () => {
    expect(AUTH_MESSAGES.passwordCommon).toBe(
      'Esta contraseña es demasiado común o fácil de adivinar. Elige una menos previsible.',
    )
  })
})

describe('passwords with the account’s own data (issue 22)', () => {
  it.each([
    ['Ana Pérez', 'ana@example.com', 'Perez2026!'],
    ['Ana Pérez', 'ana@example.com', 'xANApereZ9'],
    ['Lucía', 'lucia.diaz@example.com', 'Lucia.Diaz1'],
    ['Lucía', 'lucia.diaz@example.com', 'DiazSegura9'],
    ['Bo', 'tigre@example.com', 'MiTigre-77'],
  ])('%s <%s> refuses %s', (name, email, password) => {
    expect(passwordHasPersonalData(password, name, email)).toBe(true)
    const result = registerSchema.safeParse({ name, email, password })
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: AUTH_MESSAGES.passwordPersonal }),
    ])
  })
  it.each([
    ['Ana', 'ana@example.com', 'Banana-Split9'],
    ['Ana', 'an@example.com', 'Cabana2026!x'],
    ['Ana Pérez', 'usuario-1@example.com', 'Segura123'],
  ])('%s <%s> accepts %s', (name, email, password) => {
    expect(passwordHasPersonalData(password, name, email)).toBe(false)
  })
  it('the form schema says it too, beside the confirmation rule', () => {
    const result = registerFormSchema.safeParse({
      name: 'Ana Pérez',
      email: 'ana@example.com',
      password: 'Perez2026!',
      confirmPassword: 'Perez2026!',
    })
    expect(result.error?.issues.map((i) => i.message)).toEqual([AUTH_MESSAGES.passwordPersonal])
    expect(AUTH_MESSAGES.passwordPersonal).toBe(
      'La contraseña no puede contener tu nombre ni tu correo electrónico',
    )
  })
})
