/**
 * The operator console (issue 23 §3): businesses (search, detail, suspension), the landing's
 * featured businesses, contact messages and the mail outbox. Every change is written to the audit
 * log by `recordOperatorAction` in the same transaction as the change itself, so a change is never
 * without its entry nor an entry without its change.
 */
import { eq, inArray, isNotNull } from 'drizzle-orm'
import {
  BUSINESS_MESSAGES,
  LIMITS,
  OPERATOR_CONSOLE_MESSAGES as M,
  idSchema,
  type AuditEntry,
  type FeaturedSelection,
  type OperatorAuditList,
  type OperatorAuditListQuery,
  type OperatorBusiness,
  type OperatorBusinessDetail,
  type OperatorBusinessList,
  type OperatorBusinessListQuery,
  type OperatorMail,
  type OperatorMailList,
  type OperatorMailListQuery,
  type OperatorMessage,
  type OperatorMessageList,
  type OperatorMessageListQuery,
} from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import { businesses, type ContactMessageRow, type MailRow } from '../../db/schema/index.js'
import { AppError, validationError } from '../../lib/errors.js'
import { listFeaturedBusinesses, lockBusiness } from '../businesses/index.js'
import { recordOperatorAction } from './audit.js'
import {
  chosenFeaturedOrder,
  clearFeatured,
  findBusinessListings,
  findOwner,
  listAudit,
  listBusinessListings,
  listMail,
  listMessages,
  lockMail,
  lockMessage,
  markMessageRead,
  requeueMail,
  setFeaturedPosition,
  type BusinessListing,
} from './repository.js'

/** The operator doing the action, from the access token. */
export interface Operator {
  id: string
}

const businessNotFound = () => new AppError('NOT_FOUND', BUSINESS_MESSAGES.notFound)
const isId = (id: string) => idSchema.safeParse(id).success
const iso = (date: Date | null) => (date ? date.toISOString() : null)

function toOperatorBusiness({ business, ownerEmail, productCount }: BusinessListing) {
  return {
    _id: business.id,
    name: business.name,
    identifier: business.identifier,
    logo: business.logo ?? null,
    planType: business.planType,
    effectivePlan: business.effectivePlan,
    ownerEmail,
    productCount,
    createdAt: business.createdAt.toISOString(),
    suspendedAt: iso(business.suspendedAt),
    suspensionReason: business.suspensionReason,
    featuredPosition: business.featuredPosition,
  } satisfies OperatorBusiness
}

type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number]

function toAuditEntry({ entry: row, targetName, operatorName }: AuditRow): AuditEntry {
  return {
    id: row.id,
    operatorId: row.operatorId,
    operatorEmail: row.operatorEmail,
    operatorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName,
    reason: row.reason,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

// ---------------------------------------------------------------------------------------------
// Businesses

export async function listOperatorBusinesses(
  db: Executor,
  query: OperatorBusinessListQuery,
): Promise<OperatorBusinessList> {
  const { rows, total } = await listBusinessListings(db, query)
  return {
    items: rows.map(toOperatorBusiness),
    total,
    page: query.page,
    pageSize: query.pageSize,
  }
}

async function loadListing(db: Executor, id: string): Promise<BusinessListing> {
  const [listing] = isId(id) ? await findBusinessListings(db, eq(businesses.id, id)) : []
  if (!listing) throw businessNotFound()
  return listing
}

/** One business: its console fields, its owner and the operators' actions on it, newest first. */
export async function getOperatorBusiness(
  db: Executor,
  id: string,
): Promise<OperatorBusinessDetail> {
  const listing = await loadListing(db, id)
  const [owner, history] = await Promise.all([
    findOwner(db, listing.business.userId),
    listAudit(db, { page: 1, pageSize: 100, targetType: 'business', targetId: id }),
  ])
  if (!owner) throw businessNotFound()
  return {
    business: {
      ...toOperatorBusiness(listing),
      description: listing.business.description,
      phone: listing.business.phone,
      email: listing.business.email,
    },
    owner: { ...owner, createdAt: owner.createdAt.toISOString() },
    history: history.rows.map(toAuditEntry),
  }
}

/**
 * Suspends a storefront with a reason. The caller drops the business's cached reads and pages
 * after the commit (routes.ts).
 */
export async function suspendBusiness(
  db: Database,
  operator: Operator,
  id: string,
  reason: string,
): Promise<OperatorBusinessDetail> {
  if (!isId(id)) throw businessNotFound()
  await db.transaction(async (tx) => {
    const row = await lockBusiness(tx, id)
    if (!row) throw businessNotFound()
    if (row.suspendedAt) throw new AppError('CONFLICT', M.alreadySuspended)
    const [updated] = await tx
      .update(businesses)
      .set({ suspendedAt: new Date(), suspensionReason: reason })
      .where(eq(businesses.id, id))
      .returning()
    await recordOperatorAction(tx, {
      operatorId: operator.id,
      action: 'business.suspend',
      targetType: 'business',
      targetId: id,
      reason,
      before: { suspendedAt: null, suspensionReason: null },
      after: { suspendedAt: iso(updated!.suspendedAt), suspensionReason: reason },
    })
  })
  return getOperatorBusiness(db, id)
}

/** Lifts a suspension: the storefront answers again. */
export async function unsuspendBusiness(
  db: Database,
  operator: Operator,
  id: string,
): Promise<OperatorBusinessDetail> {
  if (!isId(id)) throw businessNotFound()
  await db.transaction(async (tx) => {
    const row = await lockBusiness(tx, id)
    if (!row) throw businessNotFound()
    if (!row.suspendedAt) throw new AppError('CONFLICT', M.notSuspended)
    await tx
      .update(businesses)
      .set({ suspendedAt: null, suspensionReason: null })
      .where(eq(businesses.id, id))
    await recordOperatorAction(tx, {
      operatorId: operator.id,
      action: 'business.unsuspend',
      targetType: 'business',
      targetId: id,
      before: { suspendedAt: iso(row.suspendedAt), suspensionReason: row.suspensionReason },
      after: { suspendedAt: null, suspensionReason: null },
    })
  })
  return getOperatorBusiness(db, id)
}

// ---------------------------------------------------------------------------------------------
// Featured businesses

async function chosenIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(isNotNull(businesses.featuredPosition))
    .orderBy(...chosenFeaturedOrder())
  return rows.map((row) => row.id)
}

/** What the landing shows now, and whether an operator chose it. */
export async function getFeaturedSelection(db: Executor): Promise<FeaturedSelection> {
  const [shown, chosen] = await Promise.all([
    listFeaturedBusinesses(db, LIMITS.featuredBusinesses),
    chosenIds(db),
  ])
  const ids = shown.map((row) => row.id)
  const listings = ids.length > 0 ? await findBusinessListings(db, inArray(businesses.id, ids)) : []
  const byId = new Map(listings.map((listing) => [listing.business.id, listing]))
  return {
    mode: chosen.length > 0 ? 'chosen' : 'automatic',
    items: ids.flatMap((id) => {
      const listing = byId.get(id)
      return listing ? [toOperatorBusiness(listing)] : []
    }),
  }
}

/**
 * Sets the landing's featured businesses in the given order ([] goes back to the automatic
 * rule). Every id must name a business that is not suspended.
 */
export async function setFeatured(
  db: Database,
  operator: Operator,
  businessIds: string[],
): Promise<FeaturedSelection> {
  await db.transaction(async (tx) => {
    if (businessIds.length > 0) {
      const found = await tx
        .select({ id: businesses.id, suspendedAt: businesses.suspendedAt })
        .from(businesses)
        .where(inArray(businesses.id, businessIds))
        .for('update')
      if (found.length !== businessIds.length) {
        throw validationError(M.featuredUnknown, [
          { path: 'businessIds', message: M.featuredUnknown },
        ])
      }
      if (found.some((row) => row.suspendedAt)) {
        throw validationError(M.featuredSuspended, [
          { path: 'businessIds', message: M.featuredSuspended },
        ])
      }
    }
    const before = await chosenIds(tx)
    await clearFeatured(tx)
    for (const [index, id] of businessIds.entries()) {
      await setFeaturedPosition(tx, id, index + 1)
    }
    await recordOperatorAction(tx, {
      operatorId: operator.id,
      action: 'featured.update',
      targetType: 'featured',
      targetId: 'landing',
      before: { businessIds: before },
      after: { businessIds },
    })
  })
  return getFeaturedSelection(db)
}

// ---------------------------------------------------------------------------------------------
// Contact messages

function toOperatorMessage(row: ContactMessageRow): OperatorMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: iso(row.readAt),
  }
}

export async function listOperatorMessages(
  db: Executor,
  query: OperatorMessageListQuery,
): Promise<OperatorMessageList> {
  const { rows, total, unreadCount } = await listMessages(db, query)
  return {
    items: rows.map(toOperatorMessage),
    total,
    unreadCount,
    page: query.page,
    pageSize: query.pageSize,
  }
}

/** Marks a message read (once: marking it again changes nothing and records nothing). */
export async function markRead(
  db: Database,
  operator: Operator,
  id: string,
): Promise<OperatorMessage> {
  if (!isId(id)) throw new AppError('NOT_FOUND', M.messageNotFound)
  return db.transaction(async (tx) => {
    const row = await lockMessage(tx, id)
    if (!row) throw new AppError('NOT_FOUND', M.messageNotFound)
    if (row.readAt) return toOperatorMessage(row)
    const updated = await markMessageRead(tx, id)
    await recordOperatorAction(tx, {
      operatorId: operator.id,
      action: 'message.read',
      targetType: 'message',
      targetId: id,
      before: { readAt: null },
      after: { readAt: iso(updated.readAt) },
    })
    return toOperatorMessage(updated)
  })
}

// ---------------------------------------------------------------------------------------------
// Mail outbox

function mailStatus(row: MailRow): OperatorMail['status'] {
  if (row.sentAt) return 'sent'
  return row.lastError ? 'failed' : 'pending'
}

/** The row as stored: a token link stays `{{token}}` (the console never renders one). */
function toOperatorMail(row: MailRow): OperatorMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    text: row.text,
    status: mailStatus(row),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: iso(row.sentAt),
  }
}

export async function listOperatorMail(
  db: Executor,
  query: OperatorMailListQuery,
): Promise<OperatorMailList> {
  const { rows, total } = await listMail(db, {
    page: query.page,
    pageSize: query.pageSize,
    filter: query.status ?? 'unsent',
  })
  return { items: rows.map(toOperatorMail), total, page: query.page, pageSize: query.pageSize }
}

/**
 * Makes an unsent mail due now with its attempts counted from zero; the caller wakes the sender
 * after the commit. A sent mail is not sent again (409).
 */
export async function retryMail(
  db: Database,
  operator: Operator,
  id: string,
): Promise<OperatorMail> {
  if (!isId(id)) throw new AppError('NOT_FOUND', M.mailNotFound)
  return db.transaction(async (tx) => {
    const row = await lockMail(tx, id)
    if (!row) throw new AppError('NOT_FOUND', M.mailNotFound)
    if (row.sentAt) throw new AppError('CONFLICT', M.mailAlreadySent)
    const updated = await requeueMail(tx, id)
    await recordOperatorAction(tx, {
      operatorId: operator.id,
      action: 'mail.retry',
      targetType: 'mail',
      targetId: id,
      before: { attempts: row.attempts, lastError: row.lastError },
      after: { attempts: updated.attempts, nextAttemptAt: updated.nextAttemptAt.toISOString() },
    })
    return toOperatorMail(updated)
  })
}

// ---------------------------------------------------------------------------------------------
// Audit log

export async function listOperatorAudit(
  db: Executor,
  query: OperatorAuditListQuery,
): Promise<OperatorAuditList> {
  const { rows, total } = await listAudit(db, {
    page: query.page,
    pageSize: query.pageSize,
    ...(query.targetType ? { targetType: query.targetType } : {}),
  })
  return { items: rows.map(toAuditEntry), total, page: query.page, pageSize: query.pageSize }
}
