/**
 * Upload budget: `npx tsx bench/images.ts [--runs 3]` → bench/results/images.json.
 * Each run processes the same 12 MP, ~5 MB JPEG in a fresh child process.
 */
import { parseArgs } from 'node:util'
import { runImagesBench } from './lib/images-bench.js'
import { writeResult } from './lib/machine.js'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } })
const result = await runImagesBench(Number(values.runs))
console.info(JSON.stringify(result.summary))
console.info(`→ ${await writeResult('images', result)}`)
