/**
 * Two pages measured beside the real ones, so a pages run tells the machine from the code
 * (bench/notes.md): Lighthouse's TBT is the browser's real task times × 4, so part of every page's
 * figure is the machine's (a page with nothing to do read 0–119 ms in one run of 2026-11-23).
 *
 * - `floor`: a heading and a paragraph, no CSS, no script: what this Chromium and Lighthouse cost
 *   on this machine at that minute.
 * - `storefront-static`: the storefront home as the browser showed it after load, with its
 *   scripts and module preloads taken out (same HTML, CSS and images): the best any change to the
 *   page's JavaScript could reach, server rendering without hydration included.
 *
 * Both are served on one origin with the app, by a small proxy in front of the app server that
 * answers `/__bench/…` itself and passes every other request through unchanged, so their CSS and
 * images come from the same server, compressed the same way, as the real pages'.
 */
import { request as httpRequest, createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync } from 'node:zlib'

export const FLOOR_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Página mínima</title>
    <meta name="description" content="Referencia del banco de pruebas: nada que hacer." />
  </head>
  <body>
    <h1>Página mínima</h1>
    <p>Sin hojas de estilo ni scripts: lo que cuestan el navegador y la medición.</p>
  </body>
</html>
`

/**
 * A rendered page as plain HTML: every `<script>` (module code, the server state, JSON-LD)
 * and every module preload removed, the rest (CSS link, image preload, markup) kept.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
}

export interface ReferenceProxy {
  /** Origin of the proxy: `${base}/__bench/floor`, `${base}/__bench/storefront-static`. */
  base: string
  /** Sets the HTML served at `/__bench/{name}`. */
  setPage(name: string, html: string): void
  close(): Promise<void>
}

/** A page's HTML as sent: plain, and brotli-compressed once when the page is set. */
interface ReferenceBody {
  plain: Buffer
  brotli: Buffer
}

function referenceBody(html: string): ReferenceBody {
  const plain = Buffer.from(html)
  return { plain, brotli: brotliCompressSync(plain) }
}

function sendHtml(req: IncomingMessage, res: ServerResponse, body: ReferenceBody) {
  // Compressed like the app's own HTML, so the simulated download matches a real page's; not
  // per request, so the bench's process does no compression while Chromium loads the page.
  const isBrotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    ...(isBrotli ? { 'content-encoding': 'br' } : {}),
  })
  res.end(isBrotli ? body.brotli : body.plain)
}

export async function startReferenceProxy(appBase: string): Promise<ReferenceProxy> {
  const app = new URL(appBase)
  const pages = new Map([['floor', referenceBody(FLOOR_HTML)]])
  const server = createServer((req, res) => {
    const name = /^\/__bench\/([a-z-]+)$/.exec(req.url ?? '')?.[1]
    if (name !== undefined) {
      const body = pages.get(name)
      if (body === undefined) {
        res.writeHead(404).end()
        return
      }
      sendHtml(req, res, body)
      return
    }
    const upstream = httpRequest(
      {
        host: app.hostname,
        port: app.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: app.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    setPage: (name, html) => void pages.set(name, referenceBody(html)),
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections() // Chromium keeps its connections open
      }),
  }
}
