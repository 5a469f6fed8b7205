/**
 * Issue 22: a failed query logged `Failed query … params: …` with the argon2 hash of a password.
 * The log of a failing statement holds its SQLSTATE and the request id, never a value.
 */
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyServerOptions } from 'fastify'
import { loadConfig } from '../src/config.js'
import { loggerOptions } from '../src/lib/logger.js'
import { startTestApp, TEST_ENV } from './helpers/app.js'

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$secret-hash-value'

describe('logs of a failed query', () => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  let t: Awaited<ReturnType<typeof startTestApp>>

  beforeAll(async () => {
    const config = loadConfig({ ...TEST_ENV, LOG_LEVEL: 'info' })
    const logger = {
      ...(loggerOptions(config) as object),
      stream,
    } as FastifyServerOptions['logger']
    t = await startTestApp(
      { LOG_LEVEL: 'info' },
      (app) => {
        // Two kinds of failure: a value PostgreSQL quotes in its own message (22P02), and a
        // unique violation whose detail names the key's value (23505).
        app.get('/test/bad-cast', async () => {
          await app.db.execute(sql`select ${SECRET}::int`)
        })
        app.get('/test/duplicate', async () => {
          await app.db.execute(sql`create temporary table if not exists t (v text unique)`)
          await app.db.execute(sql`insert into t values (${SECRET}) on conflict do nothing`)
          await app.db.execute(sql`insert into t values (${SECRET})`)
        })
      },
      { logger },
    )
  })
  afterAll(async () => t?.stop())

  it.each([
    ['/test/bad-cast', '22P02'],
    ['/test/duplicate', '23505'],
  ])('%s: 500, and the log has the SQLSTATE and request id but no value', async (url, code) => {
    lines.length = 0
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'x-request-id': `req-${code}` },
    })
    expect(res.statusCode).toBe(500)
    const output = lines.join('\n')
    expect(output).not.toContain('secret-hash-value')
    expect(output).not.toContain('argon2')
    expect(output).not.toMatch(/params/i)
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error')
    expect(failure).toMatchObject({ reqId: `req-${code}`, err: { code } })
  })
})
