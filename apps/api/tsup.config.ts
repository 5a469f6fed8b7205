import { defineConfig } from 'tsup'

// One ESM bundle per entry; the workspace contracts package is TypeScript source, so it is
// bundled in, while npm dependencies stay external and load from node_modules. The sheet
// reader's worker thread is its own entry: the server starts dist/parse-worker.js beside it
// (src/modules/catalogue-io/read-sheet.ts; issue 40 §1).
export default defineConfig({
  entry: {
    server: 'src/server.ts',
    seed: 'src/seed/cli.ts',
    'parse-worker': 'src/modules/catalogue-io/parse-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: ['@vitrina/contracts'],
  // Only imported when run from source (read-sheet.ts bundles the worker then): never bundled.
  external: ['esbuild'],
})
