/**
 * `/sw.js`, the storefronts' service worker (issue 27 §4, ADR 026). Its code is the web build's
 * (`apps/web/src/sw/service-worker.ts`, built by `vite build --mode sw` into `<webDist>-sw/sw.js`);
 * the API puts before it what only the build's page knows: the app shell (the files index.html
 * loads) and a version made of both, so a new web build is a new worker, which the browser
 * installs and which then drops the old build's caches.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

export interface ServiceWorkerScript {
  body: string
  version: string
}

/** The build's files index.html loads: entry script, module preloads, style sheets. */
export function shellFiles(indexHtml: string): string[] {
  const files = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!)
  return [...new Set(files)]
}

/** The worker as served, or null without a built one (API-only runs, `npm run dev`). */
export function loadServiceWorker(webDist: string): ServiceWorkerScript | null {
  const code = path.join(`${webDist}-sw`, 'sw.js')
  const index = path.join(webDist, 'index.html')
  if (!existsSync(code) || !existsSync(index)) return null
  const source = readFileSync(code, 'utf8')
  const shell = shellFiles(readFileSync(index, 'utf8'))
  const version = createHash('sha256')
    .update(source)
    .update(JSON.stringify(shell))
    .digest('hex')
    .slice(0, 12)
  const config = JSON.stringify({ version, shell })
  return { body: `self.__VITRINA_SW__=${config};\n${source}`, version }
}
