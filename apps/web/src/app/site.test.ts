/**
 * Issue 46 §1: on a shop's own domain the storefront is the site — its paths at the root, the
 * route tree with the storefront at `/`, pages read with the site's shop; on the platform
 * nothing changes.
 */
import { QueryClient } from '@tanstack/react-query'
import { matchRoutes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { paths } from '../config/paths'
import { createRoutes } from './router'
import {
  SITE_META_NAME,
  documentSite,
  setSiteSource,
  storefrontIdentifier,
  storefrontPageOf,
  storefrontShop,
} from '../lib/site'

afterEach(() => {
  setSiteSource(() => null)
  document.head.innerHTML = ''
})

/** The last matched route's path pattern chain for `pathname`. */
function matched(site: boolean, pathname: string) {
  const matches = matchRoutes(createRoutes(new QueryClient(), { site }), pathname) ?? []
  return {
    paths: matches.map((m) => m.route.path).filter(Boolean),
    params: matches.at(-1)?.params ?? {},
    handle: matches.at(-1)?.route.handle as { serverRendered?: boolean } | undefined,
  }
}

describe('the site', () => {
  it('is the platform unless the server names a shop', () => {
    expect(storefrontShop('cafe')).toBe('cafe')
    expect(paths.storefront.home('cafe')).toBe('/cafe')
    expect(paths.storefront.products('cafe', { oferta: true })).toBe('/cafe/productos?oferta=true')
    expect(paths.storefront.product('cafe', 'yerba')).toBe('/cafe/productos/yerba')
    expect(paths.storefront.order('cafe', 'ABC', 't k')).toBe('/cafe/pedido/ABC?t=t%20k')
    expect(paths.storefront.contact('cafe')).toBe('/cafe#contacto')
    expect(storefrontIdentifier({ identifier: 'cafe' })).toBe('cafe')
    expect(storefrontIdentifier({})).toBe('')
  })

  it('puts the shop’s own paths at the root on its domain, and leaves other shops’ alone', () => {
    setSiteSource(() => 'cafe')
    expect(storefrontShop('cafe')).toEqual({ identifier: 'cafe', root: true })
    expect(paths.storefront.home('cafe')).toBe('/')
    expect(paths.storefront.products('cafe')).toBe('/productos')
    expect(paths.storefront.products('cafe', { categoria: 'Té' })).toBe(
      '/productos?categoria=T%C3%A9',
    )
    expect(paths.storefront.product('cafe', 'yerba')).toBe('/productos/yerba')
    expect(paths.storefront.order('cafe', 'ABC', 'tok')).toBe('/pedido/ABC?t=tok')
    expect(paths.storefront.contact('cafe')).toBe('/#contacto')
    expect(paths.storefront.home('otra')).toBe('/otra')
    expect(storefrontIdentifier({})).toBe('cafe')
    expect(storefrontPageOf('/productos/yerba')).toEqual({
      kind: 'product',
      identifier: 'cafe',
      slug: 'yerba',
    })
    expect(storefrontPageOf('/')).toEqual({ kind: 'home', identifier: 'cafe' })
  })

  it('is read from the document the server wrote', () => {
    expect(documentSite()).toBeNull()
    const meta = document.createElement('meta')
    meta.name = SITE_META_NAME
    meta.content = 'cafe'
    document.head.append(meta)
    expect(documentSite()).toBe('cafe')
  })
})

describe('the route tree on a shop’s domain', () => {
  it('has the storefront at the root, server-rendered, with no identifier in the address', () => {
    expect(matched(true, '/').handle?.serverRendered).toBe(true)
    expect(matched(true, '/productos')).toMatchObject({
      paths: ['/', 'productos'],
      handle: { serverRendered: true },
    })
    expect(matched(true, '/productos/yerba')).toMatchObject({
      paths: ['/', 'productos/:slug'],
      params: { slug: 'yerba' },
    })
    expect(matched(true, '/pedido/ABC')).toMatchObject({
      paths: ['/', 'pedido/:code'],
      params: { code: 'ABC' },
      handle: { serverRendered: true, private: true },
    })
    // Nothing of the platform: an owner screen is no page here.
    expect(matched(true, '/admin/mi-negocio').paths).toEqual(['*'])
    expect(matched(true, '/cafe').paths).toEqual(['*'])
  })

  it('keeps the platform’s tree under /{identifier} elsewhere', () => {
    expect(matched(false, '/cafe/productos/yerba')).toMatchObject({
      paths: ['/:identifier', 'productos/:slug'],
      params: { identifier: 'cafe', slug: 'yerba' },
    })
    expect(matched(false, '/productos').params).toEqual({ identifier: 'productos' })
  })
})
