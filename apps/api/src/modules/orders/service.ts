/**
 * Orders (issue 24, docs/decisions/024-orders.md): the shopper's order saved before WhatsApp
 * opens, its public page behind a token, and the owner's list, status changes, notes and export.
 */
import {
  AUTH_MESSAGES,
  BUSINESS_MESSAGES,
  DEFAULT_DELIVERY_OPTIONS,
  deliveryChoiceOf,
  idSchema,
  resolveDelivery,
  parcelGrams,
  LIMITS,
  ORDER_MESSAGES,
  VARIANT_MESSAGES,
  hasStockFor,
  isInStock,
  nameWithVariant,
  variantLabel,
  ORDER_STATUS_LABELS,
  canTransition,
  isShopperMailKind,
  shopperMailOn,
  type ShopperMailKind,
  orderWhatsappMessage,
  storefrontPaths,
  whatsappNumber,
  type CreateOrder,
  type CreatedOrder,
  type DeliveryRefusal,
  type ResolvedDelivery,
  type FieldError,
  type OrderCounts,
  type OrderExportQuery,
  type OrderListQuery,
  type OrderListResponse,
  type OwnerOrder,
  type PublicOrder,
  type UpdateOrderInput,
} from '@vitrina/contracts'
import type { z } from 'zod'
import type { updateOrderSchema } from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import {
  businesses,
  type BusinessRow,
  type OrderRow,
  type StockTaken,
  type StoredOrderItem,
} from '../../db/schema/index.js'
import { eq } from 'drizzle-orm'
import { AppError, validationError } from '../../lib/errors.js'
import { findBusinessByUserId } from '../businesses/index.js'
import { businessUnavailable } from '../businesses/service.js'
import { newTokenId } from '../auth/index.js'
import { codeLengthFor, hashOrderToken, orderCode } from './codes.js'
import { orderStepDates } from './timeline.js'
import { ordersCsv } from './csv.js'
import { newOrderMail } from './mail.js'
import { queueShopperMail, type ShopperMailShop } from './shopper-mail.js'
import { toOwnerOrder, toPublicOrder, type OrderBusiness } from './mapper.js'
import { priceLine, priceOrder } from './pricing.js'
import { claimCoupon, orderPromotions, releaseCoupon } from '../promotions/service.js'
import {
  confirmWithStock,
  linesShortOfStock,
  lockOrderProducts,
  outOfStock,
  restoreStock,
} from './stock.js'
import {
  changeOrder,
  changedOrder,
  countOrdersByStatus,
  findOrderContext,
  findOwnerOrder,
  findOrderById,
  findOrderByTokenHash,
  findOrderWithBusiness,
  insertNewOrder,
  listOrders,
  orderSearchText,
  ordersBetween,
} from './repository.js'
import type { StorefrontAddress } from '../domains/index.js'

export interface OrderDeps {
  db: Database
  /** PUBLIC_URL, without a trailing slash: the order page and the owner's admin link. */
  publicUrl: string
  /**
   * Issue 43 (ADR 037): online payments, when the payments module is there. A connected shop
   * takes 'mercadopago' as a payment method even if its list does not name it; the saved order's
   * payment then starts, pending.
   */
  onlinePayments?: OnlinePayments
  /**
   * Issue 46 §1: where the shop's storefront lives (its verified domain's root, else
   * `/{identifier}` on the platform: `app.storefrontAddress`); without it, the platform.
   */
  storefrontAddress?: (identifier: string) => Promise<StorefrontAddress>
  /**
   * Issue 44 §3: the order page's token from its token id (TokenService.deriveOrderToken), so
   * a status mail written later can link to the page; the database keeps the id and the hash.
   */
  deriveOrderToken: (tokenId: string) => string
}

/** What an owner's status change needs to mail the shopper (issue 44 §3). */
export type OrderChangeDeps = Pick<OrderDeps, 'db' | 'publicUrl' | 'storefrontAddress'>

/** Where the shop's storefront lives: its verified domain, else the platform (issue 46 §1). */
export async function storefrontOf(
  deps: Pick<OrderDeps, 'publicUrl' | 'storefrontAddress'>,
  identifier: string,
): Promise<StorefrontAddress> {
  return (
    (await deps.storefrontAddress?.(identifier)) ?? { origin: deps.publicUrl, shop: identifier }
  )
}

/** What a shopper's mail reads of the shop's row. */
export function mailShopOf(
  business: Pick<
    BusinessRow,
    'name' | 'identifier' | 'primaryColor' | 'email' | 'address' | 'shopperMails'
  >,
): ShopperMailShop {
  return {
    name: business.name,
    identifier: business.identifier,
    primaryColor: business.primaryColor,
    email: business.email || null,
    address: business.address,
    shopperMails: business.shopperMails,
  }
}

export interface OnlinePayments {
  accepts(businessId: string): Promise<boolean>
  started(orderId: string): Promise<void>
}

/** Issue 43: a new order's online payment columns before its payment starts. */
const NO_ONLINE_PAYMENT = {
  paymentStatus: null,
  paymentId: null,
  paymentRefunded: 0,
  paymentFlag: null,
  paymentCheckAt: null,
  paymentChecks: 0,
} satisfies Partial<OrderRow>

/** Tries before giving up on a free code (4 chars ×3, 5 ×3, … 8): never reached in practice. */
const CODE_ATTEMPTS = 15

const orderNotFound = () => new AppError('NOT_FOUND', ORDER_MESSAGES.notFound)
const noBusiness = () => new AppError('NOT_FOUND', ORDER_MESSAGES.noBusiness)

export type UpdateOrder = z.infer<typeof updateOrderSchema>
export type { UpdateOrderInput }

// ---------------------------------------------------------------------------------------------
// The shopper's order

interface MergedLine {
  productId: string
  variantId: string | undefined
  quantity: number
  /** The first line of the product in the request (errors name it). */
  index: number
}

/**
 * Lines of the same product (and variant) are merged into one, quantities added: a cart that
 * sends a product twice orders the sum. The sum still has to be at most 99.
 */
function mergeLines(items: CreateOrder['items']): MergedLine[] {
  const merged = new Map<string, MergedLine>()
  const errors: FieldError[] = []
  items.forEach((item, index) => {
    const key = `${item.productId}:${item.variantId ?? ''}`
    const line = merged.get(key)
    if (!line) {
      merged.set(key, {
        productId: item.productId,
        variantId: item.variantId,
        quantity: item.quantity,
        index,
      })
      return
    }
    line.quantity += item.quantity
    if (line.quantity > LIMITS.orderQuantityMax) {
      errors.push({ path: `items.${line.index}.quantity`, message: ORDER_MESSAGES.quantityInvalid })
    }
  })
  if (errors.length) throw validationError(errors[0]!.message, errors)
  return [...merged.values()]
}

function checkDeliveryAndPayment(
  business: Pick<BusinessRow, 'deliveryOptions' | 'paymentMethods'>,
  input: CreateOrder,
  grams: number | undefined,
) {
  const options = business.deliveryOptions ?? DEFAULT_DELIVERY_OPTIONS
  const errors: FieldError[] = []
  // Issue 44: the zone of the shopper's place, the agency or the pickup point, priced here (a
  // zone with weight bands by the parcel's weight, contracts' parcelGrams).
  const delivery = resolveDelivery(options, deliveryChoiceOf(input.delivery), grams)
  if (!delivery.ok) errors.push(deliveryRefusal(delivery.refusal, delivery.message))
  const payment = business.paymentMethods.find((m) => m.type === input.paymentMethod)
  if (!payment) {
    errors.push({ path: 'paymentMethod', message: ORDER_MESSAGES.paymentMethodUnavailable })
  }
  if (errors.length) throw validationError(errors[0]!.message, errors)
  return { delivery: delivery as Extract<ResolvedDelivery, { ok: true }>, payment: payment! }
}

/** A refused delivery choice at the field the shopper fixes it in. */
function deliveryRefusal(refusal: DeliveryRefusal, message: string): FieldError {
  switch (refusal) {
    case 'placeOutside':
    case 'placeRequired':
      return { path: 'delivery.place', message }
    case 'agencyUnknown':
      return { path: 'delivery.agencyId', message }
    case 'pointUnknown':
      return { path: 'delivery.pickupPointId', message }
    default:
      // As before issue 44: the method itself is not offered.
      return { path: 'delivery.method', message: ORDER_MESSAGES.deliveryMethodUnavailable }
  }
}

/**
 * The URL of the shopper's order page (the message's only link). `where`: PUBLIC_URL (the
 * platform address), or the shop's storefront address (issue 46 §1, `app.storefrontAddress`:
 * on its verified domain, `https://{domain}/pedido/…`), which mails and messages should use.
 */
export function orderPageUrl(
  where: string | StorefrontAddress,
  identifier: string,
  code: string,
  token: string,
) {
  const { origin, shop } = typeof where === 'string' ? { origin: where, shop: identifier } : where
  return `${origin}${storefrontPaths.order(shop, code, token)}`
}

/** wa.me link to the business with the order's message. */
export function orderWhatsappUrl(
  business: Pick<BusinessRow, 'whatsapp' | 'phone'>,
  order: PublicOrder,
  pageUrl: string,
): string {
  const digits = (whatsappNumber(business) ?? '').replace(/\D/g, '')
  return `https://wa.me/${digits}?text=${encodeURIComponent(orderWhatsappMessage(order, pageUrl))}`
}

/**
 * POST /api/businesses/{businessId}/orders. Everything is recomputed here from the products; the
 * order, its first history entry and the owner's mail are written in one statement (atomic).
 */
export async function createOrder(
  deps: OrderDeps,
  businessId: string,
  input: CreateOrder,
): Promise<{ reply: CreatedOrder }> {
  // A bot fills the field people never see: refused with a message that tells it nothing.
  if (input.website) throw new AppError('VALIDATION', ORDER_MESSAGES.rejected)
  if (!idSchema.safeParse(businessId).success) {
    throw new AppError('NOT_FOUND', BUSINESS_MESSAGES.notFound)
  }
  const lines = mergeLines(input.items)
  // One statement: the business with its owner's address, the lines' products and variants
  // (both of that business only).
  const found = await findOrderContext(
    deps.db,
    businessId,
    lines.map((line) => line.productId),
    lines.flatMap((line) => (line.variantId ? [line.variantId] : [])),
  )
  if (!found) throw new AppError('NOT_FOUND', BUSINESS_MESSAGES.notFound)
  const { business, products: rows, variants: variantRows } = found
  if (business.suspendedAt) throw businessUnavailable()

  const byId = new Map(rows.map((row) => [row.id, row]))
  const variantsById = new Map(variantRows.map((row) => [row.id, row]))
  const unavailable: FieldError[] = []
  const items: StoredOrderItem[] = []
  for (const line of lines) {
    const product = byId.get(line.productId)
    const refuse = (field: string, message: string) =>
      unavailable.push({ path: `items.${line.index}.${field}`, message })
    if (!product || product.status !== 'active') {
      refuse('productId', ORDER_MESSAGES.productUnavailable(product?.name))
      continue
    }
    // Issue 25: a product with variants is ordered as one of them, at its price; stock is not
    // reserved here (the owner's confirmation takes it), but a sold-out line is refused, and
    // (issue 41 §6) so is a line asking for more units than are left now.
    if (product.options.length === 0) {
      if (line.variantId) refuse('variantId', VARIANT_MESSAGES.orderVariantUnknown(product.name))
      else if (!isInStock(product.trackStock, product.stock)) {
        refuse('productId', VARIANT_MESSAGES.orderSoldOut(product.name))
      } else if (!hasStockFor(product.trackStock, product.stock, line.quantity)) {
        refuse('quantity', ORDER_MESSAGES.stockShort(product.name, product.stock ?? 0))
      } else items.push(priceLine(product, line.quantity))
      continue
    }
    if (!line.variantId) {
      refuse('variantId', VARIANT_MESSAGES.orderVariantRequired(product.name))
      continue
    }
    const variant = variantsById.get(line.variantId)
    if (!variant || variant.productId !== product.id) {
      refuse('variantId', VARIANT_MESSAGES.orderVariantUnknown(product.name))
      continue
    }
    const label = variantLabel(product.options, variant.options)
    if (!isInStock(product.trackStock, variant.stock)) {
      refuse('variantId', VARIANT_MESSAGES.orderSoldOut(nameWithVariant(product.name, label)))
      continue
    }
    if (!hasStockFor(product.trackStock, variant.stock, line.quantity)) {
      const name = nameWithVariant(product.name, label)
      refuse('quantity', ORDER_MESSAGES.stockShort(name, variant.stock ?? 0))
      continue
    }
    items.push(
      priceLine(product, line.quantity, {
        id: variant.id,
        label,
        price: variant.price,
        code: variant.code,
      }),
    )
  }
  if (unavailable.length) throw validationError(unavailable[0]!.message, unavailable)
  // Issue 43: "Pagar con Mercado Pago" when the shop is connected, whatever its list says.
  const online =
    input.paymentMethod === 'mercadopago' &&
    deps.onlinePayments !== undefined &&
    (await deps.onlinePayments.accepts(business.id))
  const { delivery, payment } = checkDeliveryAndPayment(
    online
      ? {
          ...business,
          paymentMethods: [
            ...business.paymentMethods.filter((m) => m.type !== 'mercadopago'),
            { type: 'mercadopago' as const },
          ],
        }
      : business,
    input,
    parcelGrams(
      lines.map((line) => ({
        weightGrams: byId.get(line.productId)?.weightGrams,
        quantity: line.quantity,
      })),
    ),
  )
  // Issue 45: automatic promotions and the coupon typed, by contracts' rule (a code that does not
  // apply is a 400 on 'coupon' with its reason).
  const promo = await orderPromotions(deps.db, {
    businessId: business.id,
    lines: items,
    coupon: input.coupon,
    phone: input.customer.phone,
  })
  const priced = priceOrder(items, delivery.method, delivery.pricing, promo.applied)

  // Issue 44 §3: the token derives from a random id kept on the order (ADR 035), so a status
  // mail can link to the page; only the id and the token's hash are stored.
  const tokenId = newTokenId()
  const token = deps.deriveOrderToken(tokenId)
  const orderBusiness: OrderBusiness = {
    id: business.id,
    name: business.name,
    identifier: business.identifier,
  }
  const tokenHash = hashOrderToken(token)
  const adminUrl = `${deps.publicUrl}/admin/pedidos`
  let saved: OrderRow | undefined
  // One statement per try: the order, its first history entry and the owner's mail, atomically.
  for (let attempt = 0; !saved; attempt++) {
    if (attempt === CODE_ATTEMPTS) throw new Error('no free order code')
    const code = orderCode(codeLengthFor(attempt))
    const row = {
      businessId: business.id,
      code,
      tokenHash,
      tokenId,
      status: 'nuevo' as const,
      cancelReason: null,
      customerName: input.customer.name,
      customerPhone: input.customer.phone,
      customerEmail: input.customer.email ?? null,
      deliveryMethod: input.delivery.method,
      deliveryAddress:
        input.delivery.method === 'delivery' ? (input.delivery.address ?? null) : null,
      deliveryDetail: delivery.detail,
      paymentMethod: payment.type,
      paymentInstructions: payment.instructions ?? null,
      notes: input.notes ?? null,
      items: priced.items,
      subtotals: priced.subtotals,
      deliveryFee: priced.deliveryFee,
      totals: priced.totals,
      searchText: orderSearchText(code, input.customer.name, input.customer.phone),
      couponId: promo.couponId,
      couponCode: promo.couponCode,
      discounts: priced.discounts ?? [],
    }
    const now = new Date()
    const draft: OrderRow = {
      ...row,
      stockTaken: null,
      tracking: null,
      ...NO_ONLINE_PAYMENT,
      id: '',
      createdAt: now,
      updatedAt: now,
    }
    const mail = newOrderMail(
      { to: found.ownerEmail, name: found.ownerName },
      toPublicOrder(draft, orderBusiness),
      adminUrl,
    )
    // Issue 45: the coupon's use is taken in the order's transaction (409 when the last one went
    // to another order meanwhile: the order is not saved).
    const couponId = promo.couponId
    const inserted = couponId
      ? await deps.db.transaction(async (tx) => {
          const order = await insertNewOrder(tx, row, mail)
          if (order) {
            await claimCoupon(tx, couponId, {
              id: order.id,
              businessId: business.id,
              phone: input.customer.phone,
            })
          }
          return order
        })
      : await insertNewOrder(deps.db, row, mail)
    if (inserted)
      saved = {
        ...draft,
        id: inserted.id,
        createdAt: inserted.createdAt,
        updatedAt: inserted.createdAt,
      }
  }
  if (online) {
    await deps.onlinePayments!.started(saved.id)
    saved = { ...saved, paymentStatus: 'pendiente' }
  }
  const order = toPublicOrder(saved, orderBusiness)
  const where = (await deps.storefrontAddress?.(business.identifier)) ?? deps.publicUrl
  const publicUrl = orderPageUrl(where, business.identifier, saved.code, token)
  return {
    reply: {
      ...order,
      token,
      publicUrl,
      whatsappUrl: orderWhatsappUrl(business, order, publicUrl),
    },
  }
}

/**
 * GET /api/orders/{code}?t={token}: the order behind the token, if its code is `code` and its
 * business is not suspended; 404 otherwise, whatever was wrong.
 */
export async function getPublicOrder(
  db: Executor,
  code: string,
  token: string | undefined,
): Promise<PublicOrder> {
  if (!token) throw orderNotFound()
  const found = await findOrderByTokenHash(db, hashOrderToken(token))
  if (!found || found.order.code !== code.toUpperCase() || found.business.suspendedAt) {
    throw orderNotFound()
  }
  // Issue 44 §2: the dates of the shopper's timeline.
  const order = {
    ...toPublicOrder(found.order, found.business),
    steps: await orderStepDates(db, found.order.id),
  }
  // Issue 41 §6: a new order the owner can no longer confirm as sent says so to its shopper.
  if (found.order.status !== 'nuevo') return order
  const short = await linesShortOfStock(db, found.business.id, found.order.items)
  return short.length ? { ...order, stockShort: short } : order
}

/**
 * Issue 43: the order behind the shopper's token, as getPublicOrder finds it (its code, its
 * business not suspended), with its row: the payment starts from the saved order.
 */
export async function findShopperOrder(db: Executor, code: string, token: string | undefined) {
  if (!token) return undefined
  const found = await findOrderByTokenHash(db, hashOrderToken(token))
  if (!found || found.order.code !== code.toUpperCase() || found.business.suspendedAt)
    return undefined
  return found
}

// ---------------------------------------------------------------------------------------------
// The owner's orders

async function ownBusiness(db: Executor, userId: string): Promise<BusinessRow> {
  const business = await findBusinessByUserId(db, userId)
  if (!business) throw noBusiness()
  return business
}

/**
 * The owner's business and its order `id`, with the order's history, in one query: no business
 * 404 (noBusiness), an unknown order 404, another business's 403.
 */
async function ownedOrder(db: Executor, userId: string, id: string) {
  if (!idSchema.safeParse(id).success) {
    await ownBusiness(db, userId)
    throw orderNotFound()
  }
  const found = await findOwnerOrder(db, userId, id)
  if (!found) throw noBusiness()
  const { business, order, history } = found
  if (!order) throw orderNotFound()
  if (order.businessId !== business.id) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden)
  return { business, order, history }
}

const asOrderBusiness = (b: BusinessRow): OrderBusiness => ({
  id: b.id,
  name: b.name,
  identifier: b.identifier,
})

export async function getOwnerOrder(db: Executor, userId: string, id: string): Promise<OwnerOrder> {
  const { business, order, history } = await ownedOrder(db, userId, id)
  return toOwnerOrder(order, asOrderBusiness(business), history)
}

export async function listOwnerOrders(
  db: Executor,
  userId: string,
  query: OrderListQuery,
): Promise<OrderListResponse> {
  // The business, the page, its history and the counts: one statement.
  const found = await listOrders(db, userId, query)
  if (!found) throw noBusiness()
  const { business: owner, rows, total, counts } = found
  return {
    items: rows.map((row) => toOwnerOrder(row.order, owner, row.history)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  }
}

export async function ownerOrderCounts(db: Executor, userId: string): Promise<OrderCounts> {
  const business = await ownBusiness(db, userId)
  return countOrdersByStatus(db, business.id)
}

const transitionRefused = (from: OrderRow['status'], to: OrderRow['status']) =>
  new AppError(
    'CONFLICT',
    ORDER_MESSAGES.transitionRefused(ORDER_STATUS_LABELS[from], ORDER_STATUS_LABELS[to]),
  )

/**
 * PATCH /api/orders/{id}: a new status (by canTransition; cancelling keeps the reason) and/or an
 * internal note, with its history entry, in one transaction. The status changes only if it is
 * still the one read: a concurrent change that got there first makes this one a 409.
 *
 * Round trips (issue 25's budget): the business, the order and its history in one read; then a
 * change without stock is one statement (changeOrder: the row, the history entry and the reply's
 * history). A confirmation is one statement too, its own transaction (confirmWithStock): the
 * products' locks, the lines' stock and the order's change commit together or not at all, and the
 * lock is held for that statement only. A cancellation that gives stock back is a transaction of
 * two. A status read here cannot come back once left (the transitions have no cycle), so the
 * stock_taken read with it is still the row's whenever the change finds the row in that status.
 */
export async function updateOrder(
  deps: OrderChangeDeps,
  userId: string,
  id: string,
  input: UpdateOrder,
): Promise<OwnerOrder> {
  const { db } = deps
  const { business, order: current } = await ownedOrder(db, userId, id)
  const to = input.status
  if (to && !canTransition(current.status, to)) throw transitionRefused(current.status, to)
  // Issue 44 §3: the shopper's mail for the new status, written in the change's transaction (of
  // two concurrent changes only the one that commits has it), when they left an address and the
  // owner did not turn that mail off.
  const mailKind: ShopperMailKind | undefined =
    to &&
    isShopperMailKind(to) &&
    current.customerEmail !== null &&
    shopperMailOn(business.shopperMails, to)
      ? to
      : undefined
  const where = mailKind ? await storefrontOf(deps, business.identifier) : undefined
  const mailShopper = async (tx: Executor, changed: { order: OrderRow }) => {
    if (!mailKind || !where) return
    await queueShopperMail(
      tx,
      mailKind,
      mailShopOf(business),
      {
        order: toPublicOrder(changed.order, asOrderBusiness(business)),
        customerEmail: changed.order.customerEmail,
        tokenId: changed.order.tokenId,
      },
      where,
    )
  }
  const event = {
    ...(to ? { status: to } : {}),
    ...(to && input.reason ? { reason: input.reason } : {}),
    ...(input.note ? { note: input.note } : {}),
  }
  const transition = to
    ? {
        from: current.status,
        to,
        cancelReason: to === 'cancelado' ? (input.reason ?? null) : null,
      }
    : undefined
  // Issue 25: confirming takes the stock of every tracked line (all or nothing: 409 and the
  // status change rolled back); cancelling an order that took some gives it back.
  const takes = to === 'confirmado' && current.stockTaken === null
  const gives = to === 'cancelado' && current.stockTaken !== null
  // Issue 45: a cancelled order gives its coupon's use back, in the change's transaction.
  const releases = to === 'cancelado' && current.couponId !== null
  const inTransaction = gives || releases || mailKind !== undefined
  const write = async (tx: Executor) => {
    if (takes) {
      // One statement, its own transaction: the products' locks, the stock, the order and its
      // history entry.
      const confirm = (executor: Executor) =>
        confirmWithStock(executor, {
          businessId: business.id,
          orderId: current.id,
          from: current.status,
          items: current.items,
          reason: event.reason ?? null,
          note: event.note ?? null,
        })
      // In the shopper mail's transaction (issue 44 §3), in a savepoint undone when nothing was
      // confirmed: a refused statement (a line short after another was taken) aborts the
      // transaction until the savepoint, and the reads below must still run.
      let outcome: Awaited<ReturnType<typeof confirmWithStock>> = {}
      if (inTransaction) {
        const UNDONE = Symbol('undone')
        try {
          await tx.transaction(async (savepoint) => {
            outcome = await confirm(savepoint)
            if (!outcome.row) throw UNDONE
          })
        } catch (error) {
          if (error !== UNDONE) throw error
        }
      } else outcome = await confirm(tx)
      const { row, short } = outcome
      if (row) {
        const confirmed = changedOrder(row, event)
        await mailShopper(tx, confirmed)
        return confirmed
      }
      // A concurrent change of this order that got there first (and took the last units) is
      // the same 409 as ever: the order's status changed, not its stock.
      const now = await findOrderById(tx, current.id)
      if (short && (!now || now.status === current.status)) throw outOfStock(short)
      throw transitionRefused(now?.status ?? current.status, to!)
    }
    let stockTaken: StockTaken[] | null | undefined
    if (gives) {
      await restoreStock(tx, business.id, current.stockTaken!)
      stockTaken = null
    }
    const changed = await changeOrder(tx, {
      id: current.id,
      transition,
      stockTaken,
      ...(input.tracking ? { tracking: input.tracking } : {}),
      event,
    })
    if (!changed) {
      if (!to) throw orderNotFound()
      const now = await findOrderById(tx, current.id)
      throw transitionRefused(now?.status ?? current.status, to)
    }
    if (releases) await releaseCoupon(tx, current.couponId!)
    await mailShopper(tx, changed)
    return changed
  }
  const changed = inTransaction ? await db.transaction(write) : await write(db)
  return toOwnerOrder(changed.order, asOrderBusiness(business), changed.history)
}

/**
 * Issue 43 (ADR 037): a transaction that will confirm a paid order (confirmPaidOrder) after it has
 * changed the order's row calls this first: the order's products are locked before the row, the
 * order the owner's confirmation takes them in, so the two never deadlock. Nothing when the order
 * would not be confirmed.
 */
export async function lockForPaidConfirmation(
  tx: Executor,
  order: Pick<OrderRow, 'businessId' | 'status' | 'items' | 'stockTaken'>,
): Promise<void> {
  if (order.status !== 'nuevo' || order.stockTaken !== null) return
  await lockOrderProducts(tx, order.businessId, order.items)
}

/**
 * Issue 43: an order paid online is confirmed as the owner's confirmation does it (the same
 * statement: stock taken, status and history entry), inside the caller's transaction, in a
 * savepoint so that a line short of stock undoes only the confirmation. 'short': left new (the
 * owner decides); 'skipped': not new any more, or its stock already taken.
 */
export async function confirmPaidOrder(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'businessId' | 'status' | 'items' | 'stockTaken'>,
  note: string,
): Promise<'confirmed' | 'short' | 'skipped'> {
  if (order.status !== 'nuevo' || order.stockTaken !== null) return 'skipped'
  const SHORT = Symbol('short')
  const SKIPPED = Symbol('skipped')
  try {
    return await tx.transaction(async (savepoint) => {
      const { row, short } = await confirmWithStock(savepoint, {
        businessId: order.businessId,
        orderId: order.id,
        from: 'nuevo',
        items: order.items,
        reason: null,
        note,
      })
      if (row) return 'confirmed' as const
      // Rolled back to the savepoint: the statement may have failed (stock taken, the order no
      // longer new — an owner's change since it was read), which aborts the transaction until then.
      throw short ? SHORT : SKIPPED
    })
  } catch (error) {
    if (error === SHORT) return 'short'
    if (error === SKIPPED) return 'skipped'
    throw error
  }
}

/**
 * Issue 43 §3: where the links of a shop's shopper mails go (its storefront), read before the
 * transaction that writes them (`storefrontAddress` may ask the database itself).
 */
export async function storefrontOfBusiness(
  deps: Pick<OrderDeps, 'db' | 'publicUrl' | 'storefrontAddress'>,
  businessId: string,
): Promise<StorefrontAddress | undefined> {
  const [row] = await deps.db
    .select({ identifier: businesses.identifier })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  return row && storefrontOf(deps, row.identifier)
}

/**
 * Issue 43 §3: Mercado Pago approved the order's payment — the shopper's 'pago' mail (the amount,
 * and that the order is confirmed when the approval confirmed it), in the payment's transaction
 * (a duplicated notification moves nothing, so mails nothing). With that mail turned off, an
 * approval that confirmed the order sends the 'confirmado' mail instead, if that one is on.
 */
export async function mailShopperPaid(
  tx: Executor,
  orderId: string,
  where: StorefrontAddress,
  paid: { total: string; confirmed: boolean },
): Promise<boolean> {
  const found = await findOrderWithBusiness(tx, orderId)
  if (!found?.order.customerEmail) return false
  const { order, business } = found
  const kind: ShopperMailKind | undefined = shopperMailOn(business.shopperMails, 'pago')
    ? 'pago'
    : paid.confirmed && shopperMailOn(business.shopperMails, 'confirmado')
      ? 'confirmado'
      : undefined
  if (!kind) return false
  return queueShopperMail(
    tx,
    kind,
    mailShopOf(business),
    {
      order: toPublicOrder(order, asOrderBusiness(business)),
      customerEmail: order.customerEmail,
      tokenId: order.tokenId,
    },
    where,
    { paid },
  )
}

export async function exportOwnerOrders(
  db: Executor,
  userId: string,
  query: OrderExportQuery,
): Promise<{ csv: string; filename: string }> {
  const business = await ownBusiness(db, userId)
  const rows = await ordersBetween(db, business.id, query.from, query.to, business.timeZone)
  return {
    csv: ordersCsv(rows, business.timeZone),
    filename: `pedidos-${query.from}-${query.to}.csv`,
  }
}
