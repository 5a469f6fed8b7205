import { defineProject } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { preactAliases } from './vite.config'

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: preactAliases,
    // The packages' ES builds, as in the browser: under Node's "node" condition lucide-react and
    // react-router resolve to CommonJS, whose require('react') no alias reaches (two renderers).
    conditions: ['module', 'browser', 'development|production'],
    mainFields: ['module', 'main'],
  },
  // The server render's tests (`@vitest-environment node`) run in Vite's SSR environment: there
  // too every dependency goes through Vite and its aliases, as in the server build.
  ssr: { noExternal: true, resolve: { conditions: ['module', 'development|production'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Route tests load lazy modules that are transformed on first import; on a busy 2-core
    // machine running every project at once that alone can pass the default 5 s.
    testTimeout: 20_000,
    // Every dependency runs through Vite, so the aliases above reach whatever imports React
    // (a library left to Node, e.g. @floating-ui/react-dom under Radix, would load real React
    // next to Preact: two renderers, and 'Invalid hook call').
    server: { deps: { inline: true } },
  },
})
