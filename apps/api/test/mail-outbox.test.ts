/**
 * Without SMTP_URL the outbox row is the delivery and the activation link is logged (README,
 * ARCHITECTURE.md "e-mail"). That log line is the only place a token or password may appear.
 */
import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { mailOutbox } from '../src/db/schema/index.js'
import { loggerOptions } from '../src/lib/logger.js'
import { TEST_ENV } from './helpers/app.js'
import { activationTokenFor, bearer, registerAndLogin, uniqueEmail } from './helpers/auth.js'
import { createTestDatabase, type TestDatabase } from './helpers/database.js'

interface LogLine {
  level: number
  msg?: string
  [key: string]: unknown
}

describe('outbox-only mail (no SMTP_URL) and what reaches the log', () => {
  const lines: string[] = []
  let app: FastifyInstance
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
    const config = loadConfig({ ...TEST_ENV, LOG_LEVEL: 'trace' })
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
        done()
      },
    })
    // The production logger options (redaction, URL masking) with the output captured.
    const options = loggerOptions(config) as Record<string, unknown>
    app = await buildApp(config, { database: database.handle, logger: { ...options, stream } })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.destroy()
  })

  const parsed = () => lines.map((line) => JSON.parse(line) as LogLine)

  it('says once at start-up that mail stays in the outbox', () => {
    expect(app.mail.isSmtp).toBe(false)
    expect(parsed().filter((l) => l.msg?.includes('mail_outbox'))).toHaveLength(1)
  })

  it('keeps the mail in mail_outbox and logs the activation link at info level', async () => {
    const email = uniqueEmail('dev')
    const account = await registerAndLogin(app, { email })
    const token = await activationTokenFor(app, email)

    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    expect(row?.sentAt).toBeNull()
    expect(row?.attempts).toBe(0)
    expect(await app.mail.deliverDue()).toEqual({ sent: 0, failed: 0 })

    const linkLines = parsed().filter((l) => l.msg === 'SMTP not configured: activation link')
    expect(linkLines).toHaveLength(1)
    expect(linkLines[0]).toMatchObject({
      level: 30,
      to: email,
      activationLink: `http://vitrina.test/auth/activar/${token}`,
    })

    // The only line with the token is that one: the request log masks /activar/{token}.
    const withToken = lines.filter((line) => line.includes(token))
    expect(withToken).toHaveLength(1)
    expect(lines.some((line) => line.includes('/api/auth/activar/[oculto]'))).toBe(true)
    // Passwords and session tokens never appear.
    expect(lines.some((line) => line.includes(account.password))).toBe(false)
    expect(lines.some((line) => line.includes(account.accessToken))).toBe(false)
    expect(lines.some((line) => line.includes(account.refreshToken))).toBe(false)
  })

  it('logs no token through refresh, logout and authenticated requests', async () => {
    const account = await registerAndLogin(app)
    const before = lines.length
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: bearer(account.refreshToken),
    })
    const pair = refreshed.json() as { access_token: string; refresh_token: string }
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(pair.access_token) })
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: pair.refresh_token },
    })
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.user.email, password: 'ContraseñaIncorrecta1' },
    })

    const logged = lines.slice(before).join('\n')
    expect(logged).toContain('/api/auth/refresh') // the requests were logged…
    for (const secret of [
      account.refreshToken,
      pair.access_token,
      pair.refresh_token,
      'ContraseñaIncorrecta1',
    ]) {
      expect(logged).not.toContain(secret) // …their secrets were not
    }
  })
})
