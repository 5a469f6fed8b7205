/**
 * Installable storefronts (issue 27 §4, ADR 026): each business's web manifest, its icons drawn
 * from the logo (or initials) on its colour, and /sw.js (the links in the storefront's head:
 * apps/web/src/ssr/share-head.test.tsx).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API_MESSAGES,
  BUSINESS_MESSAGES,
  OPERATOR_CONSOLE_MESSAGES,
  storefrontIconVersion,
} from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { useTestApp, startTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, registerOperator, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, patchBusiness, pngFile } from './helpers/catalogue.js'

interface Manifest {
  id: string
  name: string
  short_name: string
  description: string
  lang: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: { src: string; sizes: string; type: string; purpose: string }[]
}

describe('storefront app: manifest and icons', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let withLogo: Business
  let withoutLogo: Business

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    withLogo = await createTestBusiness(
      t.app,
      owner,
      { name: 'Café del Puerto Viejo', bgColor: '#1D4ED8', description: 'Café de especialidad.' },
      // A wide red logo: fitted, it leaves the colour above and below.
      { logo: [await pngFile(400, 200, '#ff0000')] },
    )
    const other = await registerAndLogin(t.app)
    withoutLogo = await createTestBusiness(t.app, other, {
      name: 'tienda norte',
      bgColor: '#FEE2E2',
    })
  })

  const getManifest = (identifier: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/${identifier}/manifest.webmanifest`, headers })

  it('serves the business as an installable app: name, colours, scope, icons', async () => {
    const res = await getManifest(withLogo.identifier)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
    const manifest = res.json() as Manifest
    const scope = `/${withLogo.identifier}`
    const version = storefrontIconVersion(withLogo)
    expect(manifest).toMatchObject({
      id: scope,
      name: 'Café del Puerto Viejo',
      short_name: 'Café',
      description: 'Café de especialidad.',
      lang: 'es',
      start_url: scope,
      scope,
      display: 'standalone',
      theme_color: '#1D4ED8',
      background_color: '#1D4ED8',
    })
    expect(manifest.icons).toEqual([
      {
        src: `${scope}/app-icons/${version}/any-192.png`,
        sizes: '192x192',
        type: 'image/png',
        purpose: 'any',
      },
      {
        src: `${scope}/app-icons/${version}/any-512.png`,
        sizes: '512x512',
        type: 'image/png',
        purpose: 'any',
      },
      {
        src: `${scope}/app-icons/${version}/maskable-512.png`,
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ])
  })

  it('is cached publicly with an ETag, and answers 304 to a matching If-None-Match', async () => {
    const res = await getManifest(withLogo.identifier)
    expect(res.headers['cache-control']).toMatch(/^public, max-age=300/)
    const etag = String(res.headers.etag)
    expect(etag).toMatch(/^(W\/)?"/)
    const again = await getManifest(withLogo.identifier, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
  })

  it('is a Spanish 404 for an unknown, malformed or reserved identifier', async () => {
    for (const identifier of ['no-existe-esta-tienda', 'mal%20nombre', 'api', 'admin']) {
      const res = await getManifest(identifier)
      expect(res.statusCode, identifier).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      const { message } = res.json() as { message: string }
      expect([BUSINESS_MESSAGES.notFound, API_MESSAGES.notFound]).toContain(message)
    }
    expect((await getManifest('no-existe-esta-tienda')).json()).toMatchObject({
      message: BUSINESS_MESSAGES.notFound,
    })
  })

  it('draws the logo fitted on the colour, at each size, as a real PNG', async () => {
    const { icons } = (await getManifest(withLogo.identifier)).json() as Manifest
    for (const icon of icons) {
      const res = await t.app.inject({ method: 'GET', url: icon.src })
      expect(res.statusCode, icon.src).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const size = Number(icon.sizes.split('x')[0])
      const image = sharp(res.rawPayload)
      const meta = await image.metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size])
      const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true })
      const pixel = (x: number, y: number) => {
        const at = (y * info.width + x) * info.channels
        return [data[at], data[at + 1], data[at + 2]]
      }
      // Corner: the business's colour (#1D4ED8); centre: the red logo.
      expect(pixel(1, 1)).toEqual([0x1d, 0x4e, 0xd8])
      // (The logo went through WebP: within a few levels of pure red.)
      const [r, g, b] = pixel(size / 2, size / 2)
      expect(r).toBeGreaterThan(250)
      expect(g! + b!).toBeLessThan(8)
      // A 2:1 logo fitted in the box: the colour above it, in the middle column.
      expect(pixel(size / 2, Math.round(size * 0.2))).toEqual([0x1d, 0x4e, 0xd8])
    }
    // The maskable icon keeps the logo inside the safe zone: at 25 % of the side, colour.
    const maskable = icons.find((i) => i.purpose === 'maskable')!
    const png = (await t.app.inject({ method: 'GET', url: maskable.src })).rawPayload
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
    // Opaque: no alpha channel for a launcher to show through.
    expect(info.channels).toBe(3)
    const at = (256 * 512 + Math.round(512 * 0.2)) * 3
    expect([data[at], data[at + 1], data[at + 2]]).toEqual([0x1d, 0x4e, 0xd8])
  })

  it('draws the same bytes on another process (one ETag everywhere) and answers 304', async () => {
    const src = `/${withLogo.identifier}/app-icons/${storefrontIconVersion(withLogo)}/any-192.png`
    const first = await t.app.inject({ method: 'GET', url: src })
    const etag = String(first.headers.etag)
    const again = await t.app.inject({
      method: 'GET',
      url: src,
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    // Another app (its own memory, its own database): the same logo and colour, the same bytes.
    const other = await startTestApp({ RATE_LIMIT: 'false' })
    try {
      const otherOwner = await registerAndLogin(other.app)
      const copy = await createTestBusiness(
        other.app,
        otherOwner,
        { name: 'Café del Puerto Viejo', bgColor: '#1D4ED8' },
        { logo: [await pngFile(400, 200, '#ff0000')] },
      )
      const res = await other.app.inject({
        method: 'GET',
        url: `/${copy.identifier}/app-icons/${storefrontIconVersion(copy)}/any-192.png`,
      })
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.equals(first.rawPayload)).toBe(true)
      expect(res.headers.etag).toBe(etag)
    } finally {
      await other.stop()
    }
  })

  it('draws the initials on the colour when there is no logo', async () => {
    const { icons } = (await getManifest(withoutLogo.identifier)).json() as Manifest
    const res = await t.app.inject({ method: 'GET', url: icons[1]!.src })
    expect(res.statusCode).toBe(200)
    const { data, info } = await sharp(res.rawPayload)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([info.width, info.height]).toEqual([512, 512])
    expect([data[0], data[1], data[2]]).toEqual([0xfe, 0xe2, 0xe2])
    // The letters ('TN', black on this pale colour) are drawn: some pixels are dark.
    let dark = 0
    for (let i = 0; i < data.length; i += 3) if (data[i]! < 60) dark++
    expect(dark).toBeGreaterThan(1000)
  })

  it('sends an old icon address to the current one after the logo changes', async () => {
    const changer = await registerAndLogin(t.app)
    const business = await createTestBusiness(
      t.app,
      changer,
      { name: 'Cambia Logo' },
      {
        logo: [await pngFile(100, 100, '#00ff00')],
      },
    )
    const oldSrc = `/${business.identifier}/app-icons/${storefrontIconVersion(business)}/any-192.png`
    const res = await patchBusiness(
      t.app,
      changer,
      business._id,
      {},
      {
        logo: [await pngFile(100, 100, '#0000ff')],
      },
    )
    expect(res.statusCode).toBe(200)
    const updated = res.json() as Business
    const newVersion = storefrontIconVersion(updated)
    expect(newVersion).not.toBe(storefrontIconVersion(business))
    const old = await t.app.inject({ method: 'GET', url: oldSrc })
    expect(old.statusCode).toBe(302)
    expect(old.headers.location).toBe(`/${business.identifier}/app-icons/${newVersion}/any-192.png`)
    const { icons } = (await getManifest(business.identifier)).json() as Manifest
    expect(icons[0]!.src).toBe(old.headers.location)
  })

  it('is a 404 for an icon name it does not draw', async () => {
    const version = storefrontIconVersion(withLogo)
    for (const file of ['any-64.png', 'any-192.webp', 'constructor.png']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/${withLogo.identifier}/app-icons/${version}/${file}`,
      })
      expect(res.statusCode, file).toBe(404)
    }
  })

  it('is a 404 once an operator suspends the business', async () => {
    const operator = await registerOperator(t.app)
    const other = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, other, { name: 'Se Suspende' })
    expect((await getManifest(business.identifier)).statusCode).toBe(200)
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/operator/businesses/${business._id}/suspend`,
      headers: bearer(operator.accessToken),
      payload: { reason: 'Prueba' },
    })
    expect(res.statusCode).toBe(200)
    const gone = await getManifest(business.identifier)
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toMatchObject({ message: OPERATOR_CONSOLE_MESSAGES.businessUnavailable })
  })

  it('has no service worker without a web build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' })
    expect(res.statusCode).toBe(404)
  })
})

describe('storefront app: the service worker', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-sw-'))
  const dist = path.join(dir, 'dist')
  mkdirSync(dist)
  mkdirSync(`${dist}-sw`)
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><link rel="icon" href="/favicon.svg" />
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/runtime-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-123.css">
<!--head:start--><title>x</title><!--head:end--></head><body><div id="root"><!--app:start--><!--app:end--></div></body></html>`,
  )
  writeFileSync(path.join(`${dist}-sw`, 'sw.js'), 'self.addEventListener("fetch", () => {})\n')
  const t = useTestApp({ RATE_LIMIT: 'false', WEB_DIST: dist })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('serves the built worker with the shell and version it caches, revalidated every time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-cache')
    const config = /^self\.__VITRINA_SW__=(\{.*\});\n/.exec(res.body)
    const parsed = JSON.parse(config![1]!) as { version: string; shell: string[] }
    expect(parsed.version).toMatch(/^[0-9a-f]{12}$/)
    expect(parsed.shell).toEqual([
      '/assets/index-abc.js',
      '/assets/runtime-def.js',
      '/assets/index-123.css',
    ])
    expect(res.body).toContain('self.addEventListener("fetch"')
  })

  it('lets pages register workers and load manifests from this origin only (CSP)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("worker-src 'self'")
    expect(csp).toContain("manifest-src 'self'")
  })
})
