/**
 * Where an uncached page's CPU goes, one page at a time (issue 42 §4):
 *
 *   npx tsx bench/page-costs.ts [--seconds 3]
 *
 * On DATABASE_URL, or else the pages-load bench's PGlite (bench/.data/pages-load, seeded by the
 * first start), with no read cache (`READ_CACHE_MB=0`), for each kind of page of the demo data —
 * a storefront home, its list, a product, the landing — the main thread's CPU time of:
 *
 * - `page`: the production server (bench/lib/pages-load.ts) answering the page over HTTP, one
 *   request at a time, brotli asked for as browsers do: its render, its reads, the response;
 * - then, in this process, the app built as the server builds it:
 *   - `render alone`: the web build's `renderPage` with the reads that page made answered from
 *     memory (what React, the router and the document cost);
 *   - `reads through the routes`: those reads alone, each as the render makes it (`app.inject`);
 *   - for the home's two reads, the services the routes call, alone and with the reply's schema
 *     and JSON both ways: what Fastify's request and hooks and light-my-request add to a read.
 *
 * One request at a time: the figures hold still on a machine whose load moves the 50-connection
 * figures of bench/pages-load.ts by ±20 %. Needs the production build.
 * Writes bench/results/page-costs.json.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { businessSchema, productCarouselsSchema } from '@vitrina/contracts'
import { buildApp } from '../apps/api/src/app.js'
import { loadConfig } from '../apps/api/src/config.js'
import { databaseOptionsFrom, openDatabase } from '../apps/api/src/db/client.js'
import { getBusinessByIdentifier } from '../apps/api/src/modules/businesses/service.js'
import { listCarousels } from '../apps/api/src/modules/products/reads.js'
import type { PageRenderer } from '../apps/api/src/plugins/static-files-and-pages.js'
import { writeResult } from './lib/machine.js'
import { startPagesServer } from './lib/pages-load.js'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '3' } } })
const SECONDS = Number(values.seconds)
const ROOT = path.resolve(import.meta.dirname, '..')
const WEB_DIST = path.join(ROOT, 'apps/web/dist')

/** A process's main-thread CPU time so far, in ms (Linux: the thread's own /proc entry). */
function mainThreadMs(pid = process.pid): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** `pid`'s main-thread CPU ms per call of `run`, called for `SECONDS` after a warm-up. */
async function cpuPerCall(run: () => Promise<unknown>, pid = process.pid): Promise<number> {
  for (let i = 0; i < 50; i++) await run()
  const until = performance.now() + SECONDS * 1000
  const before = mainThreadMs(pid)
  let calls = 0
  while (performance.now() < until) {
    await run()
    calls++
  }
  return (mainThreadMs(pid) - before) / calls
}

// The pages over HTTP first: PGlite's directory opens in one process at a time.
const server = await startPagesServer('cold')
const get = async <T>(url: string) => (await (await fetch(`${server.base}${url}`)).json()) as T
const listed = await get<{ items: { _id: string; identifier: string }[] }>('/api/businesses')
const shop = listed.items[0]!
const { items: shopProducts } = await get<{ items: { _id: string; slug: string | null }[] }>(
  `/api/products/${shop._id}/business`,
)
const product = shopProducts[0]!
const PAGES = {
  home: `/${shop.identifier}`,
  list: `/${shop.identifier}/productos`,
  product: `/${shop.identifier}/productos/${product.slug ?? product._id}`,
  landing: '/',
}
const pageCpu: Record<string, number> = {}
try {
  for (const [kind, address] of Object.entries(PAGES)) {
    pageCpu[kind] = await cpuPerCall(async () => {
      const reply = await fetch(`${server.base}${address}`, {
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
      })
      await reply.arrayBuffer()
      if (reply.status !== 200) throw new Error(`${address}: ${reply.status}`)
    }, server.pid)
  }
} finally {
  await server.stop()
}

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  READ_CACHE_MB: '0',
  LOG_LEVEL: 'info',
  DATA_DIR: process.env.DATA_DIR ?? path.join(ROOT, 'bench/.data/pages-load'),
  WEB_DIST,
} as Record<string, string>)
const database = await openDatabase(databaseOptionsFrom(config))
const app = await buildApp(config, {
  database,
  closeDatabase: true,
  // Every line at info, as in production, written nowhere.
  logger: { level: 'info', stream: { write() {} } } as never,
})
await app.ready()

const renderer = (await import(
  pathToFileURL(path.join(ROOT, 'apps/web/dist-ssr/entry-server.js')).href
)) as PageRenderer
const template = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite/document.json'), 'utf8'))

interface Read {
  url: string
  status: number
  body: string
  contentType: string
}
const readThroughRoutes = async (url: string): Promise<Read> => {
  const reply = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } })
  return {
    url,
    status: reply.statusCode,
    body: reply.body,
    contentType: String(reply.headers['content-type']),
  }
}
const asResponse = (read: Read) =>
  new Response(read.body, { status: read.status, headers: { 'content-type': read.contentType } })

const rows: Record<string, number | string>[] = []
for (const [kind, address] of Object.entries(PAGES)) {
  // The reads this page's render makes, answered once through the routes and kept.
  const reads: Read[] = []
  await renderer.renderPage(`${config.publicUrl}${address}`, {
    template,
    fetch: (async (input: string | URL | Request) => {
      const read = await readThroughRoutes(String(input))
      reads.push(read)
      return asResponse(read)
    }) as typeof fetch,
  })
  const kept = new Map(reads.map((read) => [read.url, read]))
  const page = pageCpu[kind]!
  const render = await cpuPerCall(() =>
    renderer.renderPage(`${config.publicUrl}${address}`, {
      template,
      fetch: (async (input: string | URL | Request) =>
        asResponse(kept.get(String(input))!)) as typeof fetch,
    }),
  )
  const throughRoutes = await cpuPerCall(() =>
    Promise.all(reads.map((read) => readThroughRoutes(read.url))),
  )
  rows.push({ kind, address, reads: reads.length, page, render, readsThroughRoutes: throughRoutes })
  console.info(
    `${kind.padEnd(8)} ${address.padEnd(48)} page ${page.toFixed(2)} ms · render alone ${render.toFixed(2)} ms · ` +
      `its ${reads.length} reads through the routes ${throughRoutes.toFixed(2)} ms (main-thread CPU)`,
  )
}

// The home's two reads: through the routes, and by the services the routes call.
const anonymous = async () => undefined
const homeReads = {
  'business, through the routes': () =>
    readThroughRoutes(`/api/businesses/${shop.identifier}/identifier`),
  'business, its service + schema + JSON': async () =>
    JSON.parse(
      JSON.stringify(businessSchema.parse(await getBusinessByIdentifier(app.db, shop.identifier))),
    ),
  'business, its service': () => getBusinessByIdentifier(app.db, shop.identifier),
  'carousels, through the routes': () => readThroughRoutes(`/api/products/${shop._id}/carousels`),
  'carousels, its service + schema + JSON': async () =>
    JSON.parse(
      JSON.stringify(
        productCarouselsSchema.parse(await listCarousels(app.db, shop._id, anonymous)),
      ),
    ),
  'carousels, its service': () => listCarousels(app.db, shop._id, anonymous),
}
const reads: Record<string, number> = {}
for (const [name, run] of Object.entries(homeReads)) {
  reads[name] = await cpuPerCall(run)
  console.info(`${name.padEnd(40)} ${reads[name]!.toFixed(2)} ms (main-thread CPU)`)
}
await app.close()
console.info(
  `→ ${await writeResult('page-costs', { seconds: SECONDS, engine: database.kind, pages: rows, reads })}`,
)
