/**
 * Public product reads shared by the storefront and the owner area (SPEC §7): the filtered list,
 * the three home carousels and one product. Mutations live in features/admin/api and invalidate
 * `productKeys.all`. Replies are typed, not parsed (see businesses.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { listRequestParams } from '@vitrina/contracts'
import type {
  BusinessOptions,
  ListRequest,
  Product,
  ProductCarousels,
  ProductListResponse,
} from '@vitrina/contracts'
import { useHydrated } from '../hooks/use-hydrated'
import { api } from './client'

export const productKeys = {
  all: ['products'] as const,
  lists: (businessId: string) => ['products', 'list', businessId] as const,
  list: (businessId: string, params: ListRequest) =>
    ['products', 'list', businessId, params] as const,
  carousels: (businessId: string) => ['products', 'carousels', businessId] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  /** Issue 27 §3: a product by its address (storefront identifier; slug, old slug or id). */
  bySlug: (identifier: string, slug: string) => ['products', 'slug', identifier, slug] as const,
  options: (businessId: string) => ['products', 'options', businessId] as const,
}

export function getProducts(
  businessId: string,
  params: ListRequest,
  signal?: AbortSignal,
): Promise<ProductListResponse> {
  return api.get<ProductListResponse>(`/products/${encodeURIComponent(businessId)}/business`, {
    query: listRequestParams(params),
    signal,
  })
}

export function productsQueryOptions(businessId: string, params: ListRequest) {
  return queryOptions({
    queryKey: productKeys.list(businessId, params),
    queryFn: ({ signal }) => getProducts(businessId, params, signal),
  })
}

/** The list; the previous page stays on screen while the next one loads. */
export function useProducts(
  businessId: string | undefined,
  params: ListRequest,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...productsQueryOptions(businessId ?? '', params),
    enabled: enabled && Boolean(businessId),
    placeholderData: keepPreviousData,
  })
}

/**
 * GET /api/products/{businessId}/carousels (issue 42 §4): the home's three carousels in one
 * read; each carousel reads its own list of the same cache entry.
 */
export function getCarousels(businessId: string, signal?: AbortSignal): Promise<ProductCarousels> {
  return api.get<ProductCarousels>(`/products/${encodeURIComponent(businessId)}/carousels`, {
    signal,
  })
}

export function carouselsQueryOptions(businessId: string) {
  return queryOptions({
    queryKey: productKeys.carousels(businessId),
    queryFn: ({ signal }) => getCarousels(businessId, signal),
  })
}

export function useProductCarousels(businessId: string) {
  return useQuery(carouselsQueryOptions(businessId))
}

/**
 * Issue 25: GET /api/products/{businessId}/options — the option values of the business's active
 * products (`[{ name, values }]`), for the storefront's option filter.
 */
export function getBusinessOptions(
  businessId: string,
  signal?: AbortSignal,
): Promise<BusinessOptions> {
  return api.get<BusinessOptions>(`/products/${encodeURIComponent(businessId)}/options`, {
    signal,
  })
}

/**
 * The option filter's values; a failure only leaves the filter out (never the list). Asked in
 * the browser only: the server's render does not wait for it (the filter appears once hydrated).
 */
export function useBusinessOptions(businessId: string | undefined) {
  const isHydrated = useHydrated()
  return useQuery({
    queryKey: productKeys.options(businessId ?? ''),
    queryFn: ({ signal }) => getBusinessOptions(businessId ?? '', signal),
    enabled: Boolean(businessId) && isHydrated,
    // No options until the reply: never a pending query in the server's render (which waits for
    // none), and stale from the start so the browser asks once hydrated.
    initialData: [],
    initialDataUpdatedAt: 0,
    retry: false,
    staleTime: 60_000,
  })
}

/** GET /api/products/{id} — 404 (ApiError) when missing. */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/products/${encodeURIComponent(id)}`, { signal })
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  })
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id))
}

/**
 * Issue 27 §3: GET /api/products/{identifier}/slug/{slug} — the storefront's product at that
 * address: its slug, an old slug of it or its id (old addresses). The reply's `slug` is where it
 * lives now (the page redirects there when it differs). 404 (ApiError) when missing. Named by the
 * storefront's identifier, it is asked for beside the business, not after it.
 */
export function getProductBySlug(
  identifier: string,
  slug: string,
  signal?: AbortSignal,
): Promise<Product> {
  return api.get<Product>(
    `/products/${encodeURIComponent(identifier)}/slug/${encodeURIComponent(slug)}`,
    { signal },
  )
}

export function productBySlugQueryOptions(identifier: string, slug: string) {
  return queryOptions({
    queryKey: productKeys.bySlug(identifier, slug),
    queryFn: ({ signal }) => getProductBySlug(identifier, slug, signal),
  })
}

export function useProductBySlug(identifier: string, slug: string) {
  return useQuery(productBySlugQueryOptions(identifier, slug))
}
