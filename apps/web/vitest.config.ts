import { fileURLToPath } from 'node:url'
import { configDefaults, defineProject } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Files that run in a worker of their own (the root vitest.config.ts's `web-isolated` project):
 * the pixels' consent journey loads the owner's tags into `window` page after page and does not
 * yet hold up beside other files' leftovers in a shared jsdom.
 */
export const WEB_ISOLATED_FILES = ['src/lib/pixels/consent.test.tsx']

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...WEB_ISOLATED_FILES],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom and one load of the packages per worker; the setup file gives each file fresh
    // app modules and an empty document (src/test/setup.ts).
    isolate: false,
    // Route tests load lazy modules that are transformed on first import; on a busy 2-core
    // machine running every project at once that alone can pass the default 5 s.
    testTimeout: 20_000,
    // In CI, a test that fails is run once more, as the journeys are (playwright.config.ts): every
    // project runs at once on two busy cores. A test that fails twice fails the run. (The screens
    // that stayed on their loading state in CI, retry included, were not slow: a query client
    // left mounted by one file had taken another file's 'offline' and paused every later query
    // of the worker — src/test/setup.ts now starts each file online and refuses such a leak.)
    retry: process.env.CI ? 1 : 0,
  },
})
