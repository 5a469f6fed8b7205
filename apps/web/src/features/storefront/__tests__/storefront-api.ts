/** A fake storefront API at the network boundary (business, carousels, list, product). */
import type { Business, Product, ProductListResponse } from '@vitrina/contracts'
import { installFakeApi } from '../../../test/fake-api'
import type { RecordedCall } from '../../../test/fake-api'

type Reply = { status?: number; body?: unknown }
/** A handler may hold its reply back (a promise) to test what happens meanwhile. */
type Handler = (call: RecordedCall) => Reply | Promise<Reply>

export function installStorefrontApi({
  business,
  businessReply,
  carousels = {},
  list,
  products = [],
  extra = {},
}: {
  business: Business
  /** Overrides the business lookup (e.g. a 404 or 500). */
  businessReply?: Reply
  carousels?: Partial<Record<'featured' | 'new' | 'offer', Product[]>>
  /** Answers the list query; defaults to every product on one page. */
  list?: (query: URLSearchParams) => Partial<ProductListResponse>
  products?: Product[]
  extra?: Record<string, Handler>
}) {
  const id = business._id
  const routes: Record<string, Handler> = {
    [`GET /api/businesses/${business.identifier}/identifier`]: () =>
      businessReply ?? { body: business },
    [`GET /api/products/${id}/carousels`]: () => ({
      body: {
        featured: carousels.featured ?? [],
        new: carousels.new ?? [],
        offer: carousels.offer ?? [],
      },
    }),
    [`GET /api/products/${id}/business`]: (call) => {
      const query = new URLSearchParams(call.path.split('?')[1] ?? '')
      return {
        body: {
          // As the API: public cards carry no variants (the detail does).
          items: products.map((p) => ({ ...p, variants: [] })),
          total: products.length,
          page: Number(query.get('page') ?? 1),
          pageSize: Number(query.get('pageSize') ?? 12),
          priceMax: Math.max(0, ...products.map((p) => p.finalPrice)),
          ...list?.(query),
        },
      }
    },
    ...Object.fromEntries(
      products.map((p) => [`GET /api/products/${p._id}`, () => ({ body: p })] as const),
    ),
    // Issue 27 §3: the product page reads by the storefront's identifier and the address (its
    // slug, or its id: the old addresses).
    ...Object.fromEntries(
      products.flatMap((p) =>
        [p.slug, p._id].map(
          (at) =>
            [`GET /api/products/${business.identifier}/slug/${at}`, () => ({ body: p })] as const,
        ),
      ),
    ),
    ...extra,
  }
  return installFakeApi(routes)
}

/** The query strings the list endpoint was called with. */
export function listQueries(fake: ReturnType<typeof installFakeApi>, businessId: string) {
  return fake
    .callsTo(`GET /api/products/${businessId}/business`)
    .map((call) => new URLSearchParams(call.path.split('?')[1] ?? ''))
}
