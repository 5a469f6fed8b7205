import { defineProject } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Route tests load lazy modules that are transformed on first import; on a busy 2-core
    // machine running every project at once that alone can pass the default 5 s.
    testTimeout: 20_000,
  },
})
