/**
 * What `npm start` builds and when (scripts/start.mjs), shared with the e2e server launcher
 * (e2e/support/serve.mjs) so both agree on staleness and never build into the same folder at once.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Blocks the thread (these scripts have nothing else to do while they wait). */
export const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** The newest modification time under `target` (0 when missing), skipping dependency folders. */
export function newestMtime(target, skip = ['node_modules']) {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(target)) {
    if (skip.includes(entry)) continue
    newest = Math.max(newest, newestMtime(path.join(target, entry), skip))
  }
  return newest
}

export const WEB_BUILD = {
  workspace: '@vitrina/web',
  // The build's last step writes the server entry (dist-ssr/, after dist/): a build from before
  // pages were rendered on the server (ADR 017) counts as missing.
  output: 'apps/web/dist-ssr/entry-server.js',
  sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/contracts/src'],
}
export const API_BUILD = {
  workspace: '@vitrina/api',
  output: 'apps/api/dist/server.js',
  sources: ['apps/api/src', 'packages/contracts/src'],
}

/** Missing, or older than one of its sources. */
export function isStale({ output, sources }) {
  const built = newestMtime(path.join(root, output))
  const changed = Math.max(
    ...sources.map((s) => newestMtime(path.join(root, s), ['node_modules', 'dist'])),
  )
  return built === 0 || changed > built
}

/**
 * Runs `fn` holding the build lock: an atomic mkdir, so two servers started at once (the e2e
 * suite starts two) never build into the same folder together. A lock older than 10 minutes is
 * left over from a killed build and is taken over.
 */
export function withBuildLock(fn) {
  const lock = path.join(root, 'node_modules', '.vitrina-build.lock')
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0)
      if (age > 600_000) rmSync(lock, { recursive: true, force: true })
      else sleep(500)
    }
  }
  try {
    return fn()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
