import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

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

const apiProjects: TestProjectInlineConfiguration[] = [
  {
    extends: './apps/api/vitest.config.ts',
    root: './apps/api',
    test: { name: 'api', env: { VITRINA_TEST_ENGINE: 'pglite' } },
  },
]
if (pgUrl) {
  apiProjects.push({
    extends: './apps/api/vitest.config.ts',
    root: './apps/api',
    test: {
      name: 'api-postgres',
      env: { VITRINA_TEST_ENGINE: 'postgres', TEST_DATABASE_URL: pgUrl },
    },
  })
}

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/web', ...apiProjects],
  },
})
