/**
 * Order fixtures (issue 24): a business that takes orders (pickup and delivery with fees in both
 * currencies, cash and transfer) with products inserted by the products repository, and the
 * shopper's order body.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  parseCurrency,
  type Business,
  type CreateOrderInput,
  type CreatedOrder,
} from '@vitrina/contracts'
import { businesses, type ProductRow } from '../../src/db/schema/index.js'
import { insertProduct } from '../../src/modules/products/repository.js'
import { productSearchText } from '../../src/modules/products/search.js'
import { randomClientIp, registerAndLogin, type TestAccount } from './auth.js'
import { createTestBusiness, type BusinessFieldValues } from './catalogue.js'

export const ORDERING_SETTINGS = {
  deliveryOptions: {
    pickup: true,
    delivery: {
      enabled: true,
      fee: { UYU: 150, USD: 5 },
      freeFrom: { UYU: 3000, USD: 100 },
      note: 'Montevideo, de lunes a viernes',
    },
  },
  paymentMethods: [
    { type: 'efectivo' },
    { type: 'transferencia', instructions: 'BROU caja de ahorro 001234567-00001' },
  ],
}

export interface TestProductValues {
  name?: string
  price?: number
  discount?: number
  currency?: string
  code?: string | null
  status?: 'active' | 'hidden'
}

export async function insertTestProduct(
  app: FastifyInstance,
  businessId: string,
  values: TestProductValues = {},
): Promise<ProductRow> {
  const item = {
    name: values.name ?? `Producto ${randomUUID().slice(0, 6)}`,
    description: 'Producto de prueba',
    price: values.price ?? 100,
    discount: values.discount ?? 0,
    isFeatured: false,
    isNew: false,
    category: 'Ropa',
    subCategory: null,
    code: values.code ?? null,
    tags: [],
  }
  return insertProduct(app.db, {
    ...item,
    businessId,
    currency: parseCurrency(values.currency) ?? 'UYU',
    status: values.status ?? 'active',
    isOffer: item.discount > 0,
    image: { url: 'https://cdn.vitrina.test/producto.webp' },
    images: [],
    specifications: [],
    searchText: productSearchText(item),
  })
}

export interface OrderingShop {
  owner: TestAccount
  business: Business
  /** 10.15 pesos at 50 % (5.08), 19.99 dollars, 1,200 pesos. */
  products: { cheap: ProductRow; dollars: ProductRow; pricey: ProductRow }
}

export async function createOrderingShop(
  app: FastifyInstance,
  overrides: BusinessFieldValues = {},
): Promise<OrderingShop> {
  const owner = await registerAndLogin(app, { name: 'Marta Dueña' })
  const business = await createTestBusiness(app, owner, { ...ORDERING_SETTINGS, ...overrides })
  const [cheap, dollars, pricey] = await Promise.all([
    insertTestProduct(app, business._id, {
      name: 'Alfajor de maicena',
      price: 10.15,
      discount: 50,
      code: 'ALF-1',
    }),
    insertTestProduct(app, business._id, { name: 'Auriculares', price: 19.99, currency: 'US$' }),
    insertTestProduct(app, business._id, { name: 'Campera de abrigo', price: 1200 }),
  ])
  return { owner, business, products: { cheap: cheap!, dollars: dollars!, pricey: pricey! } }
}

export function orderBody(overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    items: [],
    customer: { name: 'Juan Pérez', phone: '099 123 456' },
    delivery: { method: 'pickup' },
    paymentMethod: 'efectivo',
    ...overrides,
  }
}

export function postOrder(
  app: FastifyInstance,
  businessId: string,
  body: unknown,
  remoteAddress = randomClientIp(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/businesses/${businessId}/orders`,
    payload: body as object,
    remoteAddress,
  })
}

/** Sends an order and returns the 201 reply; throws with the body otherwise. */
export async function placeOrder(
  app: FastifyInstance,
  businessId: string,
  body: CreateOrderInput,
): Promise<CreatedOrder> {
  const res = await postOrder(app, businessId, body)
  if (res.statusCode !== 201) throw new Error(`order answered ${res.statusCode}: ${res.body}`)
  return res.json() as CreatedOrder
}

export async function suspendBusiness(app: FastifyInstance, businessId: string) {
  await app.db
    .update(businesses)
    .set({ suspendedAt: new Date(), suspensionReason: 'Prueba' })
    .where(eq(businesses.id, businessId))
}
