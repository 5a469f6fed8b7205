/**
 * Issue 40 §5: an identifier a business gives up is held for LIMITS.identifierQuarantineDays.
 * Order links, shared product links and installed storefront apps name a shop by its identifier;
 * freed at once, they led to whoever claimed it next. While held, those addresses answer the
 * storefront's 404 (no business has the identifier) and only the business that moved away from it
 * may take it back; a deleted account's identifiers are held for nobody.
 *
 * Holds are written in the transaction that frees the identifier (the account's deletion, the
 * business's identifier change), so there is no moment at which it is neither taken nor held.
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import { LIMITS } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { releasedIdentifiers } from '../../db/schema/index.js'

/**
 * Whether `identifier` is held against `businessId` — any business, when undefined (a business
 * being created). The business that gave it up is not held out of it.
 */
export async function isIdentifierHeld(
  db: Executor,
  identifier: string,
  businessId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ businessId: releasedIdentifiers.businessId })
    .from(releasedIdentifiers)
    .where(
      and(
        eq(releasedIdentifiers.identifier, identifier),
        gt(releasedIdentifiers.heldUntil, sql`now()`),
      ),
    )
    .limit(1)
  return row !== undefined && (businessId === undefined || row.businessId !== businessId)
}

/**
 * Holds `identifiers` from now for the quarantine: for `businessId` (a business that moved to
 * another identifier may come back) or for nobody (null: its account is being deleted). A hold
 * already there for the same identifier is replaced.
 */
export async function holdIdentifiers(
  db: Executor,
  identifiers: string[],
  businessId: string | null,
): Promise<void> {
  if (identifiers.length === 0) return
  const heldUntil = sql`now() + make_interval(days => ${LIMITS.identifierQuarantineDays})`
  await db
    .insert(releasedIdentifiers)
    .values(identifiers.map((identifier) => ({ identifier, businessId, heldUntil })))
    .onConflictDoUpdate({
      target: releasedIdentifiers.identifier,
      set: {
        businessId: sql`excluded.business_id`,
        releasedAt: sql`now()`,
        heldUntil: sql`excluded.held_until`,
      },
    })
}

/** `identifier` is in use again (by the business that gave it up, or after the hold ran out). */
export async function dropHold(db: Executor, identifier: string): Promise<void> {
  await db.delete(releasedIdentifiers).where(eq(releasedIdentifiers.identifier, identifier))
}
