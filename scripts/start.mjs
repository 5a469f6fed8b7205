#!/usr/bin/env node
/**
 * `npm start`: build whatever is missing or older than its sources, then run the production
 * server in this same process (migrations and demo data happen at server start-up).
 */
import { execSync } from 'node:child_process'
import path from 'node:path'
import { API_BUILD, isStale, root, WEB_BUILD, withBuildLock } from './lib/builds.mjs'

// A server pointed at another web build (WEB_DIST) serves that one: rebuilding apps/web/dist
// would only pull the files from under another server that serves it.
const builds = process.env.WEB_DIST ? [API_BUILD] : [WEB_BUILD, API_BUILD]

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
