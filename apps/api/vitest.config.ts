import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

// The root vitest.config.ts runs this project twice: on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (see test/helpers/database.ts).
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['./test/global-setup.ts'],
  },
})
