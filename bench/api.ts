/**
 * API load benchmark over a generated catalogue (run bench/generate.ts first):
 *
 *   npx tsx bench/api.ts --engine postgres|pglite --size small|large|tiny
 *     [--duration 20] [--warmup 3] [--connections 32] [--only list,search] [--no-read-cache]
 *
 * Writes bench/results/api-<engine>-<size>[-no-read-cache].json.
 * --no-read-cache turns the in-process cache of public reads off (docs/decisions/010), so every
 * request reaches the database.
 */
import { parseArgs } from 'node:util'
import { runApiBench } from './lib/api-bench.js'
import type { BenchSize } from './lib/generate.js'
import { writeResult } from './lib/machine.js'
import { databaseUrl, openTarget, type Engine } from './lib/target.js'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    size: { type: 'string', default: 'small' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    out: { type: 'string' },
    'no-read-cache': { type: 'boolean', default: false },
  },
})
const engine = values.engine as Engine
const size = values.size as BenchSize
const handle = await openTarget(engine, size)
try {
  const result = await runApiBench(handle, size, {
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
    databaseUrl: engine === 'postgres' ? databaseUrl(size) : undefined,
    only: values.only?.split(','),
    readCache: !values['no-read-cache'],
    log: (line) => console.info(line),
  })
  const failed = result.plans.filter((p) => !p.ok)
  for (const plan of failed) console.warn(`plan ${plan.name}: ${plan.problems.join('; ')}`)
  const name = `api-${engine}-${size}${values['no-read-cache'] ? '-no-read-cache' : ''}`
  const file = await writeResult(values.out ?? name, result)
  console.info(`→ ${file}`)
} finally {
  await handle.close()
}
