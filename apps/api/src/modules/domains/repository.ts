/** The custom_domains table (issue 46 §1, ADR 038). */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { businesses, customDomains, type CustomDomainRow } from '../../db/schema/index.js'

export interface DomainWithShop {
  domain: CustomDomainRow
  identifier: string
  suspended: boolean
}

export async function findDomainOfBusiness(
  db: Executor,
  businessId: string,
): Promise<CustomDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(customDomains)
    .where(eq(customDomains.businessId, businessId))
  return row
}

/** The domain named `hostname` (normalised) and its shop. */
export async function findDomainByHostname(
  db: Executor,
  hostname: string,
): Promise<DomainWithShop | undefined> {
  const [row] = await db
    .select({
      domain: customDomains,
      identifier: businesses.identifier,
      suspendedAt: businesses.suspendedAt,
    })
    .from(customDomains)
    .innerJoin(businesses, eq(businesses.id, customDomains.businessId))
    .where(eq(customDomains.hostname, hostname))
  return row && { domain: row.domain, identifier: row.identifier, suspended: !!row.suspendedAt }
}

/** The shop's verified domain, for its platform address's redirect and its links. */
export async function findVerifiedHostnameOfIdentifier(
  db: Executor,
  identifier: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ hostname: customDomains.hostname })
    .from(customDomains)
    .innerJoin(businesses, eq(businesses.id, customDomains.businessId))
    .where(and(eq(businesses.identifier, identifier), eq(customDomains.status, 'verified')))
  return row?.hostname
}

/** Sets the shop's one domain (a new name starts over: pending, a new token). */
export async function upsertDomain(
  db: Executor,
  businessId: string,
  hostname: string,
  token: string,
): Promise<CustomDomainRow> {
  const [row] = await db
    .insert(customDomains)
    .values({ businessId, hostname, verificationToken: token })
    .onConflictDoUpdate({
      target: customDomains.businessId,
      set: {
        hostname,
        verificationToken: token,
        status: 'pending',
        lastError: null,
        checkedAt: null,
        verifiedAt: null,
        nextCheckAt: sql`now()`,
        createdAt: sql`now()`,
      },
    })
    .returning()
  if (!row) throw new Error('custom_domains upsert returned no row')
  return row
}

export async function deleteDomainOfBusiness(db: Executor, businessId: string): Promise<boolean> {
  const deleted = await db
    .delete(customDomains)
    .where(eq(customDomains.businessId, businessId))
    .returning({ id: customDomains.id })
  return deleted.length > 0
}

/**
 * Claims up to `limit` domains due for a re-check (the mail outbox's way, issue 22 §3): locked
 * with SKIP LOCKED and leased for `leaseS` in one statement, so two processes never check the
 * same domain at once and one that dies mid-check leaves it to be claimed after the lease.
 */
export async function claimDueDomains(
  db: Database,
  options: { limit: number; leaseS: number },
): Promise<CustomDomainRow[]> {
  const due = db
    .select({ id: customDomains.id })
    .from(customDomains)
    .where(lte(customDomains.nextCheckAt, sql`now()`))
    .orderBy(asc(customDomains.nextCheckAt))
    .limit(options.limit)
    .for('update', { skipLocked: true })
  return db
    .update(customDomains)
    .set({ nextCheckAt: sql`now() + make_interval(secs => ${options.leaseS})` })
    .where(inArray(customDomains.id, due))
    .returning()
}

/**
 * Stores a check's outcome for the row as it was checked: a row whose name changed meanwhile
 * (the owner typed another) is left alone.
 */
export async function recordCheck(
  db: Executor,
  checked: CustomDomainRow,
  outcome: {
    status: CustomDomainRow['status']
    lastError: CustomDomainRow['lastError']
    nextCheckInS: number
  },
): Promise<CustomDomainRow | undefined> {
  const [row] = await db
    .update(customDomains)
    .set({
      status: outcome.status,
      lastError: outcome.lastError,
      checkedAt: sql`now()`,
      verifiedAt:
        outcome.status === 'verified'
          ? sql`coalesce(${customDomains.verifiedAt}, now())`
          : sql`null`,
      nextCheckAt: sql`now() + make_interval(secs => ${outcome.nextCheckInS})`,
    })
    .where(
      and(
        eq(customDomains.id, checked.id),
        eq(customDomains.hostname, checked.hostname),
        eq(customDomains.verificationToken, checked.verificationToken),
      ),
    )
    .returning()
  return row
}
