/**
 * Business fixtures made through the real routes (multipart, exactly as the web wizard sends):
 *
 *   const owner = await registerAndLogin(t.app)
 *   const business = await createTestBusiness(t.app, owner, { identifier: 'mi-tienda' })
 *
 * `businessFields()` is the wizard's form as text parts (JSON-valued fields as JSON text);
 * `businessForm(fields, files)` turns it into the FormData that `app.inject` sends.
 */
import { randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import type { Business, ProductCategoryInput } from '@vitrina/contracts'
import { setEffectivePlan } from '../../src/modules/businesses/repository.js'
import { bearer, type TestAccount } from './auth.js'

export type FormValue = string | string[] | object | undefined

export interface BusinessFieldValues {
  name?: FormValue
  identifier?: FormValue
  description?: FormValue
  category?: FormValue
  phone?: FormValue
  email?: FormValue
  address?: FormValue
  primaryColor?: FormValue
  secondaryColor?: FormValue
  bgColor?: FormValue
  planType?: FormValue
  userId?: FormValue
  features?: FormValue
  socialLinks?: FormValue
  categories?: FormValue
  slidesToDelete?: FormValue
  slides?: FormValue
  logo?: FormValue
  [field: string]: FormValue
}

export const DEFAULT_CATEGORIES: ProductCategoryInput[] = [
  { name: 'Ropa', description: 'Prendas de temporada', subCategories: [{ name: 'Camisas' }] },
  { name: 'Calzado', subCategories: [] },
]

/** A unique, valid identifier (the route refuses duplicates). */
export function uniqueIdentifier(prefix = 'tienda'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`
}

/** A complete, valid creation form. */
export function businessFields(overrides: BusinessFieldValues = {}): BusinessFieldValues {
  return {
    name: 'Tienda de Prueba',
    identifier: uniqueIdentifier(),
    description: 'Ropa y calzado para toda la familia',
    category: 'moda',
    phone: '+598 99 123 456',
    email: 'contacto@tienda.test',
    address: 'Av. 18 de Julio 1234, Montevideo',
    features: { nationwide_shipping: true, card_payment: true },
    socialLinks: { instagram: 'https://instagram.com/tienda', facebook: '' },
    categories: DEFAULT_CATEGORIES,
    planType: 'free',
    ...overrides,
  }
}

export interface FormFile {
  data: Buffer
  filename?: string
  type?: string
}

/** Fields sent as one text part per value (cover slides given by URL); the rest are single. */
const REPEATED_FIELDS = new Set(['slides'])

/** Text parts (objects and arrays become JSON text, `slides` repeats) plus file parts. */
export function businessForm(
  fields: BusinessFieldValues,
  files: Record<string, FormFile[]> = {},
): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    if (REPEATED_FIELDS.has(name) && Array.isArray(value)) {
      for (const item of value) form.append(name, item)
    } else {
      form.append(name, typeof value === 'string' ? value : JSON.stringify(value))
    }
  }
  for (const [name, list] of Object.entries(files)) {
    for (const file of list) {
      form.append(
        name,
        new Blob([file.data], { type: file.type ?? 'image/png' }),
        file.filename ?? `${name}.png`,
      )
    }
  }
  return form
}

/** A real PNG of the given size and colour. */
export function pngImage(width = 64, height = 36, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
}

export async function pngFile(width?: number, height?: number, color?: string): Promise<FormFile> {
  return { data: await pngImage(width, height, color), filename: 'imagen.png', type: 'image/png' }
}

export function postBusiness(
  app: FastifyInstance,
  owner: Pick<TestAccount, 'accessToken'> | null,
  fields: BusinessFieldValues,
  files?: Record<string, FormFile[]>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/businesses',
    headers: owner ? bearer(owner.accessToken) : {},
    payload: businessForm(fields, files),
  })
}

export function patchBusiness(
  app: FastifyInstance,
  owner: Pick<TestAccount, 'accessToken'> | null,
  id: string,
  fields: BusinessFieldValues,
  files?: Record<string, FormFile[]>,
) {
  return app.inject({
    method: 'PATCH',
    url: `/api/businesses/${id}`,
    headers: owner ? bearer(owner.accessToken) : {},
    payload: businessForm(fields, files),
  })
}

/**
 * Creates a business for `owner` and returns the reply; throws with the body on failure. With
 * `planType: 'pro'` the operator also grants it (an owner's choice is only a request, issue 22),
 * so the fixture is a business that really is pro.
 */
export async function createTestBusiness(
  app: FastifyInstance,
  owner: Pick<TestAccount, 'accessToken'>,
  overrides: BusinessFieldValues = {},
  files?: Record<string, FormFile[]>,
): Promise<Business> {
  const response = await postBusiness(app, owner, businessFields(overrides), files)
  if (response.statusCode !== 201) {
    throw new Error(`create business answered ${response.statusCode}: ${response.body}`)
  }
  const business = response.json() as Business
  if (overrides.planType === 'pro') await setEffectivePlan(app.db, business.identifier, 'pro')
  return business
}

/** Names of every object in the app's local media storage (tests use a temporary directory). */
export async function storedMediaFiles(app: FastifyInstance): Promise<string[]> {
  const entries = await readdir(app.media.storage.location, {
    recursive: true,
    withFileTypes: true,
  })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort()
}
