/**
 * Issue 22: a NUL byte (or a lone surrogate) in any text input answered 500. Every input — query,
 * path, JSON body, multipart field, JSON inside a multipart field — is a 400 naming the field.
 */
import { describe, expect, it } from 'vitest'
import { FIELD_MESSAGES } from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { randomClientIp, registerAndLogin, uniqueEmail } from './helpers/auth.js'
import {
  businessFields,
  createTestBusiness,
  postBusiness,
  patchBusiness,
} from './helpers/catalogue.js'
import { mainImage, postProduct, productFields } from './helpers/products.js'

function expectRefused(res: { statusCode: number; json(): unknown }, field: string) {
  const message = FIELD_MESSAGES.unstorableText(field)
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({
    statusCode: 400,
    error: 'Bad Request',
    message,
    errors: [{ path: field, message }],
  })
}

describe('text PostgreSQL cannot store (issue 22)', () => {
  const t = useTestApp()

  it('names the field in a Spanish message', () => {
    expect(FIELD_MESSAGES.unstorableText('name')).toBe(
      'El campo «name» contiene caracteres no permitidos (por ejemplo, un carácter nulo)',
    )
  })

  it('query and path: search=abc%00def, a NUL or a broken UTF-8 sequence in an id', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner)
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/products/${business._id}/business?search=abc%00def`,
    })
    expectRefused(search, 'search')
    const surrogate = await t.app.inject({
      method: 'GET',
      url: `/api/products/${business._id}/business?search=${encodeURIComponent('abc')}%ED%A0%80`,
    })
    expect(surrogate.statusCode).toBeLessThan(500)
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/businesses/abc%00def/identifier' }),
      'identifier',
    )
  })

  it('JSON bodies: register name, login e-mail, contact fields — also as \\u0000 and lone surrogates', async () => {
    const register = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: randomClientIp(),
        payload: { name, email: uniqueEmail(), password: 'Vitrina-Segura-2026' },
      })
    expectRefused(await register('Ana\u0000Pérez'), 'name')
    expectRefused(await register('Ana \ud800 Pérez'), 'name')
    expectRefused(await register('Ana \udc00'), 'name')
    // A well-formed pair (an emoji) is fine.
    expect((await register('Ana 😀')).statusCode).toBe(201)

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomClientIp(),
      payload: { email: 'ana\u0000@vitrina.test', password: 'x' },
    })
    expectRefused(login, 'email')

    const valid = { name: 'Lucía', email: 'lucia@example.com', message: 'Quiero saber más.' }
    for (const field of ['name', 'email', 'message'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/email/contact',
        remoteAddress: randomClientIp(),
        payload: { ...valid, [field]: `${valid[field]}\u0000` },
      })
      expectRefused(res, field)
    }
  })

  it('multipart fields: business and product names, and JSON inside a field', async () => {
    const owner = await registerAndLogin(t.app)
    expectRefused(
      await postBusiness(t.app, owner, businessFields({ name: 'Tienda\u0000' })),
      'name',
    )
    expectRefused(
      await postBusiness(
        t.app,
        owner,
        businessFields({ categories: [{ name: 'Ro\u0000pa', subCategories: [] }] }),
      ),
      'categories.0.name',
    )
    const business = await createTestBusiness(t.app, owner)
    expectRefused(
      await patchBusiness(t.app, owner, business._id, { description: 'Hola\u0000' }),
      'description',
    )
    const product = await postProduct(
      t.app,
      owner,
      productFields(business._id, { name: 'Camisa\u0000', tags: ['ok', 'ma\u0000l'] }),
      await mainImage(),
    )
    expectRefused(product, 'name')
    const tag = await postProduct(
      t.app,
      owner,
      productFields(business._id, { tags: ['ok', 'ma\u0000l'] }),
      await mainImage(),
    )
    expectRefused(tag, 'tags[1]')
  })
})
