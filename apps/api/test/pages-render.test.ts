/**
 * Every page is the web build's server entry's answer (ADR 017, 021; issue 42 §1): the document
 * with its status and headers, or a redirect; when it fails, the build's index.html (the browser
 * renders the page). The entry's reads reach the API in-process, as the API answers them to
 * anybody; the pages it calls shared are kept and rendered once for visitors asking at once.
 * Here the entry is a stand-in that reads through the fetch it is given, as the real one's
 * loaders do (the real entry: apps/web/src/ssr/*.test.tsx; both together in Chromium:
 * e2e/server-render.spec.ts, e2e/link-previews.spec.ts).
 */
import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOT_SCRIPT, type Business } from '@vitrina/contracts'
import { BOOT_SCRIPT_CSP } from '../src/plugins/security.js'
import type { PageRenderer, RenderedPage } from '../src/plugins/static-files-and-pages.js'
import { startTestApp, useTestApp } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness, patchBusiness } from './helpers/catalogue.js'
import type { TestAccount } from './helpers/auth.js'

// A stand-in web build: the served index.html.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'vitrina-web-dist-'))
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="es"><head><!--head:start--><title>Vitrina</title><!--head:end-->' +
    '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
    '<body><div id="root">\n<!--app:start--><p>Cargando…</p><!--app:end-->\n</div></body></html>',
)
afterAll(() => rmSync(webDist, { recursive: true, force: true }))

interface Read {
  status: number
  type: string | null
  body: unknown
}

const HTML = 'text/html; charset=utf-8'

/**
 * A stand-in for the web build's server entry: for a storefront address it reads the business
 * through `fetch` and answers a document with its identifier (shared, tagged with the business;
 * for one visitor with `?privada`), or a shell with the read's status; `/redirige` redirects,
 * `/plataforma/falla` throws, anything else is a shell for the browser.
 */
function standInRenderer() {
  const calls: { url: string; read?: Read }[] = []
  /** While set, renders wait for it after they began (a render in progress). */
  const control: { hold: Promise<void> | null } = { hold: null }
  const shell = (status: number) => ({
    status,
    headers: { 'Content-Type': HTML, 'Cache-Control': 'no-cache' },
    html: '<!doctype html><html><body><div id="root"><p>Cargando…</p></div></body></html>',
  })
  const renderer: PageRenderer = {
    async renderPage(url, context): Promise<RenderedPage> {
      const call: (typeof calls)[number] = { url }
      calls.push(call)
      if (control.hold) await control.hold
      const { pathname, searchParams } = new URL(url)
      if (pathname === '/redirige') return { redirect: '/otra', status: 302 }
      if (pathname === '/plataforma/falla') throw new Error('render failed')
      if (pathname.split('/').length !== 2 || pathname === '/') return shell(200)
      const reply = await context.fetch(`/api/businesses${pathname}/identifier`)
      call.read = {
        status: reply.status,
        type: reply.headers.get('content-type'),
        body: (await reply.json()) as unknown,
      }
      if (!reply.ok) return shell(reply.status)
      const business = call.read.body as Business
      // `?grande`: a page over the 1 KB under which nothing is compressed.
      const filler = searchParams.has('grande')
        ? `<p>${'Yerba, café y alfajores. '.repeat(200)}</p>`
        : ''
      const html = `<!doctype html><html><body><div id="root"><main><h1>${business.identifier}</h1>${filler}</main></div></body></html>`
      // One visitor's page (an order's, behind its token) when the address says so.
      if (searchParams.has('privada')) {
        const headers = {
          'Content-Type': HTML,
          'Cache-Control': 'no-store',
          'X-Robots-Tag': 'noindex',
        }
        return { status: 200, headers, html }
      }
      const headers = { 'Content-Type': HTML, 'Cache-Control': 'no-cache' }
      return { status: 200, headers, html, shared: { businessId: business._id } }
    },
  }
  return { renderer, calls, control }
}

describe('a page rendered on the server (ADR 017, 021)', () => {
  const rendering = standInRenderer()
  const t = useTestApp(
    { RATE_LIMIT: 'false', WEB_DIST: webDist },
    { pageRenderer: rendering.renderer },
  )
  let business: Business

  beforeAll(async () => {
    const owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { name: 'Almacén </script> Renderizado' })
  })

  it('sends the document the entry answers, with its status and headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${business.identifier}?ver=1` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(
      `<!doctype html><html><body><div id="root"><main><h1>${business.identifier}</h1></main></div></body></html>`,
    )
    expect(res.headers['content-type']).toBe(HTML)
    expect(res.headers['cache-control']).toBe('no-cache')
    // Asked with the address at the public URL.
    expect(rendering.calls.at(-1)!.url).toBe(`http://vitrina.test/${business.identifier}?ver=1`)
  })

  it('answers the entry’s reads in-process with the API’s own replies', async () => {
    await t.app.inject({ method: 'GET', url: `/${business.identifier}` })
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${business.identifier}/identifier`,
    })
    expect(rendering.calls.at(-1)!.read).toEqual({
      status: 200,
      type: direct.headers['content-type'],
      body: direct.json(),
    })

    // A failed read reaches the entry as the API answered it; the browser renders that page.
    const missing = await t.app.inject({ method: 'GET', url: '/no-existe-este-negocio' })
    expect(rendering.calls.at(-1)!.read?.status).toBe(404)
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('Cargando…')
  })

  it('answers a redirect of the routes as a redirect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/redirige' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/otra')
  })

  it('offers every page, and sends the build’s index.html when the entry fails', async () => {
    const asked = rendering.calls.length
    for (const address of ['/auth/login', '/admin/mi-negocio']) {
      const res = await t.app.inject({ method: 'GET', url: address })
      expect(res.statusCode, address).toBe(200)
      expect(res.body, address).toContain('Cargando…')
    }
    const failed = await t.app.inject({ method: 'GET', url: '/plataforma/falla' })
    expect(failed.statusCode).toBe(200)
    expect(failed.body).toBe(readFileSync(path.join(webDist, 'index.html'), 'utf8'))
    expect(rendering.calls).toHaveLength(asked + 3)
    // API, media and asset addresses are never pages.
    for (const address of ['/api/nada', '/media/x.webp', '/assets/x.js']) {
      expect((await t.app.inject({ method: 'GET', url: address })).statusCode, address).toBe(404)
    }
    expect(rendering.calls).toHaveLength(asked + 3)
  })
})

describe('rendered pages kept with the reads (read cache on)', () => {
  const rendering = standInRenderer()
  const t = useTestApp(
    { RATE_LIMIT: 'false', WEB_DIST: webDist, READ_CACHE_MB: '4', READ_CACHE_TTL: '60' },
    { pageRenderer: rendering.renderer },
  )
  let owner: TestAccount
  let business: Business
  let other: Business

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { name: 'Almacén Guardado' })
    other = await createTestBusiness(t.app, await registerAndLogin(t.app), { name: 'Otro' })
  })

  const visit = (address: string) => t.app.inject({ method: 'GET', url: address })
  const renders = (address: string) =>
    rendering.calls.filter((call) => call.url === `http://vitrina.test${address}`).length

  it('renders a page once and serves the same HTML until its business writes', async () => {
    const address = `/${business.identifier}`
    const first = await visit(address)
    const second = await visit(address)
    expect(renders(address)).toBe(1)
    expect(second.statusCode).toBe(200)
    expect(second.body).toBe(first.body)
    expect(second.headers['content-type']).toContain('text/html')
    expect(second.headers['cache-control']).toBe('no-cache')

    // Another business's write leaves it alone; its own write drops it.
    const res = await patchBusiness(t.app, owner, business._id, {
      description: 'Nueva descripción',
    })
    expect(res.statusCode).toBe(200)
    await visit(address)
    expect(renders(address)).toBe(2)
    await visit(`/${other.identifier}`)
    await visit(`/${other.identifier}`)
    expect(renders(`/${other.identifier}`)).toBe(1)
  })

  it('sends a page it has just rendered as it sends the kept copy: the same bytes, the same ETag', async () => {
    // A browser revalidating a page first seen when it was rendered gets 304 from the kept copy.
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const address = `/${business.identifier}?grande&${encoding}`
      const ask = () =>
        t.app.inject({ method: 'GET', url: address, headers: { 'accept-encoding': encoding } })
      const rendered = await ask()
      const kept = await ask()
      expect(renders(address)).toBe(1)
      expect(rendered.headers['content-encoding'], encoding).toBe(
        encoding === 'identity' ? undefined : encoding,
      )
      expect(rendered.rawPayload.equals(kept.rawPayload), encoding).toBe(true)
      expect(rendered.headers.etag, encoding).toBe(kept.headers.etag)
      const revalidated = await t.app.inject({
        method: 'GET',
        url: address,
        headers: { 'accept-encoding': encoding, 'if-none-match': String(rendered.headers.etag) },
      })
      expect(revalidated.statusCode, encoding).toBe(304)
      const html =
        encoding === 'br'
          ? brotliDecompressSync(rendered.rawPayload).toString()
          : encoding === 'gzip'
            ? gunzipSync(rendered.rawPayload).toString()
            : rendered.body
      expect(html).toContain(`<h1>${business.identifier}</h1><p>Yerba, café y alfajores.`)
    }
  })

  it('visitors asking at once for a page being rendered wait for that render, never across a write', async () => {
    const address = `/${other.identifier}?a-la-vez=1`
    const replies = await Promise.all(Array.from({ length: 5 }, () => visit(address)))
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(replies.map((reply) => reply.body)).size).toBe(1)
    expect(renders(address)).toBe(1)

    // A render that began before a write is not joined: the visitor after it sees the write.
    const during = `/${business.identifier}?durante=1`
    let release!: () => void
    rendering.control.hold = new Promise((resolve) => (release = resolve))
    const first = visit(during)
    while (renders(during) === 0) await new Promise((resolve) => setImmediate(resolve))
    const res = await patchBusiness(t.app, owner, business._id, { description: 'Otra vez' })
    expect(res.statusCode).toBe(200)
    rendering.control.hold = null
    const second = visit(during)
    release()
    expect((await first).statusCode).toBe(200)
    expect((await second).statusCode).toBe(200)
    expect(renders(during)).toBe(2)
  })

  it('keeps no page rendered for one visitor (an order behind its token) and asks the browser not to store it', async () => {
    const address = `/${business.identifier}?privada=1&t=secreto`
    const first = await visit(address)
    const second = await visit(address)
    expect(first.statusCode).toBe(200)
    expect(second.body).toContain(`<h1>${business.identifier}</h1>`)
    expect(renders(address)).toBe(2)
    expect(second.headers['cache-control']).toBe('no-store')
    expect(second.headers['x-robots-tag']).toBe('noindex')
  })

  it('keeps no page the browser renders', async () => {
    await visit('/auth/login')
    await visit('/auth/login')
    expect(renders('/auth/login')).toBe(2)
  })
})

describe('in-process reads of the API (app.readPublic)', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>
  /** Reads of the business that went through the API's routes. */
  const routed: string[] = []
  /** While set, the next read through the routes waits for it (a read in progress). */
  let holdNext: Promise<void> | null = null
  let owner: TestAccount
  let business: Business
  let read: string

  beforeAll(async () => {
    t = await startTestApp(
      { RATE_LIMIT: 'false', READ_CACHE_MB: '4', READ_CACHE_TTL: '60' },
      (app) => {
        app.addHook('onRequest', async (request) => {
          if (request.method !== 'GET' || request.url !== read) return
          routed.push(request.url)
          const hold = holdNext
          holdNext = null
          if (hold) await hold
        })
      },
    )
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { name: 'Almacén Compartido' })
    read = `/api/businesses/${business.identifier}/identifier`
  })
  afterAll(async () => {
    await t?.stop()
  })
  const throughRoutes = () => routed.filter((url) => url === read).length

  it('answers from the read cache without the routes, and shares one read among those asking at once', async () => {
    const replies = await Promise.all(Array.from({ length: 5 }, () => t.app.readPublic(read)))
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200])
    expect((JSON.parse(replies[0]!.body) as Business).name).toBe('Almacén Compartido')
    expect(replies[0]!.contentType).toContain('application/json')
    expect(throughRoutes()).toBe(1)
    await t.app.readPublic(read)
    expect(throughRoutes()).toBe(1) // cached now

    const missing = await t.app.readPublic('/api/businesses/no-existe-aca/identifier')
    expect(missing.status).toBe(404)
  })

  it('never shares a read that began before a write', async () => {
    const renamed = await patchBusiness(t.app, owner, business._id, { name: 'Almacén Antes' })
    expect(renamed.statusCode).toBe(200)
    const before = throughRoutes()
    let release!: () => void
    holdNext = new Promise((resolve) => (release = resolve))
    const first = t.app.readPublic(read)
    while (throughRoutes() === before) await new Promise((resolve) => setImmediate(resolve))
    // The first read is in progress (held) when the write lands; a read asked after the write
    // does not wait for it: it sees the write.
    const write = await patchBusiness(t.app, owner, business._id, { name: 'Almacén Después' })
    expect(write.statusCode).toBe(200)
    const second = t.app.readPublic(read)
    expect((JSON.parse((await second).body) as Business).name).toBe('Almacén Después')
    release()
    await first
    expect(throughRoutes()).toBe(before + 2)
  })
})

describe('the boot script (ADR 021, issue 42 §1)', () => {
  const t = useTestApp({ RATE_LIMIT: 'false', WEB_DIST: webDist })

  it('is the one inline script the CSP allows, by the hash of what the web build writes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' })
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64')
    expect(BOOT_SCRIPT_CSP).toBe(`'sha256-${hash}'`)
    const scripts = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]
    expect(scripts).toBe(`'self' ${BOOT_SCRIPT_CSP}`)
  })

  it('without a server build, every page is the build’s index.html, which the browser renders', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cualquier-negocio' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(readFileSync(path.join(webDist, 'index.html'), 'utf8'))
  })
})

describe('a page with nothing cached (READ_CACHE_MB=0; issue 42 §4)', () => {
  const rendering = standInRenderer()
  let t: Awaited<ReturnType<typeof startTestApp>>
  /** Reads of the business that went through the API's routes. */
  const routed: string[] = []
  let business: Business

  beforeAll(async () => {
    t = await startTestApp(
      { RATE_LIMIT: 'false', WEB_DIST: webDist, READ_CACHE_MB: '0' },
      (app) => {
        app.addHook('onRequest', async (request) => {
          if (request.method === 'GET' && request.url.endsWith('/identifier'))
            routed.push(request.url)
        })
      },
      { pageRenderer: rendering.renderer },
    )
    const owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { name: 'Almacén Sin Caché' })
    const pixels = await t.app.inject({
      method: 'PUT',
      url: `/api/businesses/${business._id}/pixels`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { metaPixelId: '123456' },
    })
    expect(pixels.statusCode).toBe(200)
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('reads the shop once for its page: the pixels’ policy uses the read the render made', async () => {
    for (let visit = 1; visit <= 2; visit++) {
      routed.length = 0
      const res = await t.app.inject({ method: 'GET', url: `/${business.identifier}` })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain(`<h1>${business.identifier}</h1>`)
      expect(String(res.headers['content-security-policy'])).toContain(
        'https://connect.facebook.net',
      )
      // Nothing is cached, so each visit reads again, but once: not once more for the policy.
      expect(routed).toEqual([`/api/businesses/${business.identifier}/identifier`])
    }
  })
})
