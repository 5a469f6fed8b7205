/**
 * Every page is offered to the web build's server entry (ADR 017, 021): its HTML goes into
 * `#root` with the state the browser hydrates it with; a redirect of its routes is answered as
 * one; when it declines (null) or fails, the browser renders the page. The entry's reads reach
 * the API in-process, as the API answers them to anybody. Here the entry is a stand-in that
 * reads through the fetch it is given, as the real one's loaders do (the real entry:
 * apps/web/src/ssr/entry-server.test.tsx; both together in Chromium: e2e/server-render.spec.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_STATE_ID, type Business } from '@vitrina/contracts'
import { BOOT_SCRIPT, BOOT_SCRIPT_CSP } from '../src/plugins/boot-script.js'
import type { PageRenderer, RenderedPage } from '../src/plugins/web.js'
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

/**
 * A stand-in for the web build's server entry: for a storefront address it reads the business
 * through `api.fetch` and renders its name; `/redirige` redirects, `/plataforma/falla` throws, anything
 * else is left to the browser.
 */
function standInRenderer() {
  const calls: { url: string; read?: Read }[] = []
  /** While set, renders wait for it after they began (a render in progress). */
  const control: { hold: Promise<void> | null } = { hold: null }
  const renderer: PageRenderer = {
    async renderPage(url, api): Promise<RenderedPage | null> {
      const call: (typeof calls)[number] = { url }
      calls.push(call)
      if (control.hold) await control.hold
      const { pathname } = new URL(url)
      if (pathname === '/redirige') return { redirect: '/otra', status: 302 }
      if (pathname === '/plataforma/falla') throw new Error('render failed')
      if (pathname.split('/').length !== 2 || pathname === '/') return null
      const reply = await api.fetch(`/api/businesses${pathname}/identifier`)
      call.read = {
        status: reply.status,
        type: reply.headers.get('content-type'),
        body: (await reply.json()) as unknown,
      }
      if (!reply.ok) return null
      const business = call.read.body as Business
      return {
        html: `<main><h1>${business.identifier}</h1></main>`,
        state: { note: '</script><!--' },
        // One visitor's page (an order's, behind its token) when the address says so.
        ...(new URL(url).searchParams.has('privada') ? { private: true } : {}),
      }
    },
  }
  return { renderer, calls, control }
}

/** The server state block (null when the page has none). */
function serverState(html: string): unknown {
  const block = new RegExp(
    `<script type="application/json" id="${SERVER_STATE_ID}">([\\s\\S]*?)</script>`,
  ).exec(html)
  return block ? (JSON.parse(block[1]!) as unknown) : null
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

  it('puts the rendered page in #root with its state, after the share head', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${business.identifier}?ver=1` })
    expect(res.statusCode).toBe(200)
    // Exactly the rendered nodes in the root: no whitespace or placeholder around them.
    expect(res.body).toContain(`<div id="root"><main><h1>${business.identifier}</h1></main></div>`)
    expect(res.body).not.toContain('Cargando…')
    expect(serverState(res.body)).toEqual({ note: '</script><!--' })
    expect(res.body).not.toContain('</script><!--"')
    // The share head is the API's (og:title with the escaped name).
    expect(res.body).toContain('og:title')
    expect(res.body).not.toContain('Almacén </script>')
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
    expect(serverState(missing.body)).toBeNull()
  })

  it('answers a redirect of the routes as a redirect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/redirige' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/otra')
  })

  it('offers every page, and leaves declined and failed renders to the browser', async () => {
    const asked = rendering.calls.length
    for (const address of ['/auth/login', '/plataforma/falla', '/admin/mi-negocio']) {
      const res = await t.app.inject({ method: 'GET', url: address })
      expect(res.statusCode, address).toBe(200)
      expect(res.body, address).toContain('Cargando…')
      expect(serverState(res.body), address).toBeNull()
    }
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

describe('the app’s code after the first paint (ADR 021)', () => {
  const webWithEntry = mkdtempSync(path.join(os.tmpdir(), 'vitrina-web-dist-'))
  writeFileSync(
    path.join(webWithEntry, 'index.html'),
    '<!doctype html><html lang="es"><head><!--head:start--><title>Vitrina</title><!--head:end-->' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
      '<body><div id="root"><!--app:start--><p>Cargando…</p><!--app:end--></div></body></html>',
  )
  afterAll(() => rmSync(webWithEntry, { recursive: true, force: true }))
  const rendering = standInRenderer()
  const t = useTestApp(
    { RATE_LIMIT: 'false', WEB_DIST: webWithEntry },
    { pageRenderer: rendering.renderer },
  )
  let business: Business

  beforeAll(async () => {
    business = await createTestBusiness(t.app, await registerAndLogin(t.app), { name: 'Boot' })
  })

  it('a rendered page requests no script before it paints; its boot script is allowed by hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${business.identifier}` })
    const head = /<head>([\s\S]*)<\/head>/.exec(res.body)![1]!
    expect(head).not.toContain('<script type="module"')
    expect(head).not.toContain('modulepreload')
    expect(head).toContain('index-1.css')
    expect(res.body).toContain(
      `<script data-src="/assets/index-abc.js" data-preload="/assets/runtime-1.js">${BOOT_SCRIPT}</script>`,
    )
    expect(res.headers['content-security-policy']).toContain(BOOT_SCRIPT_CSP)
  })

  it('a page the browser renders keeps its module script in the head', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/login' })
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js">')
    expect(res.body).not.toContain('data-src=')
  })
})
