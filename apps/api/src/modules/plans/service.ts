/**
 * Plans that are paid for, owner side (issue 23 §2). The owner asks for the Pro plan for some
 * months (`POST /businesses/{id}/plan`); the request waits for an operator, who confirms the
 * payment (the plan becomes effective until a date) or rejects it (operator.ts). One pending
 * request per business, enforced by a partial unique index as well as the check here. Each step
 * mails the owner through the outbox, in the transaction of the change.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import {
  AUTH_MESSAGES,
  PLAN_MESSAGES,
  PLANS,
  planAmount,
  type OwnerBusiness,
  type PaymentInstructions,
  type PlanRequestInput,
  type PlanState,
  type Product,
  type ProductStatus,
} from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import {
  PLAN_REQUEST_PENDING_CONSTRAINT,
  planRequests,
  products,
  users,
  type BusinessRow,
  type PlanRequestRow,
} from '../../db/schema/index.js'
import { AppError, isUniqueViolation } from '../../lib/errors.js'
import { enqueueMail } from '../mail/index.js'
import { lockBusiness, toOwnBusiness, updateBusinessRow } from '../businesses/index.js'
import { loadOwnedBusiness } from '../businesses/service.js'
import { OWNER, toProductReply, toProducts } from '../products/index.js'
import { loadOwnedProduct } from '../products/service.js'
import { planRequestMail, type PlanMailOwner } from './mails.js'
import { latestSubscription, toPlanSubscription } from './subscription-state.js'

export interface PlanDeps {
  db: Database
  payments: PaymentInstructions
  supportEmail: string
  /** Wakes the mail sender after a commit that wrote mail. */
  wakeMail: () => void
}

const requestPending = () => new AppError('CONFLICT', PLAN_MESSAGES.requestPending)

// ---------------------------------------------------------------------------------------------
// Plan state

export async function findPendingRequest(
  db: Executor,
  businessId: string,
): Promise<PlanRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(planRequests)
    .where(and(eq(planRequests.businessId, businessId), eq(planRequests.status, 'pending')))
    .limit(1)
  return row
}

/** Every product of the business and how many of them are hidden. */
export async function productUsage(
  db: Executor,
  businessId: string,
): Promise<{ products: number; hidden: number }> {
  const [row] = await db
    .select({
      products: count(),
      hidden: sql<number>`count(*) FILTER (WHERE ${products.status} = 'hidden')`.mapWith(Number),
    })
    .from(products)
    .where(eq(products.businessId, businessId))
  return { products: row?.products ?? 0, hidden: row?.hidden ?? 0 }
}

/**
 * The plan as its owner sees it: pending while a request waits for its payment; expired when a
 * paid period ended and the business fell back to free; active otherwise.
 */
export async function planStateOf(db: Executor, row: BusinessRow): Promise<PlanState> {
  const [pending, usage, subscription] = await Promise.all([
    findPendingRequest(db, row.id),
    productUsage(db, row.id),
    latestSubscription(db, row.id),
  ])
  // Only the end of a paid period leaves a free business with a paid_until.
  const expired = row.effectivePlan === 'free' && row.paidUntil !== null
  return {
    requested: pending ? pending.plan : row.planType,
    effective: row.effectivePlan,
    status: pending ? 'pending_payment' : expired ? 'expired' : 'active',
    ...(row.paidUntil ? { paidUntil: row.paidUntil.toISOString() } : {}),
    usage: { ...usage, limit: PLANS[row.effectivePlan].productLimit },
    ...(pending
      ? {
          pendingRequest: {
            id: pending.id,
            plan: pending.plan,
            months: pending.months,
            amount: { uyu: pending.amountUyu, usd: pending.amountUsd },
            requestedAt: pending.createdAt.toISOString(),
          },
        }
      : {}),
    ...(subscription ? { subscription: toPlanSubscription(subscription) } : {}),
  }
}

/** The owner's reply: the public business and its plan state. */
export async function toOwnerBusiness(db: Executor, row: BusinessRow): Promise<OwnerBusiness> {
  return { ...toOwnBusiness(row), plan: await planStateOf(db, row) }
}

// ---------------------------------------------------------------------------------------------
// Requests

/** Who a plan mail goes to: the owner's account, with the business it is about. */
export async function mailOwnerOf(db: Executor, business: BusinessRow): Promise<PlanMailOwner> {
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, business.userId))
  if (!user) throw new Error(`business ${business.id} has no owner`)
  return {
    userId: business.userId,
    to: user.email,
    name: user.name,
    business: business.name,
    identifier: business.identifier,
  }
}

/**
 * Records a request for the Pro plan inside `tx` (the caller holds the business row locked), and
 * writes the mail with the payment instructions. 409 when one is already pending.
 */
export async function insertPlanRequest(
  tx: Executor,
  deps: Pick<PlanDeps, 'payments' | 'supportEmail'>,
  business: BusinessRow,
  months: number,
): Promise<PlanRequestRow> {
  if (await findPendingRequest(tx, business.id)) throw requestPending()
  const amount = planAmount(months)
  const [request] = await tx
    .insert(planRequests)
    .values({
      businessId: business.id,
      plan: 'pro',
      months,
      amountUyu: amount.uyu,
      amountUsd: amount.usd,
    })
    .returning()
  if (!request) throw new Error('plan_requests insert returned no row')
  await enqueueMail(
    tx,
    planRequestMail(
      await mailOwnerOf(tx, business),
      { months, amount },
      deps.payments,
      deps.supportEmail,
    ),
  )
  return request
}

/** POST /businesses/{id}/plan: the owner (from the token) asks for the Pro plan. */
export async function requestPlan(
  deps: PlanDeps,
  userId: string,
  businessId: string,
  input: { plan: 'pro'; months: number } | PlanRequestInput,
): Promise<OwnerBusiness> {
  await loadOwnedBusiness(deps.db, businessId, userId)
  const months = Number(input.months ?? 1)
  try {
    const row = await deps.db.transaction(async (tx) => {
      const locked = await lockBusiness(tx, businessId)
      if (!locked || locked.userId !== userId)
        throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden)
      await insertPlanRequest(tx, deps, locked, months)
      return updateBusinessRow(tx, businessId, { planType: 'pro' })
    })
    deps.wakeMail()
    return toOwnerBusiness(deps.db, row)
  } catch (error) {
    if (isUniqueViolation(error, PLAN_REQUEST_PENDING_CONSTRAINT)) throw requestPending()
    throw error
  }
}

/** DELETE /businesses/{id}/plan: the owner withdraws a pending request. */
export async function cancelPlanRequest(
  deps: PlanDeps,
  userId: string,
  businessId: string,
): Promise<OwnerBusiness> {
  await loadOwnedBusiness(deps.db, businessId, userId)
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockBusiness(tx, businessId)
    if (!locked || locked.userId !== userId)
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden)
    const cancelled = await tx
      .update(planRequests)
      .set({ status: 'cancelled', decidedAt: sql`now()` })
      .where(and(eq(planRequests.businessId, businessId), eq(planRequests.status, 'pending')))
      .returning({ id: planRequests.id })
    if (cancelled.length === 0) throw new AppError('NOT_FOUND', PLAN_MESSAGES.noPendingRequest)
    return updateBusinessRow(tx, businessId, { planType: locked.effectivePlan })
  })
  return toOwnerBusiness(deps.db, row)
}

// ---------------------------------------------------------------------------------------------
// Product visibility

/** GET /businesses/{id}/products/hidden: the owner's hidden products, newest first. */
export async function listHiddenProducts(
  db: Executor,
  userId: string,
  businessId: string,
): Promise<{ items: Product[] }> {
  await loadOwnedBusiness(db, businessId, userId)
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.status, 'hidden')))
    .orderBy(desc(products.createdAt), desc(products.id))
  return { items: await toProducts(db, rows, OWNER) }
}

/**
 * PATCH /products/{id}/visibility: the owner hides a product or shows a hidden one. Showing is
 * refused while the plan's limit of visible products is reached (the free plan shows 20).
 */
export async function setProductVisibility(
  db: Database,
  userId: string,
  productId: string,
  status: ProductStatus,
): Promise<Product> {
  const current = await loadOwnedProduct(db, productId, userId)
  const row = await db.transaction(async (tx) => {
    // The business row first, as every product write locks it: visibility changes apply in turn.
    const business = await lockBusiness(tx, current.businessId)
    if (!business || business.userId !== userId) {
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden)
    }
    const limit = PLANS[business.effectivePlan].productLimit
    if (status === 'active' && current.status !== 'active' && limit !== null) {
      const [visible] = await tx
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.businessId, business.id), eq(products.status, 'active')))
      if ((visible?.n ?? 0) >= limit) {
        throw new AppError('FORBIDDEN', PLAN_MESSAGES.visibleLimitReached)
      }
    }
    const [updated] = await tx
      .update(products)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(products.id, productId))
      .returning()
    return updated!
  })
  return toProductReply(db, row, OWNER)
}
