/**
 * Issue 27 §1 budgets: the preview of a 1,000-row sheet ≤ 3 s, and importing 1,000 rows without
 * image downloads ≤ 10 s, on PostgreSQL; memory bounded while parsing.
 *
 *   npx tsx bench/import.ts [--engine postgres|pglite] [--rows 1000] [--runs 3]
 *
 * One scratch app; an owner with a paid plan's business and `rows` products (codes P-0…).
 * Timed through the real route (app.inject, multipart CSV): the preview of `rows` rows (half
 * updates by code, half creates), a confirmed import of `rows` creates (image URLs queued for
 * the background worker, which is stopped here: downloads are not part of the budget), and a
 * confirmed import of `rows` updates. Also the heap growth of a 5,000-row preview.
 * Writes bench/results/import-<engine>.json.
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { randomBytes } from 'node:crypto'
import { CATALOGUE_COLUMNS as H } from '@vitrina/contracts'
import { businesses } from '../apps/api/src/db/schema/index.js'
import { owner } from './lib/owner.js'
import { startScratchApp } from './lib/scratch-app.js'
import { machine, writeResult } from './lib/machine.js'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
  },
})

export const IMPORT_BUDGETS = { previewMs: 3_000, importMs: 10_000 } as const

const HEADER = [
  H.code,
  H.name,
  H.description,
  H.price,
  H.discount,
  H.category,
  H.tags,
  H.specifications,
  H.images,
]

function sheet(rows: string[][]): Buffer {
  return Buffer.from(`\uFEFF${[HEADER, ...rows].map((r) => r.join(';')).join('\r\n')}`)
}

function row(code: string, i: number, suffix = ''): string[] {
  return [
    code,
    `Producto ${i}${suffix}`,
    `Descripción del producto ${i}`,
    `${100 + (i % 900)},50`,
    String(i % 3 === 0 ? 10 : 0),
    'Ropa',
    'verano | algodón',
    'Material: algodón | Origen: Uruguay',
    `https://images.example/p-${i}.jpg`,
  ]
}

function form(data: Buffer): FormData {
  const f = new FormData()
  f.append('file', new Blob([data], { type: 'text/csv' }), 'productos.csv')
  return f
}

async function main() {
  const scratch = await startScratchApp({ engine: values.engine, name: 'import', port: 0 })
  const { app } = scratch
  try {
    // Downloads are not part of the budget (and the bench has no images to fetch).
    await app.importImages.close()
    const count = Number(values.rows)
    const runs = Number(values.runs)
    const times = {
      preview: [] as number[],
      importCreates: [] as number[],
      importUpdates: [] as number[],
    }
    let heapMb = 0
    for (let run = 0; run < runs; run++) {
      const who = await owner(app, 'Dueña')
      const identifier = `banco-${randomBytes(4).toString('hex')}`
      await app.db.insert(businesses).values({
        userId: who.userId,
        name: `Banco ${identifier}`,
        identifier,
        description: 'Negocio del banco de importación',
        category: 'moda',
        phone: '099 123 456',
        email: 'bench@example.com',
        categories: [{ name: 'Ropa', subCategories: [] }],
        searchText: identifier,
        effectivePlan: 'pro',
      })
      const post = async (data: Buffer, dryRun: boolean) => {
        const started = performance.now()
        const res = await app.inject({
          method: 'POST',
          url: `/api/products/import?dryRun=${dryRun}`,
          headers: { authorization: `Bearer ${who.accessToken}` },
          payload: form(data),
        })
        const ms = performance.now() - started
        if (res.statusCode !== 200)
          throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`)
        return { ms, body: res.json() as { create: number; update: number } }
      }
      // The business's catalogue: `count` products created by import (codes P-0…).
      const creates = await post(
        sheet(Array.from({ length: count }, (_, i) => row(`P-${i}`, i))),
        false,
      )
      if (creates.body.create !== count) throw new Error(`created ${creates.body.create}`)
      times.importCreates.push(creates.ms)
      // Preview: half updates (changed names), half creates.
      const mixed = sheet(
        Array.from({ length: count }, (_, i) =>
          i % 2 === 0 ? row(`P-${i}`, i, ' (nuevo)') : row(`N-${i}`, i + count),
        ),
      )
      times.preview.push((await post(mixed, true)).ms)
      // Every product updated.
      const updates = await post(
        sheet(Array.from({ length: count }, (_, i) => row(`P-${i}`, i, ' v2'))),
        false,
      )
      if (updates.body.update !== count) throw new Error(`updated ${updates.body.update}`)
      times.importUpdates.push(updates.ms)
      if (run === 0) {
        global.gc?.()
        const before = process.memoryUsage().heapUsed
        let peak = before
        const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5)
        await post(sheet(Array.from({ length: 5000 }, (_, i) => row(`B-${i}`, i))), true)
        clearInterval(timer)
        heapMb = Math.round(((peak - before) / 1024 / 1024) * 10) / 10
      }
    }
    const summary = (list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b)
      return {
        medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!),
        maxMs: Math.round(sorted.at(-1)!),
      }
    }
    const result = {
      machine: machine(),
      engine: values.engine,
      rows: count,
      runs,
      budgets: IMPORT_BUDGETS,
      preview: summary(times.preview),
      importCreates: summary(times.importCreates),
      importUpdates: summary(times.importUpdates),
      previewOf5000HeapGrowthMb: heapMb,
    }
    console.info(JSON.stringify(result, null, 2))
    await writeResult(`import-${values.engine}`, result)
  } finally {
    await scratch.close()
  }
}

await main()
