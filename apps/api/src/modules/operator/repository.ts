/** Database reads and writes of the operator console (issue 23 §3). */
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { normalizeSearchText, type OperatorBusinessListQuery } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import {
  businesses,
  contactMessages,
  mailOutbox,
  operatorAuditLog,
  productCounts,
  users,
  type BusinessRow,
} from '../../db/schema/index.js'

/** `%`, `_` and `\` match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** A business with what the console shows beside it. */
export interface BusinessListing {
  business: BusinessRow
  ownerEmail: string
  productCount: number
}

const listingColumns = {
  business: businesses,
  ownerEmail: users.email,
  productCount: sql<number>`coalesce(${productCounts.products}, 0)::int`,
}

function businessFilter(query: Pick<OperatorBusinessListQuery, 'search' | 'plan' | 'state'>) {
  const conditions: (SQL | undefined)[] = []
  if (query.search) {
    const text = `%${escapeLike(query.search.toLowerCase())}%`
    const words = `%${escapeLike(normalizeSearchText(query.search))}%`
    conditions.push(
      or(
        like(businesses.searchText, words),
        like(businesses.identifier, text),
        ilike(users.email, text),
      ),
    )
  }
  if (query.plan) conditions.push(eq(businesses.effectivePlan, query.plan))
  if (query.state === 'suspended') conditions.push(isNotNull(businesses.suspendedAt))
  if (query.state === 'active') conditions.push(isNull(businesses.suspendedAt))
  return and(...conditions)
}

/** Newest first, one page, with the total for the same filter. */
export async function listBusinessListings(
  db: Executor,
  query: OperatorBusinessListQuery,
): Promise<{ rows: BusinessListing[]; total: number }> {
  const where = businessFilter(query)
  const [rows, [totals]] = await Promise.all([
    db
      .select(listingColumns)
      .from(businesses)
      .innerJoin(users, eq(users.id, businesses.userId))
      .leftJoin(productCounts, eq(productCounts.businessId, businesses.id))
      .where(where)
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(businesses)
      .innerJoin(users, eq(users.id, businesses.userId))
      .where(where),
  ])
  return { rows, total: totals?.total ?? 0 }
}

/** The businesses with the given ids (any order). */
export async function findBusinessListings(
  db: Executor,
  where: SQL | undefined,
  order: SQL[] = [desc(businesses.createdAt)],
): Promise<BusinessListing[]> {
  return db
    .select(listingColumns)
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .leftJoin(productCounts, eq(productCounts.businessId, businesses.id))
    .where(where)
    .orderBy(...order)
}

export async function findOwner(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isActive: users.isActive,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row
}

/** The chosen featured businesses in order (suspended ones included: the console shows them). */
export function chosenFeaturedOrder(): SQL[] {
  return [asc(businesses.featuredPosition)]
}

export async function clearFeatured(db: Executor): Promise<void> {
  await db
    .update(businesses)
    .set({ featuredPosition: null })
    .where(isNotNull(businesses.featuredPosition))
}

export async function setFeaturedPosition(db: Executor, id: string, position: number) {
  await db.update(businesses).set({ featuredPosition: position }).where(eq(businesses.id, id))
}

// ---------------------------------------------------------------------------------------------
// Audit log

export async function listAudit(
  db: Executor,
  options: { page: number; pageSize: number; targetType?: string; targetId?: string },
) {
  const where = and(
    options.targetType ? eq(operatorAuditLog.targetType, options.targetType) : undefined,
    options.targetId ? eq(operatorAuditLog.targetId, options.targetId) : undefined,
  )
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        entry: operatorAuditLog,
        // Issue 41: names, not ids — the business an entry is about, the operator who acted.
        targetName: businesses.name,
        operatorName: users.name,
      })
      .from(operatorAuditLog)
      .leftJoin(
        businesses,
        and(
          eq(operatorAuditLog.targetType, 'business'),
          eq(operatorAuditLog.targetId, sql`${businesses.id}::text`),
        ),
      )
      .leftJoin(users, eq(users.id, operatorAuditLog.operatorId))
      .where(where)
      .orderBy(desc(operatorAuditLog.createdAt), desc(operatorAuditLog.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(operatorAuditLog).where(where),
  ])
  return { rows, total: totals?.total ?? 0 }
}

// ---------------------------------------------------------------------------------------------
// Contact messages

export async function listMessages(
  db: Executor,
  options: { page: number; pageSize: number; unread?: boolean | undefined },
) {
  const where = options.unread ? isNull(contactMessages.readAt) : undefined
  const [rows, [totals], [unread]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(contactMessages).where(where),
    db.select({ total: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ])
  return { rows, total: totals?.total ?? 0, unreadCount: unread?.total ?? 0 }
}

export async function lockMessage(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for('update')
  return row
}

export async function markMessageRead(db: Executor, id: string) {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: sql`now()` })
    .where(eq(contactMessages.id, id))
    .returning()
  return row!
}

// ---------------------------------------------------------------------------------------------
// Mail outbox

export type MailFilter = 'pending' | 'failed' | 'sent' | 'unsent'

function mailCondition(filter: MailFilter): SQL | undefined {
  switch (filter) {
    case 'sent':
      return isNotNull(mailOutbox.sentAt)
    case 'pending':
      return and(isNull(mailOutbox.sentAt), isNull(mailOutbox.lastError))
    case 'failed':
      return and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.lastError))
    case 'unsent':
      return isNull(mailOutbox.sentAt)
  }
}

export async function listMail(
  db: Executor,
  options: { page: number; pageSize: number; filter: MailFilter },
) {
  const where = mailCondition(options.filter)
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ])
  return { rows, total: totals?.total ?? 0 }
}

export async function lockMail(db: Executor, id: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update')
  return row
}

/** Due now, with its attempts counted from zero and its age from now. */
export async function requeueMail(db: Executor, id: string) {
  const [row] = await db
    .update(mailOutbox)
    .set({ attempts: 0, nextAttemptAt: sql`now()`, retriedAt: sql`now()` })
    .where(eq(mailOutbox.id, id))
    .returning()
  return row!
}
