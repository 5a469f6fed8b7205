/**
 * Shared rate limits (issue 22 §3, docs/decisions/022). With REDIS_URL every process counts the
 * same requests: two apps on one database stand for two processes behind a balancer. When Redis
 * does not answer, login fails closed (503, the generic Spanish message, at once) and the other
 * limits fail open; the log says so once, not once per request.
 */
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_MESSAGES } from '@vitrina/contracts'
import { startTestApps } from './helpers/app.js'
import { randomClientIp, registerAndLogin, TEST_PASSWORD, uniqueEmail } from './helpers/auth.js'
import { closedPort, faultyProxy, type FaultyProxy } from './helpers/faults.js'
import { redisEnv, redisPort, testRedisUrl, uniqueRedisPrefix } from './helpers/redis.js'

interface LogLine {
  level: number
  msg?: string
  redis?: string
}

/** A logger writing JSON lines into `lines`. */
function capture(lines: LogLine[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as LogLine)
      }
      done()
    },
  })
  return { level: 'info', stream }
}

function login(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email, password },
  })
}

function register(app: FastifyInstance, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: { name: 'Ana Pérez', email: uniqueEmail('limite'), password: TEST_PASSWORD },
  })
}

/** The lines saying the rate limits' connection went away. */
const downMessages = (lines: LogLine[]) =>
  lines.filter((l) => l.redis === 'commands' && l.msg?.startsWith('Redis unavailable')).length

describe('rate limits when Redis does not answer', () => {
  const lines: LogLine[] = []
  let t: Awaited<ReturnType<typeof startTestApps>>

  beforeAll(async () => {
    const port = await closedPort()
    t = await startTestApps(
      1,
      { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: uniqueRedisPrefix() },
      { logger: () => capture(lines) },
    )
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses login with 503 and the generic message at once, whatever the password', async () => {
    const started = Date.now()
    const res = await login(t.apps[0]!, uniqueEmail('nadie'), TEST_PASSWORD, randomClientIp())
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ statusCode: 503, message: API_MESSAGES.unavailable })
    expect(res.headers['retry-after']).toBe('5')
  })

  it('lets the other limited routes through (registration, contact form)', async () => {
    const app = t.apps[0]!
    expect((await register(app, randomClientIp())).statusCode).toBe(201)
    const contact = await app.inject({
      method: 'POST',
      url: '/api/email/contact',
      remoteAddress: randomClientIp(),
      payload: { name: 'Lucía', email: 'lucia@example.com', message: 'Hola, una consulta breve.' },
    })
    expect(contact.statusCode).toBe(201)
  })

  it('says so in the log once, not once per request', async () => {
    for (let i = 0; i < 5; i++) await login(t.apps[0]!, uniqueEmail(), TEST_PASSWORD, '10.9.9.9')
    expect(downMessages(lines)).toBe(1)
    expect(lines.find((l) => l.redis === 'commands')?.level).toBe(50)
  })
})

describe.skipIf(!testRedisUrl)('rate limits shared through Redis (TEST_REDIS_URL)', () => {
  const lines: LogLine[] = []
  let t: Awaited<ReturnType<typeof startTestApps>>
  let proxy: FaultyProxy

  beforeAll(async () => {
    // Through a proxy, so that one test can cut Redis off and bring it back.
    proxy = await faultyProxy(redisPort(testRedisUrl!))
    const url = new URL(testRedisUrl!)
    url.port = String(proxy.port)
    url.hostname = '127.0.0.1'
    t = await startTestApps(2, redisEnv(url.toString()), { logger: () => capture(lines) })
  })
  afterAll(async () => {
    await t?.stop()
    await proxy?.close()
  })

  it('holds the login limit across processes: the 11th failure gets 429, wherever it lands', async () => {
    const email = uniqueEmail('alterna')
    const ip = randomClientIp()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const res = await login(t.apps[i % 2]!, email, 'ContraseñaMala1', ip)
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429])
  })

  it('keeps each limit its own counter: login failures do not spend the registration limit', async () => {
    const ip = randomClientIp()
    for (let i = 0; i < 10; i++) {
      expect((await login(t.apps[i % 2]!, uniqueEmail(), 'ContraseñaMala1', ip)).statusCode).toBe(
        401,
      )
    }
    // register allows 5 an hour per IP, far fewer than the 10 logins just counted.
    expect((await register(t.apps[0]!, ip)).statusCode).toBe(201)
  })

  it('fails login closed while Redis is cut off, logs it once, and recovers by itself', async () => {
    const account = await registerAndLogin(t.apps[0]!)
    const ip = randomClientIp()
    proxy.setMode('refuse')
    try {
      for (let i = 0; i < 4; i++) {
        const started = Date.now()
        const res = await login(t.apps[i % 2]!, account.user.email, account.password, ip)
        expect(res.statusCode).toBe(503)
        expect(Date.now() - started).toBeLessThan(1_000)
      }
      // Registration is let through unlimited meanwhile.
      expect((await register(t.apps[1]!, randomClientIp())).statusCode).toBe(201)
      // One line per process (each has its own connection), however many requests failed.
      expect(downMessages(lines)).toBe(2)
    } finally {
      proxy.setMode('pass')
    }
    // Each process reconnects within its back-off (≤ 2 s).
    const deadline = Date.now() + 10_000
    let status = 0
    while (Date.now() < deadline) {
      status = (await login(t.apps[1]!, account.user.email, account.password, ip)).statusCode
      if (status === 200) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(status).toBe(200)
    expect(lines.some((l) => l.redis === 'commands' && l.msg === 'Redis available again')).toBe(
      true,
    )
  }, 20_000)
})
