/**
 * A local HTTP server of test images, for cover slides given by URL (issue 41: the API downloads
 * them). The app must allow loopback (IMPORT_FETCH_ALLOW_LOOPBACK: 'true'), as the import tests do.
 *
 *   /w<width>.png   a 16:9 PNG that many pixels wide (made with sharp), so tests tell slides apart
 *   /pagina.png     an HTML page (200), /enorme.png over 5 MB, /interna.png a redirect to 10.0.0.1
 *   anything else   404
 *
 * `hits` counts the requests per path.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LIMITS } from '@vitrina/contracts'
import { pngImage } from './catalogue.js'

export type ImageServer = Awaited<ReturnType<typeof startImageServer>>

export async function startImageServer() {
  const hits = new Map<string, number>()
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/'
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const sized = /^\/w(\d{2,4})\.png$/.exec(path)
    if (sized) {
      const width = Number(sized[1])
      void pngImage(width, Math.round((width * 9) / 16), '#aa3311').then((png) =>
        res.writeHead(200, { 'content-type': 'image/png' }).end(png),
      )
      return
    }
    if (path === '/pagina.png') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html><body>No es una imagen</body></html>')
      return
    }
    if (path === '/enorme.png') {
      res
        .writeHead(200, { 'content-type': 'image/png' })
        .end(Buffer.alloc(LIMITS.maxImageBytes + 1))
      return
    }
    if (path === '/interna.png') {
      res.writeHead(302, { location: 'http://10.0.0.1/foto.png' }).end()
      return
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('No encontrado')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    hits,
    /** `url('/w320.png')` */
    url: (path: string) => `${base}${path}`,
    requests: () => [...hits.values()].reduce((a, b) => a + b, 0),
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
