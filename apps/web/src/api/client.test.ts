import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_MESSAGES, GENERIC_MESSAGES, STORAGE_KEYS } from '@vitrina/contracts'
import { installFakeApi } from '../test/fake-api'
import { api, ApiError, setSessionExpiredHandler } from './client'

const user = {
  _id: '7d1c6b39-5b43-4b4b-9d3f-7d2f5d9e4a11',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'owner' as const,
}

function signIn(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem(STORAGE_KEYS.accessToken, access)
  localStorage.setItem(STORAGE_KEYS.refreshToken, refresh)
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
  localStorage.setItem(
    STORAGE_KEYS.business,
    JSON.stringify({ _id: 'b1', identifier: 'tienda', name: 'Tienda' }),
  )
}

/** A protected endpoint that only accepts `Bearer access-2`. */
const protectedRoute = (call: { headers: Record<string, string> }) =>
  call.headers.authorization === 'Bearer access-2'
    ? { body: { ok: true } }
    : { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Token expirado' } }

let onExpired: ReturnType<typeof vi.fn>
beforeEach(() => {
  onExpired = vi.fn()
  setSessionExpiredHandler(onExpired as () => void)
})
afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks')
})

describe('api client', () => {
  it('sends the stored access token as bearer and returns the JSON reply', async () => {
    signIn('access-2')
    const fake = installFakeApi({ 'GET /api/things': protectedRoute })
    await expect(
      api.get('/things', { query: { page: 2, search: '', q: undefined } }),
    ).resolves.toEqual({ ok: true })
    expect(fake.calls[0]?.path).toBe('/api/things?page=2')
    expect(fake.calls[0]?.headers.authorization).toBe('Bearer access-2')
  })

  it('on a 401 refreshes once with the refresh token as bearer and an empty body, then retries', async () => {
    signIn()
    const fake = installFakeApi({
      'GET /api/things': protectedRoute,
      'POST /api/auth/refresh': (call) =>
        call.headers.authorization === 'Bearer refresh-1'
          ? { body: { access_token: 'access-2', refresh_token: 'refresh-2' } }
          : { status: 401, body: { message: 'no' } },
    })
    await expect(api.get('/things')).resolves.toEqual({ ok: true })
    const [refresh] = fake.callsTo('POST /api/auth/refresh')
    expect(fake.callsTo('POST /api/auth/refresh')).toHaveLength(1)
    expect(refresh?.body).toBeUndefined()
    expect(fake.callsTo('GET /api/things').map((c) => c.headers.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ])
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-2')
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2')
    expect(onExpired).not.toHaveBeenCalled()
  })

  it('shares one refresh between concurrent 401s', async () => {
    signIn()
    let releaseRefresh!: () => void
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve))
    const fake = installFakeApi({
      'GET /api/things': protectedRoute,
      'GET /api/other': protectedRoute,
      'POST /api/auth/refresh': async () => {
        await refreshGate
        return { body: { access_token: 'access-2', refresh_token: 'refresh-2' } }
      },
    })
    const both = Promise.all([api.get('/things'), api.get('/other'), api.get('/things')])
    await vi.waitFor(() => expect(fake.callsTo('POST /api/auth/refresh')).toHaveLength(1))
    releaseRefresh()
    await expect(both).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }])
    expect(fake.callsTo('POST /api/auth/refresh')).toHaveLength(1)
  })

  it('uses the pair another tab already rotated instead of refreshing again (Web Locks)', async () => {
    signIn()
    const lockNames: string[] = []
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (name: string, callback: () => Promise<unknown>) => {
          lockNames.push(name)
          return callback()
        },
      },
    })
    const fake = installFakeApi({
      'GET /api/things': (call) => {
        // While our request was out, the other tab refreshed and stored its new pair.
        if (call.headers.authorization === 'Bearer access-1') {
          localStorage.setItem(STORAGE_KEYS.accessToken, 'access-2')
          localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-2')
        }
        return protectedRoute(call)
      },
      'POST /api/auth/refresh': () => ({ status: 500 }),
    })
    await expect(api.get('/things')).resolves.toEqual({ ok: true })
    expect(lockNames).toEqual(['vitrina-refresh'])
    expect(fake.callsTo('POST /api/auth/refresh')).toHaveLength(0)
  })

  it('clears the session and calls the expired handler when the refresh fails', async () => {
    signIn()
    const fake = installFakeApi({
      'GET /api/things': protectedRoute,
      'POST /api/auth/refresh': () => ({ status: 401, body: { message: 'Sesión inválida' } }),
    })
    const error = await api.get('/things').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, message: AUTH_MESSAGES.sessionExpired })
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull()
    expect(onExpired).toHaveBeenCalledTimes(1)
    expect(fake.callsTo('GET /api/things')).toHaveLength(1)
  })

  it('does not try to refresh without a refresh token, and still sends the user to login', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1')
    const fake = installFakeApi({ 'GET /api/things': protectedRoute })
    await expect(api.get('/things')).rejects.toMatchObject({ status: 401 })
    expect(fake.callsTo('POST /api/auth/refresh')).toHaveLength(0)
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull()
    expect(onExpired).toHaveBeenCalledTimes(1)
  })

  it('retries only once: a second 401 is thrown without another refresh', async () => {
    signIn()
    const fake = installFakeApi({
      'GET /api/things': () => ({ status: 401, body: { message: 'Sin permiso' } }),
      'POST /api/auth/refresh': () => ({
        body: { access_token: 'access-2', refresh_token: 'refresh-2' },
      }),
    })
    await expect(api.get('/things')).rejects.toMatchObject({ status: 401, message: 'Sin permiso' })
    expect(fake.callsTo('POST /api/auth/refresh')).toHaveLength(1)
    expect(fake.callsTo('GET /api/things')).toHaveLength(2)
  })

  it('never refreshes on a failed login: the server message comes back as an ApiError', async () => {
    signIn()
    const fake = installFakeApi({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Usuario no activado' },
      }),
    })
    await expect(api.post('/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject(
      {
        status: 401,
        message: 'Usuario no activado',
      },
    )
    expect(fake.callsTo('POST /api/auth/refresh')).toHaveLength(0)
    expect(onExpired).not.toHaveBeenCalled()
  })

  it('carries validation errors and sends JSON bodies as JSON', async () => {
    const fake = installFakeApi({
      'POST /api/email/contact': () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Los datos enviados no son válidos',
          errors: [{ path: 'email', message: 'Ingresa un correo electrónico válido' }],
        },
      }),
    })
    const error = (await api
      .post('/email/contact', { email: 'x' })
      .catch((e: unknown) => e)) as ApiError
    expect(error.status).toBe(400)
    expect(error.errors).toEqual([
      { path: 'email', message: 'Ingresa un correo electrónico válido' },
    ])
    expect(fake.calls[0]?.headers['content-type']).toBe('application/json')
    expect(fake.calls[0]?.body).toEqual({ email: 'x' })
  })

  it('sends FormData untouched so the browser sets the multipart boundary', async () => {
    const fake = installFakeApi({
      'POST /api/products': () => ({ status: 201, body: { _id: 'p1' } }),
    })
    const form = new FormData()
    form.set('name', 'Mate')
    await api.post('/products', form)
    expect(fake.calls[0]?.body).toBe(form)
    expect(fake.calls[0]?.headers['content-type']).toBeUndefined()
  })

  it('turns a network failure into an ApiError with status 0 and a generic Spanish message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(api.get('/things')).rejects.toMatchObject({
      status: 0,
      message: GENERIC_MESSAGES.tryAgainLater,
    })
  })

  it('validates the reply with the given schema', async () => {
    installFakeApi({ 'GET /api/things': () => ({ body: { n: 'not a number' } }) })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const schema = {
      parse(data: unknown) {
        if (typeof (data as { n?: unknown }).n !== 'number') throw new Error('bad')
        return data as { n: number }
      },
    }
    await expect(api.get('/things', { schema })).rejects.toMatchObject({ status: 500 })
  })
})
