#!/usr/bin/env node
/**
 * `npm run bench`: the whole benchmark suite, then bench/RESULTS.md.
 *
 *   npm run bench                       generate missing catalogues, measure everything
 *   npm run bench -- --generate         regenerate the catalogues first (large: ~10 min)
 *   npm run bench -- --only api,images  any of: api, images, pages, pages-load, orders, events,
 *                                       variants, import
 *   npm run bench -- --duration 2 --warmup 1   a quick end-to-end check (seconds, not minutes)
 *   npm run bench -- --only pages --reference ../ref-preact   Lighthouse beside another checkout
 *   npm run bench -- --only pages-load --reference ../main    pages under load beside another build
 *
 * Catalogues: PostgreSQL small and large (BENCH_DATABASE_URL, default the local server) and PGlite
 * small under bench/.data. Each step writes bench/results/<step>.json; bench/report.ts turns them
 * into RESULTS.md.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseArgs({
  options: {
    generate: { type: 'boolean', default: false },
    only: { type: 'string', default: 'api,images,pages,pages-load,orders,events,variants,import' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    runs: { type: 'string', default: '5' },
    /** pages: another checkout measured beside this one (issue 21 §3: the last Preact build). */
    reference: { type: 'string' },
  },
})
const steps = new Set(values.only.split(','))
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const TARGETS = [
  ['postgres', 'small'],
  ['postgres', 'large'],
  ['pglite', 'small'],
]
/**
 * Measured again with the read cache off (docs/decisions/010), for 10 s a scenario: what the
 * database path itself costs, and how it grows with the catalogue.
 */
const UNCACHED = [
  ['postgres', 'small'],
  ['postgres', 'large'],
]
const uncachedDuration = String(Math.min(Number(values.duration), 10))

const tsx = (script, args) =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    stdio: 'inherit',
  })

async function exists(engine, size) {
  if (engine === 'pglite') return existsSync(path.join(root, `bench/.data/pglite-${size}`))
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      `vitrina_bench_${size}`,
    ])
    return rowCount > 0
  } finally {
    await client.end()
  }
}

if (steps.has('api')) {
  for (const [engine, size] of TARGETS) {
    if (values.generate || !(await exists(engine, size))) {
      console.info(`\n# Generando catálogo ${engine} ${size}`)
      tsx('bench/generate.ts', ['--engine', engine, '--size', size])
    }
  }
  const runs = [
    ...TARGETS.map((target) => [...target, values.duration, []]),
    ...UNCACHED.map((target) => [...target, uncachedDuration, ['--no-read-cache']]),
  ]
  for (const [engine, size, duration, extra] of runs) {
    console.info(`\n# API ${engine} ${size} ${extra.join(' ')}`)
    tsx('bench/api.ts', [
      ...['--engine', engine, '--size', size, '--duration', duration],
      ...['--warmup', values.warmup, '--connections', values.connections, ...extra],
    ])
  }
}
if (steps.has('images')) {
  console.info('\n# Imágenes')
  tsx('bench/images.ts', ['--runs', values.runs])
}
if (steps.has('pages')) {
  console.info('\n# Páginas (Lighthouse)')
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'bench/pages.mjs'),
      '--runs',
      values.runs,
      ...(values.reference ? ['--reference', values.reference] : []),
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
}
if (steps.has('pages-load')) {
  console.info('\n# Páginas bajo carga (50 conexiones)')
  tsx('bench/pages-load.ts', [
    '--duration',
    String(Math.min(Number(values.duration), 15)),
    ...(values.reference ? ['--reference', values.reference] : []),
  ])
}
if (steps.has('orders')) {
  // Issue 24: its own database beside TEST_DATABASE_URL (default the local server), dropped after.
  console.info('\n# Pedidos (crear a 16 conexiones, lista con 10.000 pedidos)')
  tsx('bench/orders.ts', ['--duration', String(Math.min(Number(values.duration), 10))])
}
if (steps.has('events')) {
  // Issue 26: its own database too; 2,000 events/s and a year of counters' size.
  console.info('\n# Eventos de estadísticas (2.000 eventos/s, tamaño de un año)')
  tsx('bench/events.ts', ['--duration', String(Math.min(Number(values.duration), 10))])
}
if (steps.has('variants')) {
  // Issue 25: its own database too; the list with variants beside one without, confirmations.
  console.info('\n# Variantes (lista con 30 % de productos con 12 variantes, confirmar pedidos)')
  tsx('bench/variants.ts', ['--duration', String(Math.min(Number(values.duration), 10))])
}
if (steps.has('import')) {
  // Issue 27 §1: its own database; preview and import of 1,000 rows (ADR 028).
  console.info('\n# Importación de planillas (vista previa e importación de 1.000 filas)')
  tsx('bench/import.ts', [])
}
tsx('bench/report.ts', [])
// The generated tables, laid out as the repository's formatter would (format:check covers it).
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--write', 'bench/RESULTS.md'],
  { cwd: root, stdio: 'inherit' },
)
