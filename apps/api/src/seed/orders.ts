/**
 * Demo orders (issue 24): a dozen orders of Café del Puerto in every status, so the demo owner
 * opens /admin/pedidos with something to follow. Priced by the same code as a shopper's order
 * (modules/orders/pricing.ts) from the seeded products; no mail is queued for them.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type {
  DeliveryMethod,
  DeliveryOptions,
  OrderStatus,
  PaymentMethod,
  PaymentMethodType,
} from '@vitrina/contracts'
import type { Executor } from '../db/client.js'
import { orderEvents, orders, products } from '../db/schema/index.js'
import { hashOrderToken, newOrderToken, orderCode } from '../modules/orders/codes.js'
import { priceLine, priceOrder } from '../modules/orders/pricing.js'
import { insertOrderUnlessCodeTaken, orderSearchText } from '../modules/orders/repository.js'

export interface DemoOrder {
  customer: { name: string; phone: string }
  /** Product names of the business, with quantities. */
  items: [string, number][]
  delivery: { method: DeliveryMethod; address?: string }
  payment: PaymentMethodType
  notes?: string
  /** The statuses it went through after 'nuevo', in order. */
  path: OrderStatus[]
  cancelReason?: string
  /** An internal note of the owner. */
  note?: string
  /** How long ago it was sent. */
  hoursAgo: number
}

const delivery = (address: string) => ({ method: 'delivery' as const, address })
const pickup = { method: 'pickup' as const }

export const DEMO_ORDERS: Record<string, DemoOrder[]> = {
  cafe: [
    {
      customer: { name: 'Martina Rodríguez', phone: '099 412 587' },
      items: [
        ['Café de Colombia Huila 250 g', 2],
        ['Alfajores de maicena x6', 1],
      ],
      delivery: delivery('Sarandí 620, apto 3, Ciudad Vieja'),
      payment: 'transferencia',
      notes: 'Molido para filtro, por favor.',
      path: [],
      hoursAgo: 0.5,
    },
    {
      customer: { name: 'Diego Pereira', phone: '098 334 120' },
      items: [['Torta de chocolate y dulce de leche', 1]],
      delivery: pickup,
      payment: 'efectivo',
      notes: 'Paso a buscarla el sábado a las 11.',
      path: [],
      hoursAgo: 2,
    },
    {
      customer: { name: 'Sofía Núñez', phone: '094 778 901' },
      items: [
        ['Medialunas de manteca x6', 2],
        ['Budín de naranja y amapola', 1],
      ],
      delivery: delivery('Ituzaingó 1420, Centro'),
      payment: 'mercadopago',
      path: [],
      hoursAgo: 5,
    },
    {
      customer: { name: 'Federico Silva', phone: '091 223 344' },
      items: [['Blend del Puerto 1 kg', 1]],
      delivery: delivery('Colonia 1085, oficina 402, Centro'),
      payment: 'transferencia',
      path: ['confirmado'],
      note: 'Pagó por transferencia, comprobante recibido.',
      hoursAgo: 20,
    },
    {
      customer: { name: 'Valentina Gómez', phone: '099 887 766' },
      items: [
        ['Cafetera italiana 6 tazas', 1],
        ['Café molido para moka 250 g', 2],
      ],
      delivery: pickup,
      payment: 'tarjeta',
      path: ['confirmado'],
      hoursAgo: 26,
    },
    {
      customer: { name: 'Lucas Fernández', phone: '092 456 789' },
      items: [['Lemon pie entero', 1]],
      delivery: pickup,
      payment: 'efectivo',
      path: ['confirmado', 'listo'],
      hoursAgo: 30,
    },
    {
      customer: { name: 'Camila Acosta', phone: '097 135 246' },
      items: [
        ['Prensa francesa 600 ml', 1],
        ['Café de Etiopía Yirgacheffe 250 g', 1],
      ],
      delivery: pickup,
      payment: 'mercadopago',
      notes: 'Es para regalo, ¿lo pueden envolver?',
      path: ['confirmado', 'listo'],
      note: 'Envolver con el papel kraft y la tarjeta.',
      hoursAgo: 49,
    },
    {
      customer: { name: 'Joaquín Méndez', phone: '099 246 810' },
      items: [
        ['Cápsulas compatibles intenso x10', 3],
        ['Taza de cerámica esmaltada 300 ml', 2],
      ],
      delivery: delivery('Juan Carlos Gómez 1310, Ciudad Vieja'),
      payment: 'transferencia',
      path: ['confirmado', 'enviado'],
      hoursAgo: 52,
    },
    {
      customer: { name: 'Lucía Benítez', phone: '095 369 258' },
      items: [['Café molido descafeinado 250 g', 2]],
      delivery: delivery('Soriano 1180, Cordón'),
      payment: 'mercadopago',
      path: ['confirmado', 'enviado', 'entregado'],
      hoursAgo: 96,
    },
    {
      customer: { name: 'Andrés Castro', phone: '098 147 258' },
      items: [
        ['Torta de chocolate y dulce de leche', 1],
        ['Medialunas de manteca x6', 1],
      ],
      delivery: pickup,
      payment: 'efectivo',
      path: ['confirmado', 'listo', 'entregado'],
      hoursAgo: 120,
    },
    {
      customer: { name: 'Paula Suárez', phone: '091 951 753' },
      items: [['Blend del Puerto 1 kg', 2]],
      delivery: delivery('Bartolomé Mitre 1362, Ciudad Vieja'),
      payment: 'transferencia',
      path: ['confirmado', 'enviado', 'entregado'],
      note: 'Cliente de la oficina de al lado: pide todos los meses.',
      hoursAgo: 170,
    },
    {
      customer: { name: 'Nicolás Olivera', phone: '094 852 963' },
      items: [['Lemon pie entero', 1]],
      delivery: pickup,
      payment: 'efectivo',
      path: ['cancelado'],
      cancelReason: 'No pudo pasar a retirarlo; lo reprograma para la semana próxima.',
      hoursAgo: 200,
    },
  ],
}

/** Inserts the demo orders of a just-created business (no mail: nobody ordered for real). */
export async function seedDemoOrders(
  db: Executor,
  business: { id: string; deliveryOptions: DeliveryOptions; paymentMethods: PaymentMethod[] },
  demoOrders: readonly DemoOrder[],
): Promise<number> {
  const names = [...new Set(demoOrders.flatMap((o) => o.items.map(([name]) => name)))]
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.businessId, business.id), inArray(products.name, names)))
  const byName = new Map(rows.map((row) => [row.name, row]))
  let count = 0
  for (const demo of demoOrders) {
    const items = demo.items.map(([name, quantity]) => {
      const product = byName.get(name)
      if (!product) throw new Error(`demo order names an unknown product: ${name}`)
      return priceLine(product, quantity)
    })
    const priced = priceOrder(items, demo.delivery.method, business.deliveryOptions)
    const payment = business.paymentMethods.find((m) => m.type === demo.payment)
    const createdAt = new Date(Date.now() - demo.hoursAgo * 3_600_000)
    const status = demo.path.at(-1) ?? 'nuevo'
    let order
    for (let attempt = 0; !order; attempt++) {
      const code = orderCode(4 + Math.floor(attempt / 3))
      order = await insertOrderUnlessCodeTaken(db, {
        businessId: business.id,
        code,
        tokenHash: hashOrderToken(newOrderToken()),
        status,
        cancelReason: demo.cancelReason ?? null,
        customerName: demo.customer.name,
        customerPhone: demo.customer.phone,
        deliveryMethod: demo.delivery.method,
        deliveryAddress: demo.delivery.address ?? null,
        paymentMethod: demo.payment,
        paymentInstructions: payment?.instructions ?? null,
        notes: demo.notes ?? null,
        ...priced,
        searchText: orderSearchText(code, demo.customer.name, demo.customer.phone),
        createdAt,
        updatedAt: createdAt,
      })
    }
    // The history: one step every 40 minutes after the order; the owner's note with the last.
    const steps: OrderStatus[] = ['nuevo', ...demo.path]
    const at = (i: number) => new Date(createdAt.getTime() + i * 40 * 60_000)
    await db.insert(orderEvents).values(
      steps.map((step, i) => ({
        orderId: order.id,
        status: step,
        reason: step === 'cancelado' ? (demo.cancelReason ?? null) : null,
        note: i === steps.length - 1 && i > 0 ? (demo.note ?? null) : null,
        createdAt: at(i),
      })),
    )
    await db
      .update(orders)
      .set({ updatedAt: at(steps.length - 1) })
      .where(eq(orders.id, order.id))
    count += 1
  }
  return count
}
