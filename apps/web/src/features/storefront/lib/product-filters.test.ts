import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  EMPTY_LIST_ADDRESS,
  listRequest,
  listAddressParams,
  listRequestForAddress,
  parseListAddress,
  parsePrice,
  sanitizePriceInput,
} from '@vitrina/contracts'
import {
  applyPriceRange,
  clearFilters,
  clearPriceRange,
  selectCategory,
  selectSubCategory,
  setPage,
  setSort,
  toggleFlag,
} from './product-filters'
import type { ListAddress } from '@vitrina/contracts'

const parse = (query: string) => parseListAddress(new URLSearchParams(query))
const onPage3: ListAddress = { ...EMPTY_LIST_ADDRESS, page: 3 }

describe('reading the filters from the address (SPEC §2.7)', () => {
  it('reads every filter', () => {
    expect(
      parse(
        'categoria=Bebidas&subcategoria=Caf%C3%A9&oferta=true&destacado=true&nuevo=true&search=molido&minPrice=10.5&maxPrice=200&option=Talle%3AM&option=Color%3AAzul&option=Talle%3AL&option=roto&estado=ocultos&sort=cheapest&page=2',
      ),
    ).toEqual({
      categoria: 'Bebidas',
      subcategoria: 'Café',
      oferta: true,
      destacado: true,
      nuevo: true,
      search: 'molido',
      minPrice: 10.5,
      maxPrice: 200,
      // Issue 25: one value per option (the first), malformed ones ignored, sorted by name.
      option: [
        { name: 'Color', value: 'Azul' },
        { name: 'Talle', value: 'M' },
      ],
      // Issue 25 §2: the owner's visibility filter is not the storefront's.
      estado: 'todos',
      sort: 'cheapest',
      page: 2,
    })
  })

  it('defaults to nothing selected, newest first, page 1', () => {
    expect(parse('')).toEqual(EMPTY_LIST_ADDRESS)
    expect(EMPTY_LIST_ADDRESS.sort).toBe('newest')
  })

  it('ignores malformed values instead of failing', () => {
    expect(
      parse(
        'oferta=1&destacado=false&sort=random&page=-2&minPrice=abc&search=ab&subcategoria=Café',
      ),
    ).toEqual(EMPTY_LIST_ADDRESS)
    expect(parse('page=2.5').page).toBe(1)
  })
})

describe("the owner's visibility filter (issue 25 §2)", () => {
  const owner = (query: string) => parseListAddress(new URLSearchParams(query), 'owner')

  it("reads 'estado' in the dashboard only; 'todos' (every product) by default", () => {
    expect(owner('estado=ocultos').estado).toBe('ocultos')
    expect(owner('estado=visibles').estado).toBe('visibles')
    expect(owner('').estado).toBe('todos')
    expect(owner('estado=hidden').estado).toBe('todos')
    expect(parse('estado=ocultos').estado).toBe('todos')
  })

  it("writes it to the address unless 'todos', counts it as a filter, and asks its status", () => {
    const hidden = owner('estado=ocultos&categoria=Ropa&page=2')
    expect(listAddressParams(hidden).toString()).toBe('categoria=Ropa&estado=ocultos&page=2')
    expect(activeFilterCount(hidden)).toBe(2)
    expect(listRequest(hidden, 12, 'owner')).toMatchObject({ category: 'Ropa', status: 'hidden' })
    expect(listRequest(owner(''), 12, 'owner').status).toBe('all')
    expect(listRequest(owner('estado=visibles'), 12, 'owner').status).toBe('active')
    expect(listAddressParams(owner('')).toString()).toBe('')
    expect(activeFilterCount(owner(''))).toBe(0)
  })

  it('is never sent by the storefront', () => {
    expect(listRequest(owner('estado=ocultos'), 12)).not.toHaveProperty('status')
    expect(listRequestForAddress(new URLSearchParams('estado=ocultos'))).not.toHaveProperty(
      'status',
    )
  })
})

describe('writing the filters to the address', () => {
  it('leaves out null toggles, empty bounds, the default sort and page 1', () => {
    expect(listAddressParams(EMPTY_LIST_ADDRESS).toString()).toBe('')
    const filters: ListAddress = {
      ...EMPTY_LIST_ADDRESS,
      categoria: 'Bebidas',
      subcategoria: 'Café',
      oferta: true,
      minPrice: 100,
      sort: 'expensive',
      page: 2,
    }
    expect(listAddressParams(filters).toString()).toBe(
      'categoria=Bebidas&subcategoria=Caf%C3%A9&oferta=true&minPrice=100&sort=expensive&page=2',
    )
  })

  it('round-trips through the address', () => {
    const filters: ListAddress = {
      ...EMPTY_LIST_ADDRESS,
      categoria: 'Dulces',
      nuevo: true,
      search: 'chocolate amargo',
      maxPrice: 99.9,
      sort: 'oldest',
      page: 4,
    }
    expect(parseListAddress(listAddressParams(filters))).toEqual(filters)
  })

  it('maps to the API query names (SPEC §7)', () => {
    const filters = parse('categoria=Bebidas&subcategoria=T%C3%A9&oferta=true&nuevo=true&page=2')
    expect(listRequest(filters, 12)).toEqual({
      sort: 'newest',
      category: 'Bebidas',
      subCategory: 'Té',
      isOffer: true,
      isFeatured: undefined,
      isNew: true,
      search: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      page: 2,
      pageSize: 12,
    })
  })
})

describe('SPEC §4 transitions', () => {
  it('selecting a category selects it and clears the subcategory', () => {
    const start = { ...onPage3, categoria: 'Bebidas', subcategoria: 'Café' }
    expect(selectCategory(start, 'Dulces')).toMatchObject({
      categoria: 'Dulces',
      subcategoria: null,
      page: 1,
    })
  })

  it('selecting the selected category deselects it and clears the subcategory', () => {
    const start = { ...onPage3, categoria: 'Bebidas', subcategoria: 'Café' }
    expect(selectCategory(start, 'Bebidas')).toMatchObject({
      categoria: null,
      subcategoria: null,
      page: 1,
    })
  })

  it('selecting a subcategory selects its category; selecting it again deselects only it', () => {
    const selected = selectSubCategory(onPage3, 'Bebidas', 'Té')
    expect(selected).toMatchObject({ categoria: 'Bebidas', subcategoria: 'Té', page: 1 })
    expect(selectSubCategory(selected, 'Bebidas', 'Té')).toMatchObject({
      categoria: 'Bebidas',
      subcategoria: null,
    })
  })

  it.each(['oferta', 'destacado', 'nuevo'] as const)('%s toggles between null and true', (flag) => {
    const on = toggleFlag(onPage3, flag)
    expect(on[flag]).toBe(true)
    expect(on.page).toBe(1)
    const off = toggleFlag({ ...on, page: 2 }, flag)
    expect(off[flag]).toBeNull()
    expect(off.page).toBe(1)
  })

  it('applies price bounds as parsed numbers; blank removes a bound; reversed bounds swap', () => {
    expect(applyPriceRange(onPage3, '1.500,5', '')).toMatchObject({
      minPrice: 1.5,
      maxPrice: null,
      page: 1,
    })
    expect(applyPriceRange(onPage3, '', '250')).toMatchObject({ minPrice: null, maxPrice: 250 })
    expect(applyPriceRange(onPage3, '900', '100')).toMatchObject({ minPrice: 100, maxPrice: 900 })
    expect(typeof applyPriceRange(onPage3, '12.75', '').minPrice).toBe('number')
  })

  it('clearing the price removes both bounds from the address', () => {
    const priced = applyPriceRange(EMPTY_LIST_ADDRESS, '10', '20')
    expect(listAddressParams(priced).toString()).toBe('minPrice=10&maxPrice=20')
    expect(listAddressParams(clearPriceRange(priced)).toString()).toBe('')
  })

  it('changing the sort resets the page', () => {
    expect(setSort(onPage3, 'cheapest')).toMatchObject({ sort: 'cheapest', page: 1 })
  })

  it("clearing resets everything and the sort to 'newest'", () => {
    const busy = parse('categoria=A&oferta=true&search=abc&minPrice=1&sort=expensive&page=5')
    expect(activeFilterCount(busy)).toBe(4)
    expect(clearFilters()).toEqual(EMPTY_LIST_ADDRESS)
    expect(clearFilters().sort).toBe('newest')
    expect(activeFilterCount(clearFilters())).toBe(0)
  })

  it('only paging keeps the other filters and changes the page', () => {
    const filters = { ...EMPTY_LIST_ADDRESS, categoria: 'Bebidas' }
    expect(setPage(filters, 3)).toEqual({ ...filters, page: 3 })
    expect(setPage(filters, 0).page).toBe(1)
  })
})

describe('price inputs (SPEC §5: digits and a single decimal point)', () => {
  it.each([
    ['12a3', '123'],
    ['1.2.3', '1.23'],
    ['$ 1 500', '1500'],
    ['10,5', '10.5'],
    ['-4', '4'],
    ['.5', '.5'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(sanitizePriceInput(input)).toBe(expected)
  })

  it('parses to numbers, or null when there is no number', () => {
    expect(parsePrice('19.999')).toBe(20)
    expect(parsePrice('.5')).toBe(0.5)
    expect(parsePrice('.')).toBeNull()
    expect(parsePrice('')).toBeNull()
    expect(parsePrice(null)).toBeNull()
  })
})
