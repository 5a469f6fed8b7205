import { describe, expect, it } from 'vitest'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin } from './helpers/auth.js'

describe('registerAndLogin helper', () => {
  const t = useTestApp()

  it('gives an active account whose access token opens GET /api/auth/me', async () => {
    const account = await registerAndLogin(t.app, { name: 'Lucía' })
    expect(account.user.name).toBe('Lucía')
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.accessToken) })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toEqual(account.user)
  })
})
