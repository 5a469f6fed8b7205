#!/usr/bin/env node
/**
 * Page speed of the production build: `node --import tsx bench/pages.mjs [--runs 1]` → bench/results/pages.json.
 *
 * Starts the production server (`node scripts/start.mjs`: builds what is stale, migrates, seeds
 * the demo businesses on a fresh embedded database under bench/.data), then runs Lighthouse 12
 * (mobile, default config: simulated slow 4G and 4× CPU throttling) in Debian's Chromium on the
 * landing page, a storefront home, its product list and a product detail. For each page it keeps
 * the performance score, LCP, TBT, CLS, total bytes, and the JavaScript the page loaded: bytes as
 * transferred (the server's brotli) and the same files gzipped at level 9 from apps/web/dist.
 * Before each page it waits for the machine to be idle and makes one run it does not keep.
 * Two reference pages run the same way (bench/lib/reference-pages.ts): `floor`, a page with
 * nothing to do, and `storefront-static`, the storefront home's rendered HTML without its scripts,
 * so each run shows how much of a page's TBT is the machine and how much any script change could
 * win.
 *
 * `--reference DIR`: another checkout of Vitrina (issue 21 §3: the last Preact build, commit
 * 755908a^, with its own `npm ci`) served the same way beside this one, on its own embedded
 * database, and measured in the same run: each page alternates between the two builds run by run,
 * so both see the same machine.
 */
import { spawn } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright'
import { machine, writeResult } from './lib/machine.ts'
import { startReferenceProxy, withoutScripts } from './lib/reference-pages.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, reference: { type: 'string' } },
})
const RUNS = Number(values.runs)

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
]

function freePort() {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function startServer(port, dataDir, cwd) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  // The first start may build the web app and the server, then seeds: allow several minutes.
  const deadline = Date.now() + 10 * 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const ready = await fetch(`${base}/api/ready`)
      const list = ready.ok ? await (await fetch(`${base}/api/businesses`)).json() : null
      if (list?.items?.length) return { child, base }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
  child.kill('SIGTERM')
  throw new Error('server did not become ready with demo data')
}

/** Gzip (level 9) size of a script the page loaded, from the build; null when not ours. */
async function gzippedFromDist(url, dist) {
  const { pathname } = new URL(url)
  if (!pathname.startsWith('/assets/')) return null
  try {
    return gzipSync(await readFile(path.join(dist, pathname)), { level: 9 }).length
  } catch {
    return null
  }
}

async function measure(url, port, dist) {
  const runner = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  const lhr = runner.lhr
  const audit = (id) => lhr.audits[id]?.numericValue ?? null
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  const scripts = requests.filter((r) => r.resourceType === 'Script')
  let scriptGzipBytes = 0
  for (const script of scripts)
    scriptGzipBytes += (await gzippedFromDist(script.url, dist)) ?? script.transferSize ?? 0
  return {
    url,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    totalBytes: audit('total-byte-weight'),
    scriptTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scriptGzipBytes,
    scripts: scripts.map((r) => ({ url: new URL(r.url).pathname, transferBytes: r.transferSize })),
    imageTransferBytes: requests
      .filter((r) => r.resourceType === 'Image')
      .reduce((s, r) => s + (r.transferSize ?? 0), 0),
    requests: requests.length,
    warnings: lhr.runWarnings,
    runtimeError: lhr.runtimeError ?? null,
    // Lighthouse's own CPU speed reading: TBT scales with it, so runs compare only at like values.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    // What to fix when a page misses: the shifting elements and the LCP element.
    layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: item.score,
      selector: item.node?.selector ?? null,
      snippet: item.node?.snippet ?? null,
    })),
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
        ?.snippet ?? null,
  }
}

/**
 * The page as the browser shows it after load (Lighthouse's phone viewport, the carousels'
 * near-screen cards rendered), without its scripts: plain HTML with the same CSS and images.
 */
async function staticCopy(url) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.waitForTimeout(2000) // deferred panels and the carousels' engines
    const html = await page.evaluate(
      () => `<!doctype html>${globalThis.document.documentElement.outerHTML}`,
    )
    return withoutScripts(html)
  } finally {
    await browser.close()
  }
}

/**
 * Waits (up to two minutes) for the 1-minute load average to fall below 1.5, so a page is not
 * measured while the server's start-up, the previous page or anything else still holds the CPUs.
 */
async function settle() {
  const deadline = Date.now() + 120_000
  while (os.loadavg()[0] >= 1.5 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 5000))
}

/** A build served on its own port and embedded database, with its demo pages resolved. */
async function startBuild(name, cwd) {
  const dataDir = path.join(root, 'bench/.data', `pages-${name}-${Date.now()}`)
  const { child, base } = await startServer(await freePort(), dataDir, cwd)
  const { items } = await (await fetch(`${base}/api/businesses`)).json()
  // The demo business with the most to show: the first whose list has products.
  for (const candidate of items) {
    const list = await (await fetch(`${base}/api/products/${candidate._id}/business`)).json()
    if (list.items?.length) {
      const business = candidate.identifier
      // Issue 27 §3: the page lives at the slug (an id would be a 301); older builds: the id.
      const product = list.items[0].slug ?? list.items[0]._id
      const paths = {
        landing: '/',
        storefront: `/${business}`,
        'product-list': `/${business}/productos`,
        'product-detail': `/${business}/productos/${product}`,
      }
      return { name, child, base, dataDir, business, paths, dist: path.join(cwd, 'apps/web/dist') }
    }
  }
  throw new Error(`${name}: no demo business with products`)
}

async function stopBuild(build) {
  build.child.kill('SIGTERM')
  await new Promise((r) => build.child.once('exit', r))
  await rm(build.dataDir, { recursive: true, force: true })
}

const fixed = (n, digits = 0) => (n === null || n === undefined ? '—' : n.toFixed(digits))

/**
 * The median run by score — among equal scores, by blocking time (worst first), so that five
 * runs of 100 report the middle one's TBT, not whichever came third — and the line that reports it.
 */
function summarize(label, runs) {
  const byScore = [...runs].sort((a, b) => a.score - b.score || b.tbtMs - a.tbtMs)
  const chosen = byScore[Math.floor(byScore.length / 2)]
  console.info(
    `${label.padEnd(26)} score ${chosen.score} LCP ${fixed(chosen.lcpMs)} ms TBT ${fixed(chosen.tbtMs)} ms ` +
      `CLS ${fixed(chosen.cls, 3)} total ${fixed(chosen.totalBytes / 1024)} KB ` +
      `JS ${fixed(chosen.scriptGzipBytes / 1024, 1)} KB gz | load ${fixed(chosen.loadavg[0], 2)}` +
      (chosen.runtimeError ? ` | ${chosen.runtimeError.code}: ${chosen.runtimeError.message}` : ''),
  )
  return chosen
}

/** One kept run; Lighthouse's own trace failures (e.g. NO_NAVSTART) get one retry. */
async function keptRun(url, port, dist) {
  const loadavg = os.loadavg()
  let run = await measure(url, port, dist)
  if (run.runtimeError) run = await measure(url, port, dist)
  return { ...run, loadavg }
}

const builds = [await startBuild('vitrina', root)]
if (values.reference) builds.push(await startBuild('reference', path.resolve(values.reference)))
const [current, reference] = builds
const proxy = await startReferenceProxy(current.base)
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
})
try {
  const pages = [
    ...Object.entries(current.paths).map(([name, path]) => ({ name, path })),
    { name: 'floor', path: '/__bench/floor', reference: true },
    { name: 'storefront-static', path: '/__bench/storefront-static', reference: true },
  ]
  proxy.setPage('storefront-static', await staticCopy(`${proxy.base}/${current.business}`))
  const results = []
  for (const page of pages) {
    // The other build's address of the same page (its own business and product ids).
    const sides = [
      { url: `${page.reference ? proxy.base : current.base}${page.path}`, build: current },
    ]
    if (reference && !page.reference)
      sides.push({ url: `${reference.base}${reference.paths[page.name]}`, build: reference })
    await settle()
    // One run first on each side, not kept: the servers' read caches and renders warm up on it
    // (Lighthouse clears Chromium's caches before every run anyway).
    for (const side of sides) await measure(side.url, chrome.port, side.build.dist)
    const runs = sides.map(() => [])
    for (let i = 0; i < RUNS; i++)
      for (const [index, side] of sides.entries())
        runs[index].push(await keptRun(side.url, chrome.port, side.build.dist))
    const result = { ...page, median: summarize(page.name, runs[0]), runs: runs[0] }
    if (sides[1])
      result.referenceBuild = {
        path: reference.paths[page.name],
        median: summarize(`${page.name} (referencia)`, runs[1]),
        runs: runs[1],
      }
    results.push(result)
  }
  const file = await writeResult('pages', {
    kind: 'pages',
    machine: machine(),
    business: current.business,
    runsPerPage: RUNS,
    reference: values.reference ? path.resolve(values.reference) : null,
    pages: results,
  })
  console.info(`→ ${file}`)
} finally {
  await chrome.kill()
  await proxy.close()
  for (const build of builds) await stopBuild(build)
}
