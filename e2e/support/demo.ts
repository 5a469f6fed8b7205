/** Looks up demo data through the public API, so journeys never hard-code seeded ids. */
import type { APIRequestContext } from '@playwright/test'

export interface DemoBusiness {
  _id: string
  identifier: string
  name: string
  logo: { url: string } | null
  slides: { image: { url: string } }[]
}

export async function listBusinesses(request: APIRequestContext): Promise<DemoBusiness[]> {
  const res = await request.get('/api/businesses?pageSize=48')
  if (!res.ok()) throw new Error(`GET /api/businesses → ${res.status()}`)
  return ((await res.json()) as { items: DemoBusiness[] }).items
}

export async function firstProduct(request: APIRequestContext, businessId: string) {
  const res = await request.get(`/api/products/${businessId}/business?pageSize=1`)
  if (!res.ok()) throw new Error(`product list → ${res.status()}`)
  const { items } = (await res.json()) as { items: { _id: string; name: string; slug: string }[] }
  if (!items[0]) throw new Error('demo business without products')
  return items[0]
}

/** A demo business by its identifier, and its first product (newest first). */
export async function demoStoreAndProduct(request: APIRequestContext, identifier: string) {
  const store = (await listBusinesses(request)).find((b) => b.identifier === identifier)
  if (!store) throw new Error(`the demo data has no ${identifier}`)
  return { store, product: await firstProduct(request, store._id) }
}
