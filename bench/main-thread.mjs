#!/usr/bin/env node
/**
 * Main-thread work of page loads, A/B: `node bench/main-thread.mjs --runs 8 URL [URL ...]`.
 *
 * Lighthouse's simulated TBT moves by 2× between runs of the same build on this kind of machine
 * (bench/notes.md), too much to see a change of 10 %. This loads each address in turn, `--runs`
 * times, in Debian's Chromium with its own CPU throttling (`--rate`, default 4×, as Lighthouse's
 * mobile preset) on a 412 × 823 phone viewport, and prints per address the medians of: elements
 * in the document, the script, style and layout time and all tasks (Chromium's Performance
 * metrics), and the blocking time of long tasks after the first contentful paint. Point it at
 * two servers that serve two builds of the same data (`WEB_DIST=… PORT=… node scripts/start.mjs`).
 *
 * `--first-use`: a server-rendered page hydrates at the visitor's first use (ADR 017, 021). After
 * the load and its idle time (the deferred code has arrived), the pointer moves over the page,
 * and the figures `use*` are the main-thread work from then until idle again: all tasks, script,
 * and the longest task — the hydration's cost on this phone.
 */
import { parseArgs } from 'node:util'
import { chromium } from 'playwright'

const { values, positionals: urls } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '8' },
    rate: { type: 'string', default: '4' },
    'first-use': { type: 'boolean', default: false },
  },
})
if (urls.length === 0) throw new Error('usage: node bench/main-thread.mjs [--runs 8] URL [URL ...]')

async function load(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  await page.addInitScript(() => {
    globalThis.__longTasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        globalThis.__longTasks.push([entry.startTime, entry.duration])
    }).observe({ type: 'longtask', buffered: true })
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.rate) })
  await cdp.send('Performance.enable')
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(3000) // late tasks: carousel engines, deferred panels
  const inPage = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
    const blocking = globalThis.__longTasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
    // Scripts the page asked for before its first paint (the budget: none).
    const scriptsBeforePaint = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || /\.js$/.test(entry.name))
      .filter((entry) => entry.startTime < fcp).length
    return {
      elements: globalThis.document.querySelectorAll('*').length,
      fcp,
      blocking,
      scriptsBeforePaint,
    }
  })
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name, list = metrics) => 1000 * (list.find((m) => m.name === name)?.value ?? 0)
  const figures = {
    ...inPage,
    script: metric('ScriptDuration'),
    styleLayout: metric('RecalcStyleDuration') + metric('LayoutDuration'),
    tasks: metric('TaskDuration'),
  }
  if (values['first-use']) {
    const usedAt = await page.evaluate(() => performance.now())
    await page.mouse.move(20, 400)
    await page.waitForTimeout(3000)
    const after = (await cdp.send('Performance.getMetrics')).metrics
    figures.useTasks = metric('TaskDuration', after) - figures.tasks
    figures.useScript = metric('ScriptDuration', after) - figures.script
    figures.useLongestTask = await page.evaluate(
      (since) =>
        Math.max(
          0,
          ...globalThis.__longTasks.filter(([start]) => start >= since).map(([, d]) => d),
        ),
      usedAt,
    )
    figures.hydrated = await page.evaluate(() => globalThis.__vitrinaClicks === null)
  }
  await context.close()
  return figures
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const results = new Map(urls.map((url) => [url, []]))
// Warm-up: the servers' caches. Every load is a first visit, in a new browser context.
for (const url of urls) await load(browser, url)
for (let run = 0; run < Number(values.runs); run++) {
  for (const url of urls) results.get(url).push(await load(browser, url))
}
await browser.close()
for (const [url, runs] of results) {
  const figures = Object.keys(runs[0]).map(
    (key) => `${key} ${Math.round(median(runs.map((r) => r[key])))}`,
  )
  console.log(`${url}\n  median of ${runs.length}: ${figures.join(' · ')}`)
}
