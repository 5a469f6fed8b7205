/**
 * Server-rendered pages under load (issue 21 §3): the production server (`node
 * apps/api/dist/server.js`, the production build of the web app and its server entry) on the
 * demo businesses' data (embedded PGlite under bench/.data/pages-load, seeded at its first start),
 * and 50 connections asking for many distinct storefront addresses — homes, product lists with
 * assorted query strings, product pages, the landing and the directory — round robin
 * (pages-load-worker.mjs, a child process).
 *
 * Three phases, each on a fresh server process:
 * - `cached`: every address is requested once first, so the measurement sees pages rendered in
 *   the last seconds (the page cache of ADR 021) — the budget's case. `READ_CACHE_TTL=120` so
 *   that no entry expires during the run: every request is a hit.
 * - `expiring`: the same with the production TTL (10 s): every page is rendered again each
 *   10 s during the run, as a server under steady traffic does.
 * - `render`: the same server, but every request's address is new (a query parameter the pages
 *   ignore, `_=<n>`, different on every request): the page cache, keyed by address, can never
 *   answer, so every request renders its page; the reads the render makes are the read cache's.
 * - `cold`: `READ_CACHE_MB=0` — no cache at all: every request renders, and every read reaches
 *   the database.
 *
 * `BENCH_PAGES_PORT` chooses the server's port (default: a free one); `BENCH_CPU_PROF=<dir>`
 * starts it with `--cpu-prof` (a V8 profile of the whole server process, written when it stops).
 */
import { spawn, fork, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { machine } from './machine.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const DATA_DIR = path.join(ROOT, 'bench/.data/pages-load')
const SERVER = 'apps/api/dist/server.js'

export type PagesLoadPhase = 'cached' | 'expiring' | 'render' | 'cold'
export const PAGES_LOAD_PHASES: readonly PagesLoadPhase[] = ['cached', 'expiring', 'render', 'cold']

/** The database the servers use: PostgreSQL when DATABASE_URL is set, else embedded PGlite. */
export type PagesLoadEngine = 'postgres' | 'pglite'
export const pagesLoadEngine = (): PagesLoadEngine =>
  process.env.DATABASE_URL ? 'postgres' : 'pglite'

export interface PagesLoadBudget {
  /** Throughput as fast as the connections go (closed loop). */
  requestsPerSecond: number
  /** p99 in an open loop at `atRate` requests a second. */
  p99Ms: number
  atRate: number
}

/**
 * Issue 21 §3 (cached, render); issue 42 §4 for the uncached render (`cold`): ≥ 200 req/s on
 * PostgreSQL, ≥ 100 on PGlite, p99 ≤ 300 ms at 150 req/s in an open loop.
 */
export function pagesLoadBudget(
  phase: PagesLoadPhase,
  engine: PagesLoadEngine,
): PagesLoadBudget | null {
  switch (phase) {
    case 'cached':
      return { requestsPerSecond: 1000, p99Ms: 100, atRate: 1000 }
    case 'render':
      return { requestsPerSecond: 150, p99Ms: 400, atRate: 150 }
    case 'cold':
      return { requestsPerSecond: engine === 'postgres' ? 200 : 100, p99Ms: 300, atRate: 150 }
    default:
      return null
  }
}

export interface PagesLoadOptions {
  connections: number
  duration: number
  warmup: number
  phases?: readonly PagesLoadPhase[]
  /**
   * Another checkout (built), measured with the same addresses right after this one in every
   * phase: the side-by-side figures issue 42 §4 asks for.
   */
  reference?: string
  log?: (line: string) => void
}

export interface PagesLoadFigures {
  requestsPerSecond: number
  requestsTotal: number
  p50: number
  p90: number
  p99: number
  latencyMax: number
  bytesPerSecond: number
  errors: number
  timeouts: number
  non2xx: number
  ok: number
  statuses: Record<string, number>
}

export interface PagesLoadPhaseResult {
  phase: PagesLoadPhase
  /** Which build: this checkout, or the reference's path. */
  build: string
  figures: PagesLoadFigures
  loadavg: number[]
  /** The server process's CPU time per request during the measured seconds (machine-independent-ish). */
  cpuMsPerRequest: number
  /**
   * Of that, its main thread's: what bounds one process's throughput (the rest is V8's garbage
   * collection and compilation and libuv's pool — compression — on other threads).
   */
  mainThreadCpuMsPerRequest?: number
  /**
   * The same addresses at the budget's rate, offered in an open loop (paced.mjs): the p99 the
   * budget is judged on. The closed loop above gives the throughput; its p99 is its queue.
   */
  atRate?: PagesLoadFigures
}

export interface PagesLoadResult {
  kind: 'pages-load'
  machineBefore: ReturnType<typeof machine>
  machineAfter: ReturnType<typeof machine>
  options: { connections: number; duration: number; warmup: number }
  engine: PagesLoadEngine
  /** How many distinct addresses, and a few of them. */
  addresses: { count: number; kinds: Record<string, number>; sample: string[] }
  phases: PagesLoadPhaseResult[]
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * This build's (or `root`'s) production server on the benchmark's database, as the phase runs it:
 * `cold` with no read cache, `cached` with a long one. Answers once a business is listed.
 */
export async function startPagesServer(phase: PagesLoadPhase, root: string = ROOT) {
  const port = Number(process.env.BENCH_PAGES_PORT ?? (await freePort()))
  const profileDir = process.env.BENCH_CPU_PROF
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR,
    // The production default: every request logged (to nowhere here).
    LOG_LEVEL: 'info',
    // Seeds an empty database, PostgreSQL's too ('auto' seeds only PGlite).
    SEED_DEMO: 'always',
  }
  delete env.READ_CACHE_MB
  delete env.READ_CACHE_TTL
  if (phase === 'cold') env.READ_CACHE_MB = '0'
  if (phase === 'cached') env.READ_CACHE_TTL = '120'
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      path.join(root, SERVER),
    ],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const base = `http://127.0.0.1:${port}`
  // The first start seeds the demo businesses (a minute or two: their images).
  const deadline = Date.now() + 5 * 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`no business listed at ${base} after 5 minutes: is the database seeded?`)
    }
    try {
      const list = (await (await fetch(`${base}/api/businesses`)).json()) as { items?: unknown[] }
      if (list.items?.length) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const stop = async () => {
    if (child.exitCode !== null) return
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
  /**
   * CPU time the server process (`/proc/<pid>/stat`) or its main thread
   * (`/proc/<pid>/task/<pid>/stat`) has used so far, in ms (Linux).
   */
  const cpuMs = (of: 'process' | 'main thread' = 'process') => {
    const file =
      of === 'process' ? `/proc/${child.pid}/stat` : `/proc/${child.pid}/task/${child.pid}/stat`
    try {
      const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ')
      // utime and stime (fields 14 and 15 of the whole line), in clock ticks of 10 ms.
      return (Number(fields[11]) + Number(fields[12])) * 10
    } catch {
      return Number.NaN
    }
  }
  return { base, pid: child.pid!, stop, cpuMs }
}

interface ListedBusiness {
  _id: string
  identifier: string
}
interface ListedProduct {
  _id: string
  /** Issue 27 §3: the page's address (absent on a build before it: the id). */
  slug?: string
  category?: string
}

/**
 * Distinct public addresses of the demo data: per business its home, its list (plain, page 2,
 * each sort, each flag, a search, its categories) and every product page; the landing and the
 * directory.
 */
async function addressesOf(base: string) {
  const get = async <T>(url: string) => (await (await fetch(`${base}${url}`)).json()) as T
  const { items: businesses } = await get<{ items: ListedBusiness[] }>('/api/businesses')
  const kinds: Record<string, string[]> = {
    platform: ['/', '/plataforma/negocios'],
    home: [],
    list: [],
    product: [],
  }
  for (const business of businesses) {
    const at = `/${business.identifier}`
    kinds.home!.push(at)
    const products: ListedProduct[] = []
    for (let page = 1; page <= 5; page++) {
      const list = await get<{ items: ListedProduct[]; totalPages?: number }>(
        `/api/products/${business._id}/business?page=${page}`,
      )
      products.push(...list.items)
      if (list.items.length === 0 || (list.totalPages ?? 1) <= page) break
    }
    const categories = [...new Set(products.map((p) => p.category).filter(Boolean))] as string[]
    const queries = [
      '',
      '?page=2',
      '?sort=price-asc',
      '?sort=price-desc',
      '?oferta=true',
      '?destacado=true',
      '?nuevo=true',
      '?search=con',
      ...categories.slice(0, 4).map((c) => `?categoria=${encodeURIComponent(c)}`),
    ]
    for (const query of queries) kinds.list!.push(`${at}/productos${query}`)
    for (const product of products) {
      kinds.product!.push(`${at}/productos/${product.slug ?? product._id}`)
    }
  }
  return kinds
}

function runWorker(
  base: string,
  paths: string[],
  connections: number,
  duration: number,
  unique: boolean,
  /** An open loop at this rate (paced.mjs) instead of as fast as the connections go. */
  rate?: number,
) {
  return new Promise<PagesLoadFigures>((resolve, reject) => {
    const worker = fork(
      fileURLToPath(new URL('./pages-load-worker.mjs', import.meta.url)),
      [
        JSON.stringify({
          base,
          paths,
          connections,
          duration,
          unique,
          rate,
          // As a browser asks for a page.
          headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
        }),
      ],
      { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    )
    worker.once('message', (result) => resolve(result as PagesLoadFigures))
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`))
    })
  })
}

/** Shuffled with a fixed seed: neighbours in the list are unrelated pages. */
function shuffled<T>(items: readonly T[]): T[] {
  const result = [...items]
  let seed = 21
  for (let i = result.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    const j = seed % (i + 1)
    ;[result[i], result[j]] = [result[j]!, result[i]!]
  }
  return result
}

export async function runPagesLoad(options: PagesLoadOptions): Promise<PagesLoadResult> {
  const log = options.log ?? (() => {})
  const machineBefore = machine()
  const phases: PagesLoadPhaseResult[] = []
  let addresses: PagesLoadResult['addresses'] | null = null
  const engine = pagesLoadEngine()
  const builds = [ROOT, ...(options.reference ? [path.resolve(options.reference)] : [])]
  for (const phase of options.phases ?? PAGES_LOAD_PHASES) {
    for (const build of builds) {
      const server = await startPagesServer(phase, build)
      try {
        const kinds = await addressesOf(server.base)
        const paths = shuffled(Object.values(kinds).flat())
        addresses ??= {
          count: paths.length,
          kinds: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, v.length])),
          sample: paths.slice(0, 8),
        }
        // Every address once (fills the page cache in `cached`), and each must be a rendered page.
        for (const url of paths) {
          const reply = await fetch(`${server.base}${url}`, { redirect: 'manual' })
          const html = await reply.text()
          if (reply.status !== 200 || !html.includes('id="server-state"'))
            throw new Error(`${url}: ${reply.status}, not a server-rendered page`)
        }
        const unique = phase === 'render'
        if (options.warmup > 0)
          await runWorker(server.base, paths, options.connections, options.warmup, unique)
        const loadavg = os.loadavg()
        const cpuBefore = server.cpuMs()
        const mainBefore = server.cpuMs('main thread')
        const figures = await runWorker(
          server.base,
          paths,
          options.connections,
          options.duration,
          unique,
        )
        const requests = Math.max(figures.requestsTotal, 1)
        const cpuMsPerRequest = (server.cpuMs() - cpuBefore) / requests
        const mainThreadCpuMsPerRequest = (server.cpuMs('main thread') - mainBefore) / requests
        const budget = pagesLoadBudget(phase, engine)
        const atRate = budget
          ? await runWorker(
              server.base,
              paths,
              options.connections,
              options.duration,
              unique,
              budget.atRate,
            )
          : undefined
        const label = build === ROOT ? 'this' : path.relative(ROOT, build) || build
        phases.push({
          phase,
          build: label,
          figures,
          loadavg,
          cpuMsPerRequest,
          mainThreadCpuMsPerRequest,
          ...(atRate ? { atRate } : {}),
        })
        log(
          `${phase.padEnd(7)} ${label.padEnd(12)} ${figures.requestsPerSecond.toFixed(0)} req/s · p50 ${figures.p50} ms · ` +
            `p90 ${figures.p90} ms · p99 ${figures.p99} ms · max ${figures.latencyMax} ms · ` +
            (atRate
              ? `at ${budget!.atRate} req/s: p50 ${atRate.p50} ms p99 ${atRate.p99} ms max ${atRate.latencyMax} ms · `
              : '') +
            `CPU ${cpuMsPerRequest.toFixed(2)} ms/request (main thread ${mainThreadCpuMsPerRequest.toFixed(2)}) · non-2xx ${figures.non2xx} · errors ${figures.errors} · load ${loadavg[0]!.toFixed(2)}`,
        )
      } finally {
        await server.stop()
      }
    }
  }
  return {
    kind: 'pages-load',
    machineBefore,
    machineAfter: machine(),
    options: {
      connections: options.connections,
      duration: options.duration,
      warmup: options.warmup,
    },
    engine,
    addresses: addresses!,
    phases,
  }
}

/** The RESULTS.md section (bench/report.ts). */
export function pagesLoadReport(result: PagesLoadResult): string[] {
  const lines = [
    '## Server-rendered pages under load (issue 21 §3)',
    '',
    `${result.machineBefore.date} · ${result.machineBefore.cpus} × ${result.machineBefore.cpuModel} · ` +
      `${result.options.connections} connections, ${result.options.duration} s after ${result.options.warmup} s warm-up · ` +
      `${result.addresses.count} distinct addresses (${Object.entries(result.addresses.kinds)
        .map(([k, n]) => `${k} ${n}`)
        .join(
          ', ',
        )}) · ${result.engine === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, demo data`,
    '',
    "| phase | build | req/s | p50 ms | p99 ms | max ms | at the budget's rate: p50 / p99 / max ms | server CPU ms / request (main thread) | budget | verdict | load (1 min) |",
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|---:|',
  ]
  const label: Record<PagesLoadPhase, string> = {
    cached: 'pages rendered in the last seconds (every request a page-cache hit)',
    expiring: 'page cache with the production TTL (each page rendered again every 10 s)',
    render: 'every request renders (a new address each time; read cache on)',
    cold: 'every request renders and reads the database (READ_CACHE_MB=0)',
  }
  for (const p of result.phases) {
    const budget = pagesLoadBudget(p.phase, result.engine ?? 'pglite')
    const f = p.figures
    const r = p.atRate
    const clean = f.non2xx === 0 && f.errors === 0 && (!r || (r.non2xx === 0 && r.errors === 0))
    // Throughput as fast as the connections go; the p99 at the budget's rate (open loop).
    const ok =
      budget &&
      clean &&
      f.requestsPerSecond >= budget.requestsPerSecond &&
      (r ?? f).p99 <= budget.p99Ms
    lines.push(
      `| ${label[p.phase]} | ${p.build ?? 'this'} | ${f.requestsPerSecond.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.latencyMax} | ` +
        `${r ? `${r.p50} / ${r.p99} / ${r.latencyMax}` : '—'} | ${p.cpuMsPerRequest.toFixed(2)}` +
        `${p.mainThreadCpuMsPerRequest === undefined ? '' : ` (${p.mainThreadCpuMsPerRequest.toFixed(2)})`} | ` +
        `${budget ? `≥ ${budget.requestsPerSecond} req/s, p99 ≤ ${budget.p99Ms} ms at ${budget.atRate} req/s` : '—'} | ` +
        `${budget ? (ok ? 'PASS' : '**FAIL**') : clean ? '—' : '**errors**'} | ${p.loadavg[0]!.toFixed(2)} |`,
    )
  }
  lines.push('')
  return lines
}
