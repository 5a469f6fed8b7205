/** Database access for businesses. Every function takes an Executor (the db or a transaction). */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { normalizeSearchText, type PlanType } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { preparedQuery } from '../../db/prepared.js'
import { adjacentSwaps, swapTolerant, typoTolerant } from '../products/index.js'
import {
  businesses,
  productCounts,
  type BusinessRow,
  type NewBusinessRow,
} from '../../db/schema/index.js'

/** `%`, `_` and `\` are LIKE wildcards; a visitor's search text matches them literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

const searchWordsOf = (search: string | undefined) =>
  normalizeSearchText(search ?? '')
    .split(' ')
    .filter(Boolean)

/**
 * Issue 41: the LIKE patterns that find a word one typo away inside the normalised name +
 * description, by the product search's rule (modules/products/search.ts): in words of 5+ letters
 * without digits one letter missing, extra, wrong or two neighbours swapped; in words of 4 only a
 * swap. `_` stands for the letter that differs; the visitor's own characters stay literal. Edits at
 * either end need no pattern of their own: a substring with the end letter dropped covers them.
 */
export function directoryTypoPatterns(word: string): string[] {
  const chars = [...word]
  const n = chars.length
  const literal = (part: string[]) => part.map(escapeLike).join('')
  const patterns = new Set<string>()
  if (typoTolerant(word)) {
    for (let i = 0; i < n; i++) {
      patterns.add(literal([...chars.slice(0, i), ...chars.slice(i + 1)])) // missing
      if (i > 0 && i < n - 1) {
        patterns.add(`${literal(chars.slice(0, i))}_${literal(chars.slice(i + 1))}`) // wrong
      }
      if (i > 0) patterns.add(`${literal(chars.slice(0, i))}_${literal(chars.slice(i))}`) // extra
    }
  }
  if (typoTolerant(word) || swapTolerant(word)) {
    for (const swapped of adjacentSwaps(word)) patterns.add(literal([...swapped]))
  }
  patterns.delete(literal(chars))
  return [...patterns].map((pattern) => `%${pattern}%`)
}

const containsWord = (word: string) => like(businesses.searchText, `%${escapeLike(word)}%`)

/**
 * Every word must appear in the normalised name + description (accent- and case-insensitive), as
 * written or one typo away (issue 41). The GIN trigram index on `search_text` serves each LIKE.
 */
export function searchCondition(search: string | undefined): SQL | undefined {
  const words = searchWordsOf(search)
  if (words.length === 0) return undefined
  return and(
    ...words.map((word) =>
      or(
        containsWord(word),
        ...directoryTypoPatterns(word).map((pattern) => like(businesses.searchText, pattern)),
      ),
    ),
  )
}

/** 0 when every word appears as written, else 1: such businesses are listed first. */
function typoRank(search: string | undefined): SQL | undefined {
  const words = searchWordsOf(search)
  if (words.length === 0) return undefined
  return sql`CASE WHEN ${and(...words.map(containsWord))} THEN 0 ELSE 1 END`
}

export function searchTextOf(business: { name: string; description: string }): string {
  return normalizeSearchText(`${business.name} ${business.description}`)
}

export async function findBusinessById(db: Executor, id: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id)).limit(1)
  return row
}

/** Reads the row and locks it until the transaction ends, so concurrent edits apply in turn. */
export async function lockBusiness(db: Executor, id: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id)).for('update')
  return row
}

/** Every storefront page's first read (issue 42 §4): built once, a named statement. */
const businessByIdentifier = preparedQuery((db: Executor) =>
  db
    .select()
    .from(businesses)
    .where(eq(businesses.identifier, sql.placeholder('identifier')))
    .limit(1)
    .prepare('business_by_identifier'),
)

export async function findBusinessByIdentifier(
  db: Executor,
  identifier: string,
): Promise<BusinessRow | undefined> {
  const [row] = await businessByIdentifier(db).execute({ identifier })
  return row
}

export async function findBusinessByUserId(
  db: Executor,
  userId: string,
): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.userId, userId)).limit(1)
  return row
}

export async function isIdentifierTaken(db: Executor, identifier: string): Promise<boolean> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.identifier, identifier))
    .limit(1)
  return row !== undefined
}

export interface ListOptions {
  page: number
  pageSize: number
  search?: string | undefined
}

/** Only businesses no operator has suspended are public (issue 23 §3). */
export const isListed = isNull(businesses.suspendedAt)

/**
 * The directory: newest first (id breaks ties) — when searching, those matching every word as
 * written before typo matches — one page, and the total for the same filter. Suspended businesses
 * are left out.
 */
export async function listBusinesses(
  db: Executor,
  { page, pageSize, search }: ListOptions,
): Promise<{ rows: BusinessRow[]; total: number }> {
  const where = and(isListed, searchCondition(search))
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(businesses)
      .where(where)
      .orderBy(
        ...[typoRank(search)].filter((order) => order !== undefined),
        desc(businesses.createdAt),
        desc(businesses.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(businesses).where(where),
  ])
  return { rows, total: totals?.total ?? 0 }
}

export async function insertBusiness(db: Executor, row: NewBusinessRow): Promise<BusinessRow> {
  const [created] = await db.insert(businesses).values(row).returning()
  if (!created) throw new Error('insert into businesses returned no row')
  return created
}

export async function updateBusinessRow(
  db: Executor,
  id: string,
  patch: Partial<NewBusinessRow>,
): Promise<BusinessRow> {
  const [updated] = await db
    .update(businesses)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(businesses.id, id))
    .returning()
  if (!updated) throw new Error(`business ${id} vanished during its update`)
  return updated
}

/**
 * The operator's path to a business's effective plan (issue 22): no route calls it. Returns the
 * row after the change, or undefined for an unknown identifier.
 */
export async function setEffectivePlan(
  db: Executor,
  identifier: string,
  plan: PlanType,
): Promise<BusinessRow | undefined> {
  const [row] = await db
    .update(businesses)
    .set({ effectivePlan: plan, updatedAt: sql`now()` })
    .where(eq(businesses.identifier, identifier))
    .returning()
  return row
}

/** Who owns a business and whether it is suspended: what a public read must know about it. */
export interface BusinessAccess {
  userId: string
  suspendedAt: Date | null
  /** Issue 27 §2: the storefront's default order. */
  productOrder: 'newest' | 'manual'
}

export async function findBusinessAccess(
  db: Executor,
  id: string,
): Promise<BusinessAccess | undefined> {
  const [row] = await db
    .select({
      userId: businesses.userId,
      suspendedAt: businesses.suspendedAt,
      productOrder: businesses.productOrder,
    })
    .from(businesses)
    .where(eq(businesses.id, id))
    .limit(1)
  return row
}

/**
 * The landing's 'Negocios destacados' (issue 23 §3): the operator's choice in its order; with no
 * choice, the newest businesses that have a logo and at least one product. Never a suspended one.
 */
export async function listFeaturedBusinesses(db: Executor, limit: number): Promise<BusinessRow[]> {
  const chosen = await db
    .select()
    .from(businesses)
    .where(and(isListed, isNotNull(businesses.featuredPosition)))
    .orderBy(asc(businesses.featuredPosition))
    .limit(limit)
  if (chosen.length > 0) return chosen
  return listAutomaticFeatured(db, limit)
}

/**
 * The automatic rule: a logo and at least one product on the storefront (a hidden one is not:
 * issue 25), newest first. product_counts (all products, kept by triggers) rules most businesses
 * out cheaply; the rest need one active product, found by the per-business index.
 */
export async function listAutomaticFeatured(db: Executor, limit: number): Promise<BusinessRow[]> {
  const rows = await db
    .select({ business: businesses })
    .from(businesses)
    .innerJoin(productCounts, eq(productCounts.businessId, businesses.id))
    .where(
      and(
        isListed,
        isNotNull(businesses.logo),
        gt(productCounts.products, 0),
        sql`EXISTS (SELECT 1 FROM products p WHERE p.business_id = ${businesses.id} AND p.status = 'active')`,
      ),
    )
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(limit)
  return rows.map((row) => row.business)
}

/**
 * Issue 25: businesses without a rate of their own follow the platform's default
 * (DEFAULT_EXCHANGE_RATE): when it changed since their products were priced, their price_rate
 * moves to it and the trigger of migration 0015 reprices their products. A no-op otherwise (a
 * scan of businesses, not of products). Returns how many businesses moved.
 */
export async function followDefaultRate(db: Executor, rate: number): Promise<number> {
  const moved = await db
    .update(businesses)
    .set({ priceRate: rate })
    .where(and(isNull(businesses.exchangeRate), sql`${businesses.priceRate} <> ${rate}`))
    .returning({ id: businesses.id })
  return moved.length
}
