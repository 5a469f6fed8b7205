#!/usr/bin/env node
/**
 * Writes `.br` and `.gz` beside every compressible file of the built web app (apps/web/dist, or the
 * folder given), so @fastify/static (`preCompressed: true`) sends them as they are instead of
 * compressing each response again (docs/decisions/009-performance.md). Runs after `vite build`.
 * Brotli at its highest quality and gzip at level 9: paid once per build, not per request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.resolve(
  process.argv[2] ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
)
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/
// Below this, headers cost more than compression saves (the same threshold as @fastify/compress).
const MIN_BYTES = 1024

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (COMPRESSIBLE.test(entry.name)) yield full
  }
}

let count = 0
let before = 0
let afterBr = 0
for await (const file of files(root)) {
  if ((await stat(file)).size < MIN_BYTES) continue
  const data = await readFile(file)
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  })
  const gz = gzipSync(data, { level: 9 })
  // A compressed copy that is not smaller would only waste a lookup.
  if (br.length < data.length) await writeFile(`${file}.br`, br)
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz)
  count++
  before += data.length
  afterBr += Math.min(br.length, data.length)
}
console.info(
  `precompress: ${count} files in ${path.relative(process.cwd(), root) || '.'}, ` +
    `${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB brotli`,
)
