/**
 * The query cache's keys of orders, for every screen that reads one: the owner's counts, list
 * and order (features/admin, api/order-counts.ts) and the shopper's order page
 * (features/storefront). One place, so a change invalidates what it should: `all` covers each.
 */
export const orderKeys = {
  all: ['orders'] as const,
  counts: (userId: string) => ['orders', 'counts', userId] as const,
  lists: () => ['orders', 'list'] as const,
  list: (params: Record<string, unknown>) => ['orders', 'list', params] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  /** An order's public summary, read with its token (the order page). */
  public: (code: string, token: string) => ['orders', 'public', code, token] as const,
}
