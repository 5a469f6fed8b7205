import { defineConfig } from 'tsup'

// One ESM bundle per entry; the workspace contracts package is TypeScript source, so it is
// bundled in, while npm dependencies stay external and load from node_modules.
export default defineConfig({
  entry: { server: 'src/server.ts', seed: 'src/seed/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: ['@vitrina/contracts'],
})
