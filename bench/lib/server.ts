/**
 * The real app in-process, listening on 127.0.0.1 (random port), plus one bare route: it answers
 * a pre-serialised Buffer the same size as a scenario's real reply, through the same plugins and
 * hooks. Its req/s is the framework's limit for that reply on this machine; a scenario's share of
 * it says how much the database and our code cost on top.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../apps/api/src/app.js'
import { loadConfig } from '../../apps/api/src/config.js'
import type { DatabaseHandle } from '../../apps/api/src/db/client.js'

export const BARE_PREFIX = '/__bench/bare/'

/** Registers the bare route (call before ready()); fill the returned map with bodies by name. */
export function registerBareRoute(app: FastifyInstance): Map<string, Buffer> {
  const bodies = new Map<string, Buffer>()
  app.get<{ Params: { name: string } }>(
    `${BARE_PREFIX}:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const body = bodies.get(request.params.name)
      if (!body) return reply.code(404).send()
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )
  return bodies
}

export interface BenchServer {
  app: FastifyInstance
  baseUrl: string
  bareBodies: Map<string, Buffer>
  close(): Promise<void>
}

export async function startBenchServer(
  handle: DatabaseHandle,
  databaseUrl?: string,
  readCache = true,
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrina-bench-'))
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    // Off: every request reaches the database (what a page of a URL nobody asked for lately costs).
    READ_CACHE_MB: readCache ? undefined : '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'never',
    WEB_DIST: path.join(dataDir, 'no-web'),
  })
  const app = await buildApp(config, { database: handle, logger: false })
  const bareBodies = registerBareRoute(app)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no TCP address')
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    bareBodies,
    close: () => app.close(),
  }
}
