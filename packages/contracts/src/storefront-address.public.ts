/**
 * Issue 42 §3: a storefront's public addresses, in one place for the web app, the API (sitemap,
 * order links, mails) and the service worker. Zod-free and importing nothing that is, so it
 * may enter a public page's first load (apps/web/vite.config.ts, the `contracts` chunk; the
 * `.public.ts` ending says so).
 *
 * - `storefrontPaths` builds the pages' paths: `/{identifier}`, `/{identifier}/productos[?…]`,
 *   `/{identifier}/productos/{slug}` (issue 27 §3), `/{identifier}/pedido/{code}?t={token}`
 *   (issue 24); `parseStorefrontPath` reads one back.
 * - The product list's address codec (SPEC §2.7, §4, §7). The address, with its Spanish keys
 *   (`categoria`, `subcategoria`, `oferta`, `destacado`, `nuevo`, `search`, `minPrice`,
 *   `maxPrice`, `sort`, `page`, issue 25's repeatable `option=Talle:M`, and the owner's
 *   `estado=visibles|ocultos` — the dashboard's alone, the storefront ignores it), is the single
 *   source of truth: `parseListAddress` reads it (anything malformed is dropped, unknown keys
 *   ignored), `listAddressParams` / `listAddressSearch` write it back in canonical form (defaults
 *   left out), `listRequest` turns it into the API's list query (`category`, `isOffer`, …) and
 *   `listAddressOfRequest` turns such a query back into an address. The storefront list, its
 *   route loader, the owner's dashboard and the web's `config/paths.ts` all use these functions,
 *   so a page and its loader always ask the same query.
 */
import { DEFAULT_SORT, SORT_VALUES } from './catalogue/sort.public.js'
import type { SortValue } from './catalogue/sort.public.js'
import { LIMITS } from './limits.public.js'
import type { ProductListStatus } from './schemas/product.js'

// ── the storefront's pages ──────────────────────────────────────────────────────────────────

/** The path segments after `/{identifier}` (SPEC §2.1). */
export const STOREFRONT_SEGMENTS = {
  /** The product list, and a product's page under it. */
  products: 'productos',
  /** An order's public page (one shopper's, behind its token). */
  order: 'pedido',
} as const

/** The query key of an order page's token. */
export const ORDER_TOKEN_PARAM = 't'

/** The id of the shop's contact section, at the end of its home. */
export const STOREFRONT_CONTACT_ANCHOR = 'contacto'

const enc = encodeURIComponent

/**
 * Issue 46 §1: where a shop's storefront lives — under `/{identifier}` on the platform (a bare
 * identifier says so), or at the root of the shop's own domain (`{ identifier, root: true }`).
 * Every path below is built from this one input.
 */
export type StorefrontShop = string | { identifier: string; root: boolean }

/** The path the shop's pages start with: `/{identifier}`, or '' at its domain's root. */
export function storefrontBase(shop: StorefrontShop): string {
  if (typeof shop === 'string') return `/${enc(shop)}`
  return shop.root ? '' : `/${enc(shop.identifier)}`
}

/** Storefront paths (no origin: the API prefixes its public URL, the web app uses them as is). */
export const storefrontPaths = {
  home: (shop: StorefrontShop) => storefrontBase(shop) || '/',
  /** The list, with the filters given (canonical form; none: the bare list). */
  products: (shop: StorefrontShop, address?: Partial<ListAddress>) =>
    `${storefrontBase(shop)}/${STOREFRONT_SEGMENTS.products}${listAddressSearch(address)}`,
  /** Issue 27 §3: `slug` is the product's; an id still works (it redirects to the slug). */
  product: (shop: StorefrontShop, slug: string) =>
    `${storefrontBase(shop)}/${STOREFRONT_SEGMENTS.products}/${enc(slug)}`,
  /** Issue 24: the shop's own contact section, at the end of its home. */
  contact: (shop: StorefrontShop) => `${storefrontBase(shop) || '/'}#${STOREFRONT_CONTACT_ANCHOR}`,
  /** Issue 24: an order's public page; the token opens it. */
  order: (shop: StorefrontShop, code: string, token: string) =>
    `${storefrontBase(shop)}/${STOREFRONT_SEGMENTS.order}/${enc(code)}?${ORDER_TOKEN_PARAM}=${enc(token)}`,
} as const

/** Which storefront page a path is (its segments decoded); null when not a storefront's. */
export type StorefrontPage =
  | { kind: 'home'; identifier: string }
  | { kind: 'products'; identifier: string }
  | { kind: 'product'; identifier: string; slug: string }
  | { kind: 'order'; identifier: string; code: string }
  | { kind: 'other'; identifier: string }

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Reads a storefront path (`/cafe/productos/yerba`); a trailing slash is ignored. It does not
 * tell a storefront from a platform page (`/plataforma/…`): the router does that first. On a
 * shop's own domain (`rootOf`: that shop's identifier) the path starts at the root
 * (`/productos/yerba`).
 */
export function parseStorefrontPath(pathname: string, rootOf?: string): StorefrontPage | null {
  const segments = pathname.replace(/^\/+/, '').replace(/\/+$/, '').split('/')
  if (rootOf !== undefined) {
    if (segments[0] === '') segments[0] = rootOf
    else segments.unshift(rootOf)
  }
  const [identifierSegment, section, item, ...rest] = segments
  if (!identifierSegment) return null
  const identifier = rootOf ?? decodeSegment(identifierSegment)
  if (section === undefined) return { kind: 'home', identifier }
  if (rest.length === 0 && section === STOREFRONT_SEGMENTS.products) {
    return item === undefined
      ? { kind: 'products', identifier }
      : { kind: 'product', identifier, slug: decodeSegment(item) }
  }
  if (rest.length === 0 && section === STOREFRONT_SEGMENTS.order && item) {
    return { kind: 'order', identifier, code: decodeSegment(item) }
  }
  return { kind: 'other', identifier }
}

// ── the product list's address ──────────────────────────────────────────────────────────────

/** The offer, featured and new toggles. */
export type ListFlag = 'oferta' | 'destacado' | 'nuevo'

/**
 * Issue 25 §2: the owner's 'Visibilidad' filter. 'todos' is the dashboard's default (every
 * product, hidden ones included) and leaves the address.
 */
export const VISIBILITY_FILTERS = ['todos', 'visibles', 'ocultos'] as const
export type VisibilityFilter = (typeof VISIBILITY_FILTERS)[number]
const STATUS_OF: Record<VisibilityFilter, ProductListStatus> = {
  todos: 'all',
  visibles: 'active',
  ocultos: 'hidden',
}
const VISIBILITY_OF: Record<ProductListStatus, VisibilityFilter> = {
  all: 'todos',
  active: 'visibles',
  hidden: 'ocultos',
}

/** Where an address is read: the storefront list, or the owner's dashboard (`estado`). */
export type ListScope = 'storefront' | 'owner'

/** One option filter; the address writes it `Talle:M`. */
export interface OptionValueFilter {
  name: string
  value: string
}

/** What a list address holds, parsed. */
export interface ListAddress {
  categoria: string | null
  subcategoria: string | null
  /** SPEC §4: the offer, featured and new toggles are null or true. */
  oferta: true | null
  destacado: true | null
  nuevo: true | null
  search: string | null
  /** SPEC §4: applied price bounds are parsed numbers. */
  minPrice: number | null
  maxPrice: number | null
  /** Issue 25: option values (`option=Talle:M`), at most one per option, sorted by name. */
  option: OptionValueFilter[]
  /** The owner's visibility filter; always 'todos' on the storefront, which ignores it. */
  estado: VisibilityFilter
  sort: SortValue
  page: number
}

/** SPEC §4: no filter, the default sort, page 1 — what 'Limpiar filtros' goes back to. */
export const EMPTY_LIST_ADDRESS: ListAddress = {
  categoria: null,
  subcategoria: null,
  oferta: null,
  destacado: null,
  nuevo: null,
  search: null,
  minPrice: null,
  maxPrice: null,
  option: [],
  estado: 'todos',
  sort: DEFAULT_SORT,
  page: 1,
}

/**
 * GET /api/products/{businessId}/business query (SPEC §7 names); each value is sent only when
 * set. The API checks it with contracts' productListQuerySchema.
 */
export interface ListRequest {
  sort?: SortValue
  minPrice?: number
  maxPrice?: number
  category?: string
  subCategory?: string
  isOffer?: boolean
  isFeatured?: boolean
  isNew?: boolean
  search?: string
  /** Issue 25: `Talle:M` per option (repeated `option` parameter). */
  option?: readonly string[]
  /** Issue 25 §2: the owner's dashboard only ('all', 'hidden'; the API's default 'active'). */
  status?: ProductListStatus
  page?: number
  pageSize?: number
}

/** `Talle:M` — the same text as contracts' optionFilterParam (schemas/variants.ts, with zod). */
export function optionParam(filter: OptionValueFilter): string {
  return `${filter.name}:${filter.value}`
}

/** The address's `option` values: well formed, one per option name, at most 3, sorted by name. */
export function parseOptionFilters(values: readonly string[]): OptionValueFilter[] {
  const byName = new Map<string, OptionValueFilter>()
  for (const raw of values) {
    const at = raw.indexOf(':')
    if (at <= 0 || at >= raw.length - 1) continue
    const name = raw.slice(0, at).trim()
    const value = raw.slice(at + 1).trim()
    if (!name || !value || name.length > LIMITS.optionNameMax) continue
    if (value.length > LIMITS.optionValueMax || byName.has(name)) continue
    byName.set(name, { name, value })
  }
  return [...byName.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, LIMITS.productOptionsMax)
}

/**
 * SPEC §5: price inputs accept only digits and a single decimal point. A comma (the Spanish
 * decimal separator) is taken as the point; everything else is dropped.
 */
export function sanitizePriceInput(text: string): string {
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '')
  const point = cleaned.indexOf('.')
  return point === -1
    ? cleaned
    : `${cleaned.slice(0, point + 1)}${cleaned.slice(point + 1).replace(/\./g, '')}`
}

/** A price bound as a number (≥ 0, cents), or null when blank or not a number. */
export function parsePrice(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null
  const cleaned = sanitizePriceInput(String(text))
  if (cleaned === '' || cleaned === '.') return null
  const value = Number(cleaned)
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null
}

function text(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim()
  return value ? value : null
}

function isSortValue(value: string | null | undefined): value is SortValue {
  return typeof value === 'string' && (SORT_VALUES as readonly string[]).includes(value)
}

function visibilityOf(value: string | null): VisibilityFilter {
  return (VISIBILITY_FILTERS as readonly (string | null)[]).includes(value)
    ? (value as VisibilityFilter)
    : 'todos'
}

/** SPEC §5: a search needs 3 characters; a shorter one (a hand-typed address) is no search. */
function searchOf(value: string | null | undefined): string | null {
  const search = value?.trim()
  return search && search.length >= LIMITS.searchMin ? search.slice(0, LIMITS.searchMax) : null
}

function pageOf(value: unknown): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/**
 * Reads a list address (its query string, with or without '?', or its parameters). Unknown keys
 * are ignored and malformed values dropped; `estado` only in the owner's dashboard.
 */
export function parseListAddress(
  search: URLSearchParams | string,
  scope: ListScope = 'storefront',
): ListAddress {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const categoria = text(params, 'categoria')
  const sort = params.get('sort')
  return {
    categoria,
    // A subcategory only means something inside its category.
    subcategoria: categoria ? text(params, 'subcategoria') : null,
    oferta: params.get('oferta') === 'true' ? true : null,
    destacado: params.get('destacado') === 'true' ? true : null,
    nuevo: params.get('nuevo') === 'true' ? true : null,
    search: searchOf(params.get('search')),
    minPrice: parsePrice(params.get('minPrice')),
    maxPrice: parsePrice(params.get('maxPrice')),
    option: parseOptionFilters(params.getAll('option')),
    estado: scope === 'owner' ? visibilityOf(params.get('estado')) : 'todos',
    sort: isSortValue(sort) ? sort : DEFAULT_SORT,
    page: pageOf(params.get('page')),
  }
}

/**
 * The address's parameters, in canonical order. Unset toggles, empty bounds (SPEC §2.7:
 * minPrice and maxPrice leave the address when cleared), 'todos', the default sort and page 1
 * are left out. A partial address (`{ oferta: true }`) is the empty one with those values.
 */
export function listAddressParams(address: Partial<ListAddress> = {}): URLSearchParams {
  const params = new URLSearchParams()
  const set = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value))
  }
  set('categoria', address.categoria)
  set('subcategoria', address.subcategoria)
  if (address.oferta) params.set('oferta', 'true')
  if (address.destacado) params.set('destacado', 'true')
  if (address.nuevo) params.set('nuevo', 'true')
  set('search', address.search)
  set('minPrice', address.minPrice)
  set('maxPrice', address.maxPrice)
  for (const option of address.option ?? []) params.append('option', optionParam(option))
  if (address.estado && address.estado !== 'todos') params.set('estado', address.estado)
  if (address.sort && address.sort !== DEFAULT_SORT) params.set('sort', address.sort)
  if (address.page && address.page > 1) params.set('page', String(address.page))
  return params
}

/** The address's query string: '' when nothing is set, else `?categoria=…`. */
export function listAddressSearch(address?: Partial<ListAddress>): string {
  const search = listAddressParams(address).toString()
  return search ? `?${search}` : ''
}

/**
 * What the API is asked for an address (SPEC §7 names). In the owner's dashboard, with the
 * visibility filter's status (the API honours it for the business's owner alone; the storefront
 * never sends it).
 */
export function listRequest(
  address: ListAddress,
  pageSize: number = LIMITS.productPageSizeDefault,
  scope: ListScope = 'storefront',
): ListRequest {
  const request: ListRequest = {
    sort: address.sort,
    category: address.categoria ?? undefined,
    subCategory: address.subcategoria ?? undefined,
    isOffer: address.oferta ?? undefined,
    isFeatured: address.destacado ?? undefined,
    isNew: address.nuevo ?? undefined,
    search: address.search ?? undefined,
    minPrice: address.minPrice ?? undefined,
    maxPrice: address.maxPrice ?? undefined,
    option: address.option.length > 0 ? address.option.map(optionParam) : undefined,
    page: address.page,
    pageSize,
  }
  return scope === 'owner' ? { ...request, status: STATUS_OF[address.estado] } : request
}

/**
 * The list a page asks for at an address: its filters in canonical form, with the page size
 * (the storefront's default unless given). The route loader and the page ask the same.
 */
export function listRequestForAddress(
  search: URLSearchParams | string,
  pageSize: number = LIMITS.productPageSizeDefault,
): ListRequest {
  return listRequest(parseListAddress(listAddressParams(parseListAddress(search))), pageSize)
}

/**
 * The address of an API list query (the way back): what it filters by, read by the same rules
 * as an address (a short search, a bad sort or page are dropped).
 */
export function listAddressOfRequest(request: ListRequest, scope: ListScope = 'storefront') {
  const categoria = request.category?.trim() || null
  const address: ListAddress = {
    categoria,
    subcategoria: categoria ? request.subCategory?.trim() || null : null,
    oferta: request.isOffer ? true : null,
    destacado: request.isFeatured ? true : null,
    nuevo: request.isNew ? true : null,
    search: searchOf(request.search),
    minPrice: parsePrice(request.minPrice),
    maxPrice: parsePrice(request.maxPrice),
    option: parseOptionFilters(request.option ?? []),
    estado: scope === 'owner' && request.status ? VISIBILITY_OF[request.status] : 'todos',
    sort: isSortValue(request.sort) ? request.sort : DEFAULT_SORT,
    page: pageOf(request.page ?? 1),
  }
  return address
}

/** The API query's parameters as sent: what is unset, false or blank is left out. */
export function listRequestParams(
  request: ListRequest,
): Record<string, string | number | boolean | readonly string[] | undefined> {
  return {
    sort: request.sort,
    minPrice: request.minPrice,
    maxPrice: request.maxPrice,
    category: request.category || undefined,
    subCategory: request.subCategory || undefined,
    isOffer: request.isOffer || undefined,
    isFeatured: request.isFeatured || undefined,
    isNew: request.isNew || undefined,
    search: request.search?.trim() || undefined,
    option: request.option?.length ? request.option : undefined,
    status: request.status,
    page: request.page,
    pageSize: request.pageSize,
  }
}

/** How many filters narrow the list (sort and page are not filters). */
export function activeFilterCount(address: ListAddress): number {
  return [
    address.categoria,
    address.oferta,
    address.destacado,
    address.nuevo,
    address.search,
    address.minPrice !== null || address.maxPrice !== null ? true : null,
    address.estado === 'todos' ? null : true,
    ...address.option,
  ].filter((value) => value !== null).length
}
