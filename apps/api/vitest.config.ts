import { fileURLToPath } from 'node:url'
import { configDefaults, defineProject } from 'vitest/config'

/**
 * Files that run in a worker of their own (the root vitest.config.ts's `…-isolated` projects):
 * - `orders-codes` replaces the app's order-code module with `vi.mock`, which takes only where the
 *   app's modules are loaded afresh for the file;
 * - `media-performance` holds the process's peak memory while it processes an image, which a
 *   worker that has already run other files would count too.
 */
export const API_ISOLATED_FILES = ['test/orders-codes.test.ts', 'test/media-performance.test.ts']

// The root vitest.config.ts runs this project twice: on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (see test/helpers/database.ts).
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...API_ISOLATED_FILES],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker loads the app's modules once and runs file after file: each file has its own
    // database, app instances and Redis prefix already, and importing the app again for every file
    // was a third of the API files' time (docs/architecture.md, "Tests").
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
  },
})
