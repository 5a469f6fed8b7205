/**
 * Server-rendered pages under load (bench/lib/pages-load.ts):
 *
 *   npx tsx bench/pages-load.ts [--duration 15] [--warmup 3] [--connections 50] [--only cached,render,cold]
 *                               [--reference ../other-checkout]
 *
 * With DATABASE_URL the servers use that PostgreSQL database (seeded at the first start) instead
 * of PGlite; `--reference` measures another built checkout right after this one in each phase.
 *
 * Needs the production build (`npm run build`). Writes bench/results/pages-load.json.
 */
import { parseArgs } from 'node:util'
import { writeResult } from './lib/machine.js'
import { PAGES_LOAD_PHASES, runPagesLoad, type PagesLoadPhase } from './lib/pages-load.js'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string', default: PAGES_LOAD_PHASES.join(',') },
    out: { type: 'string', default: 'pages-load' },
    reference: { type: 'string' },
  },
})
const result = await runPagesLoad({
  duration: Number(values.duration),
  warmup: Number(values.warmup),
  connections: Number(values.connections),
  phases: values.only.split(',') as PagesLoadPhase[],
  ...(values.reference ? { reference: values.reference } : {}),
  log: (line) => console.info(line),
})
console.info(`→ ${await writeResult(values.out, result)}`)
