/**
 * Owner-side API calls for journeys that need data quickly (the UI path is covered by its own
 * journey): the signed-in page's token, and a business created through the multipart POST.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'

export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'))
  if (!token) throw new Error('no access_token in localStorage: sign in first')
  return token
}

export interface CreatedBusiness {
  _id: string
  identifier: string
  name: string
}

/** POST /api/businesses as the owner of `token` (multipart, like the wizard sends it). */
export async function createBusinessViaApi(
  request: APIRequestContext,
  token: string,
  {
    name,
    identifier,
    logo,
    categories = [{ name: 'General', subCategories: [{ name: 'Varios' }] }],
  }: {
    name: string
    identifier: string
    logo?: string
    categories?: { name: string; subCategories: { name: string }[] }[]
  },
): Promise<CreatedBusiness> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    name,
    identifier,
    description: `Negocio de prueba ${name}.`,
    category: 'otros',
    phone: '+598 99 000 111',
    email: `${identifier}@example.com`,
    categories: JSON.stringify(categories),
    planType: 'free',
  }
  if (logo) {
    multipart.logo = {
      name: path.basename(logo),
      mimeType: 'image/png',
      buffer: await readFile(logo),
    }
  }
  const res = await request.post('/api/businesses', {
    headers: { authorization: `Bearer ${token}` },
    multipart,
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as CreatedBusiness
}

export interface CreatedProduct {
  _id: string
  name: string
}

/**
 * POST /api/products as the owner of `token` (multipart with the required fields and a main
 * image, like the product form sends them), for journeys that need many products quickly.
 */
export async function createProductViaApi(
  request: APIRequestContext,
  token: string,
  {
    businessId,
    name,
    price,
    category,
    image,
  }: { businessId: string; name: string; price: number; category: string; image: string },
): Promise<CreatedProduct> {
  const res = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      name,
      price: String(price),
      description: `Producto de prueba ${name}.`,
      businessId,
      category,
      image: { name: path.basename(image), mimeType: 'image/png', buffer: await readFile(image) },
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as CreatedProduct
}
