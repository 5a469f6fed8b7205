/**
 * Generates a benchmark catalogue:
 *
 *   npx tsx bench/generate.ts --size tiny|small|large [--engine postgres|pglite] [--seed N]
 *
 * small = one business with 10,000 products; large = 10,000 businesses × 100 products.
 */
import { parseArgs } from 'node:util'
import { generateCatalogue, SIZES, type BenchSize } from './lib/generate.js'
import { recreateTarget, type Engine } from './lib/target.js'

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'small' },
    engine: { type: 'string', default: 'postgres' },
    seed: { type: 'string', default: '20251121' },
  },
})
const size = values.size as BenchSize
const engine = values.engine as Engine
if (!(size in SIZES)) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`)
if (engine !== 'postgres' && engine !== 'pglite') throw new Error('--engine postgres|pglite')

const handle = await recreateTarget(engine, size)
try {
  let lastReport = 0
  const result = await generateCatalogue(handle.db, {
    size,
    seed: Number(values.seed),
    onProgress(inserted, total) {
      if (inserted === total || performance.now() - lastReport > 5_000) {
        lastReport = performance.now()
        console.info(`  ${inserted.toLocaleString('es-UY')} / ${total.toLocaleString('es-UY')}`)
      }
    },
  })
  console.info(JSON.stringify({ engine, ...result }))
} finally {
  await handle.close()
}
