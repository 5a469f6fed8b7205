import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  EMPTY_LIST_ADDRESS,
  LIMITS,
  activeFilterCount,
  listAddressOfRequest,
  listAddressParams,
  listAddressSearch,
  listRequest,
  listRequestForAddress,
  listRequestParams,
  parseListAddress,
  parseStorefrontPath,
  productListQuerySchema,
  storefrontAppPaths,
  storefrontPaths,
} from '../src/index.js'
import type { ListAddress } from '../src/index.js'

/** Every key of the address set, none at its default. */
const FULL: ListAddress = {
  categoria: 'Ropa',
  subcategoria: 'Remeras',
  oferta: true,
  destacado: true,
  nuevo: true,
  search: 'lana merino',
  minPrice: 10.5,
  maxPrice: 200,
  option: [
    { name: 'Color', value: 'Azul' },
    { name: 'Talle', value: 'M' },
  ],
  estado: 'ocultos',
  sort: 'cheapest',
  page: 3,
}

describe('storefrontPaths (issue 42 §3)', () => {
  it('builds every storefront page path', () => {
    expect(storefrontPaths.home('cafe')).toBe('/cafe')
    expect(storefrontPaths.products('cafe')).toBe('/cafe/productos')
    expect(storefrontPaths.products('cafe', { oferta: true })).toBe('/cafe/productos?oferta=true')
    expect(storefrontPaths.product('cafe', 'yerba-mate')).toBe('/cafe/productos/yerba-mate')
    expect(storefrontPaths.contact('cafe')).toBe('/cafe#contacto')
    expect(storefrontPaths.order('cafe', 'P-7K3Q', 'abc_DEF-1')).toBe(
      '/cafe/pedido/P-7K3Q?t=abc_DEF-1',
    )
  })

  it('encodes what is not safe in a segment or the token', () => {
    expect(storefrontPaths.product('cafe', 'a b/c')).toBe('/cafe/productos/a%20b%2Fc')
    expect(storefrontPaths.order('cafe', 'P 1', 'a+b&c')).toBe('/cafe/pedido/P%201?t=a%2Bb%26c')
  })

  it('reads a storefront path back', () => {
    expect(parseStorefrontPath('/cafe')).toEqual({ kind: 'home', identifier: 'cafe' })
    expect(parseStorefrontPath('/cafe/')).toEqual({ kind: 'home', identifier: 'cafe' })
    expect(parseStorefrontPath('/cafe/productos')).toEqual({ kind: 'products', identifier: 'cafe' })
    expect(parseStorefrontPath(storefrontPaths.product('cafe', 'año nuevo'))).toEqual({
      kind: 'product',
      identifier: 'cafe',
      slug: 'año nuevo',
    })
    expect(parseStorefrontPath('/cafe/pedido/P-7K3Q')).toEqual({
      kind: 'order',
      identifier: 'cafe',
      code: 'P-7K3Q',
    })
    expect(parseStorefrontPath('/cafe/pedido')).toEqual({ kind: 'other', identifier: 'cafe' })
    expect(parseStorefrontPath('/cafe/productos/a/b')).toEqual({
      kind: 'other',
      identifier: 'cafe',
    })
    expect(parseStorefrontPath('/')).toBeNull()
    // A malformed escape is kept as written, not thrown.
    expect(parseStorefrontPath('/cafe/productos/%E0%A4%A')).toMatchObject({ slug: '%E0%A4%A' })
  })

  it('takes the shop’s base as one input: under /{identifier}, or a domain’s root (issue 46 §1)', () => {
    const platform = { identifier: 'cafe', root: false }
    const domain = { identifier: 'cafe', root: true }
    expect(storefrontPaths.home(platform)).toBe(storefrontPaths.home('cafe'))
    expect(storefrontPaths.order(platform, 'P-1', 't')).toBe('/cafe/pedido/P-1?t=t')
    expect(storefrontPaths.home(domain)).toBe('/')
    expect(storefrontPaths.products(domain, { oferta: true })).toBe('/productos?oferta=true')
    expect(storefrontPaths.product(domain, 'yerba-mate')).toBe('/productos/yerba-mate')
    expect(storefrontPaths.contact(domain)).toBe('/#contacto')
    expect(storefrontPaths.order(domain, 'P-7K3Q', 'abc')).toBe('/pedido/P-7K3Q?t=abc')

    expect(parseStorefrontPath('/', 'cafe')).toEqual({ kind: 'home', identifier: 'cafe' })
    expect(parseStorefrontPath('/productos/yerba-mate', 'cafe')).toEqual({
      kind: 'product',
      identifier: 'cafe',
      slug: 'yerba-mate',
    })
    expect(parseStorefrontPath('/pedido/P-7K3Q/', 'cafe')).toEqual({
      kind: 'order',
      identifier: 'cafe',
      code: 'P-7K3Q',
    })
    expect(parseStorefrontPath('/admin', 'cafe')).toEqual({ kind: 'other', identifier: 'cafe' })
  })
})

describe('the product list address codec (issue 42 §3)', () => {
  it('round-trips every key', () => {
    const written = listAddressParams(FULL).toString()
    expect(written).toBe(
      'categoria=Ropa&subcategoria=Remeras&oferta=true&destacado=true&nuevo=true' +
        '&search=lana+merino&minPrice=10.5&maxPrice=200&option=Color%3AAzul&option=Talle%3AM' +
        '&estado=ocultos&sort=cheapest&page=3',
    )
    expect(parseListAddress(written, 'owner')).toEqual(FULL)
    // The storefront ignores the owner's visibility filter.
    expect(parseListAddress(written)).toEqual({ ...FULL, estado: 'todos' })
  })

  it('leaves the defaults out of the address', () => {
    expect(listAddressParams(EMPTY_LIST_ADDRESS).toString()).toBe('')
    expect(listAddressSearch(EMPTY_LIST_ADDRESS)).toBe('')
    expect(listAddressSearch()).toBe('')
    expect(listAddressSearch({ sort: 'newest', page: 1, estado: 'todos' })).toBe('')
    expect(listAddressSearch({ ...EMPTY_LIST_ADDRESS, page: 2 })).toBe('?page=2')
    expect(parseListAddress('')).toEqual(EMPTY_LIST_ADDRESS)
    expect(parseListAddress('?')).toEqual(EMPTY_LIST_ADDRESS)
  })

  it('ignores unknown keys', () => {
    expect(parseListAddress('utm_source=x&foo=bar&oferta=true&category=Ropa')).toEqual({
      ...EMPTY_LIST_ADDRESS,
      oferta: true,
    })
  })

  it('drops bad values', () => {
    const address = parseListAddress(
      'categoria=%20%20&subcategoria=Remeras&oferta=1&destacado=yes&nuevo=false&search=ab' +
        '&minPrice=abc&maxPrice=&option=Talle&option=:M&option=Talle:&sort=random&page=-2',
      'owner',
    )
    expect(address).toEqual(EMPTY_LIST_ADDRESS)
    expect(parseListAddress('page=1.5').page).toBe(1)
    expect(parseListAddress('page=0').page).toBe(1)
    expect(parseListAddress('estado=borrados', 'owner').estado).toBe('todos')
    // A subcategory only means something inside its category.
    expect(parseListAddress('subcategoria=Remeras').subcategoria).toBeNull()
  })

  it('reads prices the Spanish way and options one per name, at most 3, sorted', () => {
    expect(parseListAddress('minPrice=10,5&maxPrice=$ 20').minPrice).toBe(10.5)
    expect(parseListAddress('minPrice=10,5&maxPrice=$ 20').maxPrice).toBe(20)
    const options = parseListAddress('option=Talle:M&option=Talle:L&option=Color:Rojo').option
    expect(options).toEqual([
      { name: 'Color', value: 'Rojo' },
      { name: 'Talle', value: 'M' },
    ])
    const many = parseListAddress('option=D:1&option=C:1&option=B:1&option=A:1').option
    expect(many.map((o) => o.name)).toEqual(['A', 'B', 'C'].slice(0, LIMITS.productOptionsMax))
  })

  it('cuts a search to its maximum', () => {
    const long = 'a'.repeat(LIMITS.searchMax + 20)
    expect(parseListAddress(`search=${long}`).search).toHaveLength(LIMITS.searchMax)
  })

  it('asks the API with its own names; the owner also sends the status', () => {
    expect(listRequest(FULL, 12)).toEqual({
      sort: 'cheapest',
      category: 'Ropa',
      subCategory: 'Remeras',
      isOffer: true,
      isFeatured: true,
      isNew: true,
      search: 'lana merino',
      minPrice: 10.5,
      maxPrice: 200,
      option: ['Color:Azul', 'Talle:M'],
      page: 3,
      pageSize: 12,
    })
    expect(listRequest(FULL, 12, 'owner').status).toBe('hidden')
    expect(listRequest(EMPTY_LIST_ADDRESS, 12, 'owner').status).toBe('all')
    expect(listRequest(EMPTY_LIST_ADDRESS).pageSize).toBe(LIMITS.productPageSizeDefault)
    expect(listRequestForAddress('estado=ocultos&oferta=true')).not.toHaveProperty('status')
  })

  it('maps the API query back to the same address', () => {
    expect(listAddressOfRequest(listRequest(FULL, 12, 'owner'), 'owner')).toEqual(FULL)
    expect(listAddressOfRequest(listRequest(FULL, 12))).toEqual({ ...FULL, estado: 'todos' })
    expect(listAddressOfRequest({})).toEqual(EMPTY_LIST_ADDRESS)
  })

  it('sends only what is set, and the API accepts what it sends', () => {
    const sent = listRequestParams({ ...listRequest(FULL, 12), search: '  ', isNew: false })
    expect(sent.search).toBeUndefined()
    expect(sent.isNew).toBeUndefined()
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries(listRequestParams(listRequest(FULL, 12, 'owner')))) {
      if (Array.isArray(value)) for (const item of value) query.append(key, item)
      else if (value !== undefined) query.set(key, String(value))
    }
    const parsed = productListQuerySchema.safeParse({
      ...Object.fromEntries(query),
      option: query.getAll('option'),
    })
    expect(parsed.success).toBe(true)
    expect(parsed.data).toMatchObject({ category: 'Ropa', status: 'hidden', page: 3 })
  })

  it('counts the filters, not the sort nor the page', () => {
    expect(activeFilterCount(EMPTY_LIST_ADDRESS)).toBe(0)
    expect(activeFilterCount({ ...EMPTY_LIST_ADDRESS, sort: 'oldest', page: 4 })).toBe(0)
    // categoria (subcategoria with it), 3 toggles, search, price range, visibility, 2 options.
    expect(activeFilterCount(FULL)).toBe(9)
  })

  it('imports nothing that loads zod (it enters a public page’s first load)', () => {
    const source = readFileSync(
      new URL('../src/storefront-address.public.ts', import.meta.url),
      'utf8',
    )
    const imports = [...source.matchAll(/^import (type )?.* from '([^']+)'/gm)]
    expect(imports.filter(([, isType]) => !isType).map(([, , from]) => from)).toEqual([
      './catalogue/sort.public.js',
      './limits.public.js',
    ])
  })
})

describe("a storefront app's addresses (issue 46 §1)", () => {
  it('are under /{identifier} on the platform and at the root of the shop’s own domain', () => {
    const platform = storefrontAppPaths('cafe')
    expect(platform.scope).toBe('/cafe')
    expect(platform.manifest).toBe('/cafe/manifest.webmanifest')
    expect(platform.icon('0a1b2c3d', 'any-192')).toBe('/cafe/app-icons/0a1b2c3d/any-192.png')
    const domain = storefrontAppPaths({ identifier: 'cafe', root: true })
    expect(domain.scope).toBe('/')
    expect(domain.manifest).toBe('/manifest.webmanifest')
    expect(domain.icon('0a1b2c3d', 'apple-180')).toBe('/app-icons/0a1b2c3d/apple-180.png')
  })
})
