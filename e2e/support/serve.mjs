#!/usr/bin/env node
/**
 * Runs `scripts/start.mjs` for an e2e server with its output in a log file (the journeys read
 * activation links from it). Stops the server with the test runner: on SIGTERM/SIGINT/SIGHUP, and
 * also when the runner that started us is gone, so no server outlives its run.
 *
 * The server serves a private copy of the web build (WEB_DIST) taken once it is fresh and complete:
 * a `vite build` elsewhere on the machine empties apps/web/dist, and a server that read the old
 * index.html would then answer 404 for its scripts for the rest of the run.
 */
import { execSync, spawn } from 'node:child_process'
import {
  closeSync,
  cpSync,
  createWriteStream,
  existsSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import path from 'node:path'
import {
  isStale,
  newestMtime,
  root,
  sleep,
  WEB_BUILD,
  withBuildLock,
} from '../../scripts/lib/builds.mjs'

const [logFile] = process.argv.slice(2)
if (!logFile) throw new Error('usage: serve.mjs <log file>')
const log = createWriteStream(logFile, { flags: 'a' })
const say = (line) => log.write(`[serve.mjs] ${line}\n`)

const webDist = path.join(root, 'apps/web/dist')
const isWebStale = () => isStale(WEB_BUILD)
// The server entry sits beside the browser build, as the API looks for it (ADR 017).
const ssrOf = (dir) => `${dir}-ssr`
// And the storefronts' service worker (ADR 026).
const swOf = (dir) => `${dir}-sw`
const newestWebMtime = () =>
  Math.max(newestMtime(webDist), newestMtime(ssrOf(webDist)), newestMtime(swOf(webDist)))

/**
 * Every /assets file index.html loads is in `dir`, and the server entry beside it (a build in
 * progress fails this).
 */
function isComplete(dir) {
  const index = path.join(dir, 'index.html')
  if (!existsSync(index) || !existsSync(path.join(ssrOf(dir), 'entry-server.js'))) return false
  if (!existsSync(path.join(swOf(dir), 'sw.js'))) return false
  const assets = readFileSync(index, 'utf8').match(/\/assets\/[^"']+/g) ?? []
  return assets.length > 0 && assets.every((asset) => existsSync(path.join(dir, asset)))
}

/** Copies a quiet, complete build (nothing written for 3 s) to `target` (and `-ssr`, `-sw`). */
function snapshotWeb(target) {
  for (let attempt = 1; ; attempt++) {
    if (isWebStale()) {
      withBuildLock(() => {
        if (!isWebStale()) return
        say('building @vitrina/web')
        // The build's output goes to the log too; a failed build stops this server with its error.
        const out = openSync(logFile, 'a')
        try {
          execSync('npm run build -w @vitrina/web', { cwd: root, stdio: ['ignore', out, out] })
        } finally {
          closeSync(out)
        }
      })
    }
    const before = newestWebMtime()
    if (Date.now() - before > 3000 && isComplete(webDist)) {
      for (const [from, to] of [
        [webDist, target],
        [ssrOf(webDist), ssrOf(target)],
        [swOf(webDist), swOf(target)],
      ]) {
        rmSync(to, { recursive: true, force: true })
        cpSync(from, to, { recursive: true })
      }
      if (newestWebMtime() === before && isComplete(target)) return
    }
    if (attempt > 240) throw new Error('apps/web/dist never settled into a complete build')
    sleep(1000)
  }
}

const env = { ...process.env }
if (!env.WEB_DIST) {
  env.WEB_DIST = logFile.replace(/\.log$/, '') + '-web'
  snapshotWeb(env.WEB_DIST)
  say(`serving the web build copied to ${env.WEB_DIST}`)
}

const child = spawn(process.execPath, ['scripts/start.mjs'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env,
})
child.stdout.pipe(log)
child.stderr.pipe(log)

const stop = () => child.kill('SIGTERM')
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop)

// Playwright starts us through `sh -c`, which stays alive while we run: watch the runner (our
// grandparent) as well as our parent.
function parentOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1])
  } catch {
    return 0
  }
}
const watched = [process.ppid, parentOf(process.ppid)].filter((pid) => pid > 1)
const watchdog = setInterval(() => {
  for (const pid of watched) {
    try {
      process.kill(pid, 0)
    } catch {
      stop()
    }
  }
}, 1000)
child.on('exit', (code) => {
  clearInterval(watchdog)
  log.end(() => process.exit(code ?? 0))
})
