/**
 * The head in the browser (issue 42 §1): after a navigation the document's head is what the
 * matched routes decide — the same head the server writes (ssr/share-head.test.tsx) — and
 * nothing of the previous page's stays.
 */
import { QueryClient } from '@tanstack/react-query'
import { storefrontIconVersion } from '@vitrina/contracts'
import { createMemoryRouter } from 'react-router'
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { makeBusiness } from '../components/storefront/__tests__/fixtures'
import { storefrontHead } from '../features/storefront/lib/storefront-head'
import { followHead } from './follow-head'
import { applyHead } from './head-updater'
import { platformHead, type HeadArgs } from './page-head'

const business = makeBusiness({ bgColor: '#1D4ED8' })
const select = (selector: string) => document.head.querySelector(selector)
const attribute = (selector: string, name: string) => select(selector)?.getAttribute(name)

afterEach(() => {
  document.head.innerHTML = ''
})

describe('applyHead', () => {
  it("puts a storefront's head in, then the platform's back without the shop's tags", () => {
    applyHead(storefrontHead(business, new URL('https://vitrina.test/almacen-lucia'), 'home').head)
    expect(document.title).toBe('Almacén Lucía | Vitrina')
    expect(attribute('link[rel="manifest"]', 'href')).toBe('/almacen-lucia/manifest.webmanifest')
    expect(attribute('meta[name="theme-color"]', 'content')).toBe('#1D4ED8')
    expect(attribute('link[rel="apple-touch-icon"]', 'href')).toBe(
      `/almacen-lucia/app-icons/${storefrontIconVersion(business)}/apple-180.png`,
    )
    expect(attribute('link[rel~="icon"]', 'href')).toBe(business.logo!.favicon)
    expect(attribute('link[rel="canonical"]', 'href')).toBe('https://vitrina.test/almacen-lucia')
    expect(attribute('meta[property="og:title"]', 'content')).toBe('Almacén Lucía | Vitrina')

    applyHead(platformHead('/plataforma/planes'))
    expect(document.title).toBe('Planes · Vitrina')
    expect(select('link[rel="manifest"]')).toBeNull()
    expect(select('link[rel="apple-touch-icon"]')).toBeNull()
    expect(select('link[rel="canonical"]')).toBeNull()
    expect(select('meta[property="og:title"]')).toBeNull()
    expect(attribute('meta[name="theme-color"]', 'content')).toBe('#0D1B2A')
    expect(document.head.querySelectorAll('link[rel~="icon"]')).toHaveLength(1)
    expect(attribute('link[rel~="icon"]', 'href')).toBe('/favicon.svg')
  })
})

describe('followHead', () => {
  it('applies the matched routes’ head after each navigation, not at the first page', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['shop'], business)
    const head = ({ url }: HeadArgs) => ({
      head: storefrontHead(business, url, 'products').head,
    })
    const router = createMemoryRouter(
      [
        { path: '/', Component: () => null },
        { path: '/tienda', Component: () => null, ...{ head } },
      ],
      { initialEntries: ['/'] },
    )
    document.title = 'Como la dejó el servidor'
    followHead(router, queryClient)
    expect(document.title).toBe('Como la dejó el servidor')
    await router.navigate('/tienda')
    await waitFor(() => expect(document.title).toBe('Productos | Almacén Lucía'))
    expect(attribute('link[rel="canonical"]', 'href')).toBe(
      `${window.location.origin}/almacen-lucia/productos`,
    )
    await router.navigate('/')
    await waitFor(() => expect(document.title).toBe('Vitrina — Tu catálogo online en minutos'))
    expect(select('link[rel="canonical"]')).toBeNull()
  })
})
