import { defineProject } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom and one load of the packages per worker; the setup file gives each file fresh
    // app modules and an empty document (src/test/setup.ts).
    isolate: false,
    // Route tests load lazy modules that are transformed on first import; on a busy 2-core
    // machine running every project at once that alone can pass the default 5 s.
    testTimeout: 20_000,
  },
})
