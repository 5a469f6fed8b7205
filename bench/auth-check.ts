/**
 * What an authenticated request costs (issue 23 §1: logout ends the access token at once, so
 * every authenticated request now asks the database whether its session is still live):
 *
 *   npx tsx bench/auth-check.ts [--engine postgres|pglite] [--duration 10] [--connections 10]
 *     [--port 4720]
 *
 * Builds the app on a fresh database (PostgreSQL: a new database beside
 * TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, dropped afterwards), makes one
 * account through the real routes, then runs autocannon on GET /api/auth/me with its access
 * token and prints requests per second and latency percentiles.
 *
 * With --forgot, instead: the time to the reply of POST /api/auth/password/forgot for that
 * account's address and for unknown addresses, 200 sequential requests each, interleaved (the
 * reply must not tell whether an account exists, by its body or by its timing).
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { owner } from './lib/owner.js'
import { startScratchApp } from './lib/scratch-app.js'
import { runLoad } from './lib/load.js'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '4720' },
    forgot: { type: 'boolean', default: false },
  },
})
const port = Number(values.port)
const scratch = await startScratchApp({
  engine: values.engine ?? 'postgres',
  name: 'auth',
  port,
  poolSize: 10,
})
const { app } = scratch
try {
  await app.listen({ port, host: '127.0.0.1' })
  const { email, accessToken } = await owner(app, 'Banco de Pruebas')

  if (values.forgot) {
    const times: Record<'existing' | 'unknown', number[]> = { existing: [], unknown: [] }
    const ask = async (address: string) => {
      const started = performance.now()
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/password/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address }),
      })
      await res.text()
      if (res.status !== 202) throw new Error(`forgot answered ${res.status}`)
      return performance.now() - started
    }
    for (let i = 0; i < 220; i++) {
      const existing = await ask(email)
      const unknown = await ask(`nadie-${i}-${randomBytes(3).toString('hex')}@example.com`)
      if (i < 20) continue // warm-up
      times.existing.push(existing)
      times.unknown.push(unknown)
    }
    const pct = (list: number[], p: number) =>
      Number([...list].sort((a, b) => a - b)[Math.floor((list.length - 1) * p)]!.toFixed(2))
    console.info(
      JSON.stringify({
        engine: values.engine,
        route: 'POST /api/auth/password/forgot',
        requests: times.existing.length,
        existingMs: { p50: pct(times.existing, 0.5), p90: pct(times.existing, 0.9) },
        unknownMs: { p50: pct(times.unknown, 0.5), p90: pct(times.unknown, 0.9) },
      }),
    )
  } else {
    // The load runs in a child process (lib/load.ts), off the server's event loop.
    const result = await runLoad(`http://127.0.0.1:${port}/api/auth/me`, {
      connections: Number(values.connections),
      duration: Number(values.duration),
      warmup: 2,
      headers: { authorization: `Bearer ${accessToken}` },
    })
    console.info(
      JSON.stringify({
        engine: values.engine,
        route: 'GET /api/auth/me',
        connections: Number(values.connections),
        duration: Number(values.duration),
        ...result,
      }),
    )
  }
} finally {
  await scratch.close()
}
