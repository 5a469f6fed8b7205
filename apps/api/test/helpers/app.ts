/**
 * `useTestApp()` builds the real app on a fresh database for the current test file:
 *
 *   const t = useTestApp({ RATE_LIMIT: 'false' })
 *   it('...', async () => { const res = await t.app.inject({ ... }) })
 */
import { afterAll, beforeAll } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppDependencies } from '../../src/app.js'
import { loadConfig, type Config } from '../../src/config.js'
import type { Database } from '../../src/db/client.js'
import { createTestDatabase, type TestDatabase } from './database.js'

export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  DATA_DIR: ':memory:',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://vitrina.test',
  WEB_DIST: '/nonexistent-web-dist',
}

export interface TestContext {
  app: FastifyInstance
  db: Database
  config: Config
}

/**
 * `setup` runs before `ready()`, for tests that need extra routes (e.g. one that throws).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  setup?: (app: FastifyInstance) => void | Promise<void>,
  deps: Pick<AppDependencies, 'pageRenderer' | 'logger'> = {},
) {
  const database: TestDatabase = await createTestDatabase()
  const config = loadConfig({ ...TEST_ENV, ...env })
  const app = await buildApp(config, {
    ...deps,
    database: database.handle,
    logger: deps.logger ?? false,
  })
  await setup?.(app)
  await app.ready()
  return {
    app,
    db: database.handle.db,
    config,
    async stop() {
      await app.close()
      await database.destroy()
    },
  }
}

export function useTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDependencies, 'pageRenderer'> = {},
): TestContext {
  const context = {} as TestContext
  let stop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const started = await startTestApp(env, undefined, deps)
    Object.assign(context, started)
    stop = started.stop
  })
  afterAll(async () => {
    await stop?.()
  })
  return context
}

/**
 * Several apps on one fresh database, as several processes behind a balancer would be (their
 * caches and in-memory state apart, their database shared). `logger` receives each app's log.
 */
export async function startTestApps(
  count: number,
  env: Record<string, string> = {},
  options: {
    logger?: (index: number) => AppDependencies['logger']
    pageRenderer?: AppDependencies['pageRenderer']
  } = {},
) {
  const database: TestDatabase = await createTestDatabase()
  const config = loadConfig({ ...TEST_ENV, ...env })
  const apps: FastifyInstance[] = []
  try {
    for (let i = 0; i < count; i++) {
      const app = await buildApp(config, {
        database: database.handle,
        logger: options.logger?.(i) ?? false,
        ...(options.pageRenderer ? { pageRenderer: options.pageRenderer } : {}),
      })
      await app.ready()
      apps.push(app)
    }
  } catch (error) {
    await Promise.all(apps.map((app) => app.close()))
    await database.destroy()
    throw error
  }
  return {
    apps,
    db: database.handle.db,
    database: database.handle,
    config,
    async stop() {
      await Promise.all(apps.map((app) => app.close()))
      await database.destroy()
    },
  }
}
