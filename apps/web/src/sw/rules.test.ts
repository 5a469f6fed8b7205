import { describe, expect, it } from 'vitest'
import { storefrontPaths } from '@vitrina/contracts'
import { isKeepable, isKeepablePage, scopePath, strategyFor } from './rules'

const ORIGIN = 'https://vitrina.test'
const SCOPE = '/cafe'

function request(path: string, init: { method?: string; mode?: string; auth?: boolean } = {}) {
  return {
    method: init.method ?? 'GET',
    url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
    mode: init.mode ?? 'cors',
    headers: new Headers(init.auth ? { authorization: 'Bearer x' } : {}),
  }
}

const page = (path: string) => strategyFor(request(path, { mode: 'navigate' }), SCOPE, ORIGIN)
const fetched = (path: string, init?: { method?: string; auth?: boolean }) =>
  strategyFor(request(path, init), SCOPE, ORIGIN)

describe('service worker rules (ADR 026)', () => {
  it("reads the storefront from the registration's scope", () => {
    expect(scopePath('https://vitrina.test/cafe')).toBe('/cafe')
    expect(scopePath('https://vitrina.test/cafe/')).toBe('/cafe')
  })

  it("keeps the storefront's pages, not an order's nor another storefront's", () => {
    expect(page('/cafe')).toBe('page')
    expect(page('/cafe/productos?categoria=Tazas')).toBe('page')
    expect(page('/cafe/productos/0b7c2f1e')).toBe('page')
    expect(page('/cafe/pedido/P-7K3Q?t=secreto')).toBeNull()
    expect(page(storefrontPaths.order('cafe', 'P-7K3Q', 'secreto'))).toBeNull()
    expect(page('/cafe/pedido')).toBeNull()
    expect(page(storefrontPaths.products('cafe', { oferta: true }))).toBe('page')
    expect(page('/cafeteria')).toBeNull()
    expect(page('/admin/mi-negocio')).toBeNull()
    expect(page('/operador')).toBeNull()
    expect(page('/')).toBeNull()
  })

  it('keeps the build, images and public catalogue reads', () => {
    expect(fetched('/assets/index-abc123.js')).toBe('asset')
    expect(fetched('/media/ab/ab12-640.webp')).toBe('image')
    expect(fetched('/cafe/app-icons/1a2b3c4d/any-192.png')).toBe('image')
    expect(fetched('/api/businesses/cafe/identifier')).toBe('read')
    expect(fetched('/api/products/0b7c2f1e')).toBe('read')
    expect(fetched('/api/products/0b7c2f1e/business?page=2')).toBe('read')
    expect(fetched('/api/products/0b7c2f1e/business/featured')).toBe('read')
    expect(fetched('/api/products/0b7c2f1e/carousels')).toBe('read')
  })

  it('never touches writes, sign-in, owner reads or other origins', () => {
    expect(fetched('/api/businesses/1/orders', { method: 'POST' })).toBeNull()
    expect(fetched('/media/ab/ab12-640.webp', { method: 'POST' })).toBeNull()
    expect(fetched('/api/auth/refresh')).toBeNull()
    expect(fetched('/api/auth/me')).toBeNull()
    expect(fetched('/api/businesses/user/me', { auth: true })).toBeNull()
    expect(fetched('/api/products/0b7c2f1e', { auth: true })).toBeNull()
    expect(fetched('/api/orders')).toBeNull()
    expect(fetched('/api/operator/businesses')).toBeNull()
    expect(fetched('https://cdn.example.com/slide.webp')).toBeNull()
  })

  it('keeps plain 200s only: not no-store, private, redirected or opaque replies', () => {
    const reply = (status: number, cacheControl: string | null, extra = {}) => ({
      status,
      type: 'basic',
      redirected: false,
      headers: new Headers({
        'content-type': 'text/html; charset=utf-8',
        ...(cacheControl ? { 'cache-control': cacheControl } : {}),
      }),
      ...extra,
    })
    expect(isKeepable(reply(200, 'public, max-age=30'))).toBe(true)
    expect(isKeepablePage(reply(200, 'no-cache'))).toBe(true)
    expect(isKeepable(reply(200, 'no-store'))).toBe(false)
    expect(isKeepable(reply(200, 'private, no-store'))).toBe(false)
    expect(isKeepable(reply(404, null))).toBe(false)
    expect(isKeepable(reply(200, null, { redirected: true }))).toBe(false)
    expect(isKeepable(reply(0, null, { type: 'opaque' }))).toBe(false)
    const json = {
      ...reply(200, null),
      headers: new Headers({ 'content-type': 'application/json' }),
    }
    expect(isKeepablePage(json)).toBe(false)
  })
})

describe("a shop's own domain (issue 46 §1): the worker's scope is the whole site", () => {
  const root = scopePath('https://tienda.ejemplo.test/')
  const at = (path: string, init: { mode?: string } = {}) =>
    strategyFor(
      request(`https://tienda.ejemplo.test${path}`, init),
      root,
      'https://tienda.ejemplo.test',
    )

  it('keeps the storefront’s pages at the root, never an order’s, and its icons', () => {
    expect(root).toBe('')
    expect(at('/', { mode: 'navigate' })).toBe('page')
    expect(at('/productos?oferta=true', { mode: 'navigate' })).toBe('page')
    expect(at('/productos/yerba', { mode: 'navigate' })).toBe('page')
    expect(at('/pedido/ABC?t=x', { mode: 'navigate' })).toBeNull()
    expect(at('/app-icons/0a1b2c3d/any-192.png')).toBe('image')
  })
})
