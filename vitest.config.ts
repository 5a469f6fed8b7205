import { availableParallelism } from 'node:os'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import apiProject, { API_ISOLATED_FILES } from './apps/api/vitest.config.ts'
import webProject, { WEB_ISOLATED_FILES } from './apps/web/vitest.config.ts'

// One `npm test` runs every project: contracts unit tests, API integration tests on embedded
// PGlite and — whenever TEST_DATABASE_URL is set — again on PostgreSQL, and web component tests.
const pgUrl = process.env.TEST_DATABASE_URL
if (process.env.CI === 'true' && !pgUrl) {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite would not run')
}
// The tests of several processes (shared limits, invalidation over Redis, two real servers) need
// a Redis server; locally they are skipped without one, in CI they must run.
if (process.env.CI === 'true' && !process.env.TEST_REDIS_URL) {
  throw new Error(
    'CI=true but TEST_REDIS_URL is not set: the tests of several processes would not run',
  )
}

/**
 * With PostgreSQL available, every API test runs there, and on PGlite only the files where the
 * two engines take different paths or where SQL does the product's work (search, lists, orders,
 * migrations, the seed, faults): the rest goes through the same Drizzle queries on the same
 * PostgreSQL grammar, and the end-to-end journeys run the whole product on PGlite anyway. Without
 * PostgreSQL (a laptop), every API test runs on PGlite. docs/architecture.md, "Tests".
 */
export const PGLITE_WHEN_POSTGRES_RUNS = [
  'core',
  'database-faults',
  'pglite-statements',
  'slow-clients',
  'migration-sessions',
  'seed',
  'isolation',
  'products-list',
  'products-search',
  'orders-create',
  'orders-owner',
  'variants*',
  'insights*',
  'events*',
  'catalogue-io*',
].map((name) => `test/${name}.test.ts`)

type Project = TestProjectInlineConfiguration

/**
 * A project's own name, environment and files, spread rather than `extends`: extending would append
 * `include` to the project's own.
 */
function project(base: Project, name: string, test: Project['test']): Project {
  return { ...base, test: { ...base.test, name, ...test } }
}

/**
 * The files of `base` that run in a worker of their own (the API and web projects share a worker
 * between files, `isolate: false`): its isolated list, or those of them named in `within` (the
 * PGlite files when PostgreSQL runs).
 */
function isolatedTwin(base: Project, files: string[], within?: string[]): Project[] {
  const chosen = within ? files.filter((file) => within.includes(file)) : files
  if (chosen.length === 0) return []
  const name = `${base.test?.name}-isolated`
  return [project(base, name, { include: chosen, exclude: [], isolate: true })]
}

const pgliteFiles = pgUrl ? PGLITE_WHEN_POSTGRES_RUNS : undefined
const pglite = project(apiProject, 'api', {
  env: { VITRINA_TEST_ENGINE: 'pglite' },
  ...(pgliteFiles && { include: pgliteFiles }),
})
const apiProjects: Project[] = [pglite, ...isolatedTwin(pglite, API_ISOLATED_FILES, pgliteFiles)]
if (pgUrl) {
  const env = { VITRINA_TEST_ENGINE: 'postgres', TEST_DATABASE_URL: pgUrl }
  const postgres = project(apiProject, 'api-postgres', { env })
  apiProjects.push(postgres, ...isolatedTwin(postgres, API_ISOLATED_FILES))
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, for its own process; here that process
    // is mostly idle (the API files wait on their databases), and on a 2-core machine the default
    // of one worker ran every file in turn: every core runs a worker (25 → 16 min here).
    maxWorkers: availableParallelism(),
    projects: [
      'packages/contracts',
      webProject,
      ...isolatedTwin(webProject, WEB_ISOLATED_FILES),
      ...apiProjects,
    ],
  },
})
