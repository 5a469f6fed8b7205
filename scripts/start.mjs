#!/usr/bin/env node
/**
 * `npm start`: build whatever is missing or older than its sources, then run the production
 * server in this same process (migrations and demo data happen at server start-up).
 */
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function newestMtime(target) {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    newest = Math.max(newest, newestMtime(path.join(target, entry)))
  }
  return newest
}

const builds = [
  {
    workspace: '@vitrina/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/contracts/src'],
  },
  {
    workspace: '@vitrina/api',
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'packages/contracts/src'],
  },
]

const isStale = ({ output, sources }) => {
  const built = newestMtime(path.join(root, output))
  const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))))
  return built === 0 || changed > built
}

// Two servers started at once (the e2e suite does) must not build into the same folder together:
// an atomic mkdir is the lock; a lock older than 10 minutes is left over from a killed build.
const lock = path.join(root, 'node_modules', '.vitrina-build.lock')
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
function withBuildLock(fn) {
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 600_000) {
        rmSync(lock, { recursive: true, force: true })
      } else sleep(500)
    }
  }
  try {
    fn()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

if (builds.some(isStale)) {
  withBuildLock(() => {
    for (const build of builds) {
      if (!isStale(build)) continue // built by another start while we waited
      console.log(`Construyendo ${build.workspace}...`)
      execSync(`npm run build -w ${build.workspace}`, { cwd: root, stdio: 'inherit' })
    }
  })
}

process.env.NODE_ENV ??= 'production'
await import(path.join(root, 'apps/api/dist/server.js'))
