#!/usr/bin/env node
/**
 * `npm start`: build whatever is missing or older than its sources, then run the production
 * server in this same process (migrations and demo data happen at server start-up).
 */
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
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

for (const { workspace, output, sources } of builds) {
  const built = newestMtime(path.join(root, output))
  const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))))
  if (built === 0 || changed > built) {
    console.log(`Construyendo ${workspace}...`)
    execSync(`npm run build -w ${workspace}`, { cwd: root, stdio: 'inherit' })
  }
}

process.env.NODE_ENV ??= 'production'
await import(path.join(root, 'apps/api/dist/server.js'))
