/**
 * Product fixtures. Writes go through the real multipart routes exactly as the web form sends
 * them (SPEC §7); large generated catalogues for the list tests are inserted with the products
 * repository (the same insert the service uses) so their dates, prices and flags can be chosen.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { ImageAsset, Product } from '@vitrina/contracts'
import type { Executor } from '../../src/db/client.js'
import type { ProductRow } from '../../src/db/schema/index.js'
import { insertProduct } from '../../src/modules/products/repository.js'
import { productSearchText } from '../../src/modules/products/search.js'
import { bearer, type TestAccount } from './auth.js'
import { businessForm, pngFile, type BusinessFieldValues, type FormFile } from './catalogue.js'

export type ProductFieldValues = BusinessFieldValues

/** A complete, valid creation form for `businessId` (categories of DEFAULT_CATEGORIES). */
export function productFields(
  businessId: string,
  overrides: ProductFieldValues = {},
): ProductFieldValues {
  return {
    name: 'Camisa de lino',
    price: '1490.50',
    description: 'Camisa fresca de lino, ideal para el verano',
    businessId,
    category: 'Ropa',
    ...overrides,
  }
}

/** Product fields as the form sends them: `tags[i]` parts, specifications as JSON text. */
export function productForm(fields: ProductFieldValues, files: Record<string, FormFile[]>) {
  const { tags, ...rest } = fields
  const flat: ProductFieldValues = { ...rest }
  if (Array.isArray(tags)) tags.forEach((tag, i) => (flat[`tags[${i}]`] = String(tag)))
  else if (tags !== undefined) flat.tags = tags
  return businessForm(flat, files)
}

export async function mainImage(): Promise<Record<string, FormFile[]>> {
  return { image: [await pngFile(80, 80, '#aa5500')] }
}

type Owner = Pick<TestAccount, 'accessToken'> | null

export function postProduct(
  app: FastifyInstance,
  owner: Owner,
  fields: ProductFieldValues,
  files: Record<string, FormFile[]> = {},
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/products',
    headers: owner ? bearer(owner.accessToken) : {},
    payload: productForm(fields, files),
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

export function patchProduct(
  app: FastifyInstance,
  owner: Owner,
  id: string,
  fields: ProductFieldValues,
  files: Record<string, FormFile[]> = {},
) {
  return app.inject({
    method: 'PATCH',
    url: `/api/products/${id}`,
    headers: owner ? bearer(owner.accessToken) : {},
    payload: productForm(fields, files),
  })
}

export function deleteProductRequest(app: FastifyInstance, owner: Owner, id: string) {
  return app.inject({
    method: 'DELETE',
    url: `/api/products/${id}`,
    headers: owner ? bearer(owner.accessToken) : {},
  })
}

/** Creates a product through the API (main image included); throws with the body on failure. */
export async function createTestProduct(
  app: FastifyInstance,
  owner: Pick<TestAccount, 'accessToken'>,
  businessId: string,
  overrides: ProductFieldValues = {},
  files?: Record<string, FormFile[]>,
): Promise<Product> {
  const response = await postProduct(
    app,
    owner,
    productFields(businessId, overrides),
    files ?? (await mainImage()),
  )
  if (response.statusCode !== 201) {
    throw new Error(`create product answered ${response.statusCode}: ${response.body}`)
  }
  return response.json() as Product
}

export interface CatalogueItem {
  name: string
  description: string
  price: number
  discount: number
  isFeatured: boolean
  isNew: boolean
  category: string
  subCategory: string | null
  code: string | null
  tags: string[]
  createdAt: Date
}

const PLACEHOLDER_IMAGE: ImageAsset = { url: 'https://cdn.vitrina.test/producto.webp' }

/** Inserts rows as the service would (search_text, isOffer) with chosen dates. */
export async function insertCatalogue(
  db: Executor,
  businessId: string,
  items: CatalogueItem[],
): Promise<ProductRow[]> {
  const rows: ProductRow[] = []
  for (const item of items) {
    rows.push(
      await insertProduct(db, {
        ...item,
        businessId,
        isOffer: item.discount > 0,
        image: PLACEHOLDER_IMAGE,
        images: [],
        specifications: [],
        searchText: productSearchText(item),
        updatedAt: item.createdAt,
      }),
    )
  }
  return rows
}

/** The benchmark's seeded PRNG (mulberry32), so a failing generated case can be replayed. */
export { prng } from '../../../../bench/lib/random.js'

/** Every file under the app's media storage (a temporary directory in tests). */
export async function storedFiles(app: FastifyInstance): Promise<string[]> {
  const root = app.media.storage.location
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort()
}

/** The storage keys behind an asset's variants and favicon. */
export function keysOf(app: FastifyInstance, asset: ImageAsset): string[] {
  return app.media.keysOf(asset)
}

/** `n` plain products of the Ropa category, a minute apart, for plan-limit tests. */
export function catalogueItems(n: number): CatalogueItem[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `Producto ${i}`,
    description: 'Producto existente',
    price: 100 + i,
    discount: 0,
    isFeatured: false,
    isNew: false,
    category: 'Ropa',
    subCategory: null,
    code: null,
    tags: [],
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
  }))
}
