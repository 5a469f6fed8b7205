import { describe, expect, it } from 'vitest'
import { API_MESSAGES } from '@vitrina/contracts'
import { z } from 'zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { loadConfig, ConfigError } from '../src/config.js'
import { maskUrl } from '../src/lib/logger.js'
import { startTestApp, useTestApp } from './helpers/app.js'

describe('health', () => {
  const t = useTestApp()

  it('reports the process up and the database ready', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ok' })
  })

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/)
  })

  it('answers unknown API paths with a Spanish JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: API_MESSAGES.notFound,
    })
  })

  it('serves the web app shell for other paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/plataforma/planes' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('<div id="root">')
  })
})

describe('error handler', () => {
  it('maps validation, malformed JSON, oversize bodies and crashes to Spanish bodies', async () => {
    const { app, stop } = await startTestApp({}, (built) => {
      const typed = built.withTypeProvider<ZodTypeProvider>()
      typed.post(
        '/api/echo',
        { schema: { body: z.object({ name: z.string().min(2, 'Muy corto') }) } },
        async (request) => ({ name: request.body.name }),
      )
      typed.get('/api/boom', async () => {
        throw new Error('relation "secret_table" does not exist')
      })
    })
    try {
      const invalid = await app.inject({ method: 'POST', url: '/api/echo', payload: { name: 'a' } })
      expect(invalid.statusCode).toBe(400)
      expect(invalid.json()).toMatchObject({
        statusCode: 400,
        message: 'Muy corto',
        errors: [{ path: 'name', message: 'Muy corto' }],
      })

      const malformed = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
      })
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json().message).toBe(API_MESSAGES.malformedJson)

      const oversize = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      })
      expect(oversize.statusCode).toBe(413)
      expect(oversize.json().message).toBe(API_MESSAGES.payloadTooLarge)

      const crash = await app.inject({ method: 'GET', url: '/api/boom' })
      expect(crash.statusCode).toBe(500)
      expect(crash.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: API_MESSAGES.internal,
      })
      expect(crash.body).not.toContain('secret_table')
    } finally {
      await stop()
    }
  })
})

describe('config', () => {
  it('applies documented defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.accessTokenTtl).toBe(900)
    expect(config.trustProxy).toBe(false)
  })

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/)
  })

  it('parses TRUST_PROXY forms', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ])
  })
})

describe('logging', () => {
  it('masks activation tokens in URLs', () => {
    expect(maskUrl('/api/auth/activar/abc123?x=1')).toBe('/api/auth/activar/[oculto]?x=1')
    expect(maskUrl('/auth/activar/abc123')).toBe('/auth/activar/[oculto]')
  })
})
