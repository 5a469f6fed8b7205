import { fileURLToPath } from 'node:url'
import { configDefaults, defineProject } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Files that run in a worker of their own (the root vitest.config.ts's `web-isolated` project):
 * the pixels' consent journey loads the owner's tags into `window` page after page and does not
 * yet hold up beside other files' leftovers in a shared jsdom.
 */
export const WEB_ISOLATED_FILES = [
  'src/lib/pixels/consent.test.tsx',
  // Stayed on its loading skeletons until the timeout in two of five CI runs (its retry too), after
  // other files in a shared worker; it passes alone. The cause is not found yet.
  'src/features/operator/payments/subscriptions.test.tsx',
]

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
    // In CI, a test that fails is run once more, as the journeys are (playwright.config.ts). Two
    // timing failures were seen on 2026-11-29 with every project running on two busy cores: the
    // wizard's debounced identifier check, and screens still loading at Testing Library's 5 s.
    // A test that fails twice fails the run.
    retry: process.env.CI ? 1 : 0,
  },
})
