/** Per-route rate limits of /api/businesses (RATE_LIMIT on, as in production). */
import { describe, expect, it } from 'vitest'
import { API_MESSAGES } from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { randomClientIp } from './helpers/auth.js'
import { businessFields, businessForm } from './helpers/catalogue.js'

const t = useTestApp()

describe('rate limits', () => {
  it('identifier checks: 60 a minute per client, then 429 in Spanish', async () => {
    const remoteAddress = randomClientIp()
    const check = () =>
      t.app.inject({ method: 'GET', url: '/api/businesses/check/mi-tienda', remoteAddress })
    for (let i = 0; i < 60; i++) expect((await check()).statusCode).toBe(200)
    const limited = await check()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ message: API_MESSAGES.rateLimited })
    // Another client is not affected
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/check/mi-tienda',
      remoteAddress: randomClientIp(),
    })
    expect(other.statusCode).toBe(200)
  })

  it('creates: 20 an hour per client, counted before authentication', async () => {
    const remoteAddress = randomClientIp()
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/businesses',
        remoteAddress,
        payload: businessForm(businessFields()),
      })
    for (let i = 0; i < 20; i++) expect((await create()).statusCode).toBe(401)
    expect((await create()).statusCode).toBe(429)
  })
})
