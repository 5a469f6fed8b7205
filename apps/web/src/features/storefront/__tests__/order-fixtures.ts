/** An order's public summary shaped as the API replies (contracts publicOrderSchema). */
import type { PublicOrder } from '@vitrina/contracts'
import { makeBusiness } from '../../../components/storefront/__tests__/fixtures'

/** A business with a WhatsApp number apart from its landline. */
export const orderBusiness = makeBusiness({ whatsapp: '+59891222333', phone: '2901 1234' })
const business = orderBusiness

export function makeOrder(overrides: Partial<PublicOrder> = {}): PublicOrder {
  return {
    code: 'P-7K3Q',
    status: 'confirmado',
    createdAt: '2026-11-25T22:50:00.000Z',
    business: { _id: business._id, name: business.name, identifier: business.identifier },
    items: [
      {
        productId: '7a9d0c1e-0000-4000-8000-000000000101',
        name: 'Café de Colombia',
        code: 'CAF-1',
        quantity: 2,
        price: 500,
        discount: 10,
        unitPrice: 450,
        lineTotal: 900,
        currency: 'UYU',
        image: null,
      },
      {
        productId: '7a9d0c1e-0000-4000-8000-000000000102',
        name: 'Molinillo',
        code: null,
        quantity: 1,
        price: 15,
        discount: 0,
        unitPrice: 15,
        lineTotal: 15,
        currency: 'USD',
        image: null,
      },
    ],
    subtotals: { UYU: 900, USD: 15 },
    deliveryFee: { UYU: 150 },
    totals: { UYU: 1050, USD: 15 },
    customer: { name: 'Ana Pérez', phone: '099 123 456' },
    delivery: { method: 'delivery', address: 'Rivera 2020, apto 3' },
    payment: { type: 'transferencia', instructions: 'BROU cuenta 001234567' },
    notes: 'Tocar timbre 2',
    ...overrides,
  }
}
