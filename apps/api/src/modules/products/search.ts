/**
 * Product search (SPEC §2.6, §2.7, §5): at least 3 characters; matches name, description, code and
 * tags through the normalised `search_text` column, so case and accents never matter ('cafe' finds
 * 'Café'). Every word of the query must match (AND). A word matches as a substring, or — when it
 * is long enough for one typo not to change its meaning — by pg_trgm word similarity, which
 * forgives one wrong, missing or extra letter ('auriculres' finds 'Auriculares').
 *
 * The search runs inside one business: the business_id index narrows the rows first and the
 * similarity test filters them (docs/decisions/005-products-and-search.md has the measurements).
 */
import { and, sql, type SQL } from 'drizzle-orm'
import { normalizeSearchText } from '@vitrina/contracts'
import { products } from '../../db/schema/index.js'

/** Words shorter than this must match exactly: one letter off in 'pera' is 'perro'. */
export const TYPO_MIN_LENGTH = 6
/** word_similarity() at or above this counts as a match for a long word. */
export const WORD_SIMILARITY_THRESHOLD = 0.5
/** More words than this add cost without narrowing anything a shopper would notice. */
export const MAX_SEARCH_TERMS = 8

/** The distinct normalised words of a query, longest first (the most selective test runs first). */
export function searchTerms(query: string): string[] {
  const words = normalizeSearchText(query).split(' ').filter(Boolean)
  return [...new Set(words)].sort((a, b) => b.length - a.length).slice(0, MAX_SEARCH_TERMS)
}

/** `%word%` for LIKE, with LIKE's own wildcards and escape character taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function termMatches(term: string): SQL {
  const contains = sql`${products.searchText} LIKE ${containsPattern(term)}`
  if (term.length < TYPO_MIN_LENGTH) return contains
  return sql`(${contains} OR word_similarity(${term}, ${products.searchText}) >= ${WORD_SIMILARITY_THRESHOLD})`
}

/** The condition for a search query, or undefined when it has no words. */
export function searchCondition(query: string | undefined): SQL | undefined {
  if (!query) return undefined
  const terms = searchTerms(query)
  if (terms.length === 0) return undefined
  return and(...terms.map(termMatches))
}

/** What the search_text column holds for a product. */
export function productSearchText(product: {
  name: string
  description: string
  code?: string | null | undefined
  tags?: readonly string[] | undefined
}): string {
  return normalizeSearchText(
    [product.name, product.description, product.code ?? '', ...(product.tags ?? [])].join(' '),
  )
}
