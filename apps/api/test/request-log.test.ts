/**
 * Issue 41: `npm start` (production) logged every request at info as raw JSON — 20,000 lines in a
 * session. In production requests are logged at debug; errors and warnings keep their levels; an
 * activation link (no SMTP) is printed as one line a person reads, its JSON entry at debug.
 */
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { loggerOptions } from '../src/lib/logger.js'
import { linkLine } from '../src/modules/auth/service.js'
import { TEST_ENV } from './helpers/app.js'
import { activationTokenFor, randomClientIp, TEST_PASSWORD, uniqueEmail } from './helpers/auth.js'
import { createTestDatabase, type TestDatabase } from './helpers/database.js'

interface LogLine {
  level: number
  msg?: string
  [key: string]: unknown
}

async function appLoggingAt(level: string, env: 'production' | 'development') {
  const lines: LogLine[] = []
  const database = await createTestDatabase()
  const config = loadConfig({ ...TEST_ENV, NODE_ENV: env, LOG_LEVEL: level })
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine)
      done()
    },
  })
  const options = loggerOptions(config) as Record<string, unknown>
  const app = await buildApp(config, { database: database.handle, logger: { ...options, stream } })
  app.get('/api/__falla', async () => {
    throw new Error('boom')
  })
  await app.ready()
  return { app, lines, database }
}

describe('request log in production (issue 41)', () => {
  const opened: { app: FastifyInstance; database: TestDatabase }[] = []
  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close()
      await database.destroy()
    }
  })
  afterEach(() => vi.restoreAllMocks())

  async function open(level: string, env: 'production' | 'development' = 'production') {
    const made = await appLoggingAt(level, env)
    opened.push(made)
    return made
  }

  const requestLines = (lines: LogLine[]) =>
    lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')

  it('logs no request at info, and keeps an unhandled error at error level', async () => {
    const { app, lines } = await open('info')
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: '/api/health' })
    expect(requestLines(lines)).toEqual([])
    expect((await app.inject({ method: 'GET', url: '/api/__falla' })).statusCode).toBe(500)
    expect(lines.filter((l) => l.level === 50 && l.msg === 'unhandled error')).toHaveLength(1)
  })

  it('logs each request at debug, its address masked', async () => {
    const { app, lines } = await open('debug')
    await app.inject({ method: 'POST', url: '/api/auth/activar/secreto-123' })
    const completed = lines.filter((l) => l.msg === 'request completed')
    expect(completed).toHaveLength(1)
    expect(completed[0]).toMatchObject({
      level: 20,
      req: { method: 'POST', url: '/api/auth/activar/[oculto]' },
      res: { statusCode: 400 },
    })
    expect(JSON.stringify(lines)).not.toContain('secreto-123')
  })

  it('keeps the request lines at info in development', async () => {
    const { app, lines } = await open('info', 'development')
    await app.inject({ method: 'GET', url: '/api/health' })
    expect(requestLines(lines).every((l) => l.level === 30)).toBe(true)
    expect(requestLines(lines)).toHaveLength(2)
  })

  it('prints the activation link as a line a person reads, and its JSON at debug only', async () => {
    const printed: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk))
      return true
    })
    const { app, lines } = await open('info')
    const email = uniqueEmail('legible')
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomClientIp(),
      payload: { name: 'Ana', email, password: TEST_PASSWORD },
    })
    expect(res.statusCode).toBe(201)
    const token = await activationTokenFor(app, email)
    const link = `http://vitrina.test/auth/activar/${token}`
    expect(printed.join('')).toContain(`Enlace de activación para ${email}: ${link}\n`)
    expect(linkLine({ to: email, field: 'activationLink', link })).toBe(
      `Enlace de activación para ${email}: ${link}`,
    )
    // No JSON line carries it at info.
    expect(lines.some((l) => JSON.stringify(l).includes(token))).toBe(false)
  })
})
