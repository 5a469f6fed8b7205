/**
 * Product search (SPEC §2.6, §2.7, §5; issue 22 §4). Case and accents never matter: products
 * store `search_text` (normalizeSearchText of name, description, code and tags) and the database
 * derives its words (`search_words`, migration 0008); a query is normalised and split the same way.
 *
 * Every word of the query must match (AND). A query word stands for the business's own words
 * (the `product_words` lexicon, kept by a trigger) that are:
 *
 * - the word itself, or words it begins ('taza' → 'tazas', 'caf-12' → 'caf-123'), from 3 letters;
 * - for words of 5+ letters without digits, words one typo away: one letter wrong, missing, extra
 *   or two neighbours swapped ('iphnoe', 'ipone', 'auriculres', 'notebok'). Product codes and
 *   numbers ('caf-123', '15') match only as written or as a prefix — never by similarity;
 * - for words of 4 letters without digits, only two neighbours swapped ('cfae' → 'cafe', issue
 *   41): the three swapped spellings are looked up as written (index point reads, no range), and
 *   no other typo is forgiven ('pera' is one letter from 'pena', another word).
 *
 * Products are then matched through a GIN index on business-scoped word keys, and better matches
 * come first: a word found as written before one found as a prefix, before a typo
 * (docs/decisions/005-products-and-search.md, "Search at scale").
 */
import { sql, type SQL } from 'drizzle-orm'
import { normalizeSearchText } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'

/** Words shorter than this must match exactly: one letter off in 'pera' is 'perro'. */
export const TYPO_MIN_LENGTH = 5
/** Words shorter than this match only as written (a 2-letter prefix finds half the catalogue). */
export const PREFIX_MIN_LENGTH = 3
/** More words than this add cost without narrowing anything a shopper would notice. */
export const MAX_SEARCH_TERMS = 8
/**
 * Lexicon words one query word may stand for, the most common first: a short prefix of a
 * catalogue of codes ('caf-1') would otherwise expand to thousands.
 */
export const MAX_EXPANSIONS = 100
/** A search statement running longer than this is cancelled (503), whatever the query. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 1_000
/** Searches per client address (`request.ip`) and minute; a plain list is not limited. */
export const SEARCH_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const

/** Sentence punctuation trimmed from both ends of a word (migration 0008 trims the same set). */
const TRIMMED = new Set([...'.,;:!?¡¿()[]{}"\'«»“”‘’…*'])

function trimWord(word: string): string {
  const chars = [...word]
  let start = 0
  let end = chars.length
  while (start < end && TRIMMED.has(chars[start]!)) start++
  while (end > start && TRIMMED.has(chars[end - 1]!)) end--
  return chars.slice(start, end).join('')
}

/** The distinct words of an already normalised text, as `vitrina_search_words()` splits it. */
export function searchWords(normalized: string): string[] {
  const words = normalized.split(' ').map(trimWord).filter(Boolean)
  return [...new Set(words)]
}

/** The distinct words of a query, longest first (the most selective first), at most 8. */
export function searchTerms(query: string): string[] {
  return searchWords(normalizeSearchText(query))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .slice(0, MAX_SEARCH_TERMS)
}

const length = (word: string) => [...word].length

/** Typos are forgiven in words of 5+ letters that are not codes or numbers. */
export function typoTolerant(term: string): boolean {
  return length(term) >= TYPO_MIN_LENGTH && !/\d/.test(term)
}

/** Issue 41: the shortest words whose swapped neighbours are forgiven ('cfae' → 'cafe'). */
export const SWAP_MIN_LENGTH = 4

/** Words of 4 letters (below the typo length) that are not codes: swaps only. */
export function swapTolerant(term: string): boolean {
  const n = length(term)
  return n >= SWAP_MIN_LENGTH && n < TYPO_MIN_LENGTH && !/\d/.test(term)
}

/** The distinct spellings with two neighbouring characters exchanged ('cfae' → 'fcae', 'cafe', 'cfea'). */
export function adjacentSwaps(term: string): string[] {
  const chars = [...term]
  const swaps = new Set<string>()
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] === chars[i + 1]) continue
    const swapped = [...chars]
    swapped[i] = chars[i + 1]!
    swapped[i + 1] = chars[i]!
    swaps.add(swapped.join(''))
  }
  return [...swaps]
}

/**
 * At most one edit apart: one character substituted, inserted or deleted, or two neighbours
 * swapped (optimal string alignment distance ≤ 1).
 */
export function withinOneEdit(a: string, b: string): boolean {
  const x = [...a]
  const y = [...b]
  if (Math.abs(x.length - y.length) > 1) return false
  let i = 0
  while (i < x.length && i < y.length && x[i] === y[i]) i++
  if (i === x.length && i === y.length) return true
  const rest = (p: number, q: number) => x.slice(p).join('') === y.slice(q).join('')
  if (x.length === y.length) {
    return rest(i + 1, i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2, i + 2))
  }
  return x.length > y.length ? rest(i + 1, i) : rest(i, i + 1)
}

/**
 * Where the typo candidates of a term are looked up: one typo leaves either the first `prefix`
 * characters or the last `suffix` ones untouched (a swap touches two neighbours), so candidates
 * share one or the other and are one character longer or shorter at most.
 */
export function typoProbe(term: string): { prefix: string; suffix: string; length: number } {
  const chars = [...term]
  const p = Math.floor((chars.length - 1) / 2)
  const s = chars.length - p - 1
  return {
    prefix: chars.slice(0, p).join(''),
    suffix: chars.slice(chars.length - s).join(''),
    length: chars.length,
  }
}

/** Above every character: `word >= p AND word < p || TOP` is "starts with p" in C collation. */
const TOP = '\u{10FFFF}'
const reverse = (text: string) => [...text].reverse().join('')

/** What one query word stands for in a business's lexicon. */
export interface TermExpansion {
  term: string
  exact: string[]
  prefix: string[]
  typo: string[]
}

export const expansionWords = (e: TermExpansion) => [...e.exact, ...e.prefix, ...e.typo]

/** A PostgreSQL text[] literal (sent as one text parameter: the same on node-postgres and PGlite). */
export function textArray(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`
}

function candidatesOf(businessId: string, term: string, index: number): SQL[] {
  const selects: SQL[] = []
  if (length(term) < PREFIX_MIN_LENGTH) {
    selects.push(sql`SELECT ${index}::int AS term, word FROM product_words
      WHERE business_id = ${businessId} AND word = ${term}`)
  } else {
    // The word itself first, then its completions by how many products hold them.
    selects.push(sql`(SELECT ${index}::int AS term, word FROM product_words
      WHERE business_id = ${businessId} AND word >= ${term} AND word < ${term + TOP}
      ORDER BY word = ${term} DESC, products DESC, word LIMIT ${MAX_EXPANSIONS})`)
  }
  if (swapTolerant(term)) {
    selects.push(sql`SELECT ${index}::int AS term, word FROM product_words
      WHERE business_id = ${businessId} AND word = ANY(${textArray(adjacentSwaps(term))}::text[])`)
  }
  if (typoTolerant(term)) {
    const probe = typoProbe(term)
    const min = probe.length - 1
    const max = probe.length + 1
    const suffix = reverse(probe.suffix)
    selects.push(sql`SELECT ${index}::int AS term, word FROM product_words
      WHERE business_id = ${businessId} AND word >= ${probe.prefix} AND word < ${probe.prefix + TOP}
        AND char_length(word) BETWEEN ${min} AND ${max}`)
    selects.push(sql`SELECT ${index}::int AS term, word FROM product_words
      WHERE business_id = ${businessId} AND reverse(word) >= ${suffix}
        AND reverse(word) < ${suffix + TOP} AND char_length(word) BETWEEN ${min} AND ${max}`)
  }
  return selects
}

/**
 * Expands every query word through the business's lexicon in one statement (index range reads on
 * `product_words`), then keeps the typo candidates that really are one edit away.
 */
export async function expandTerms(
  db: Executor,
  businessId: string,
  terms: readonly string[],
): Promise<TermExpansion[]> {
  const selects = terms.flatMap((term, i) => candidatesOf(businessId, term, i))
  const result = await db.execute(sql.join(selects, sql` UNION ALL `))
  const rows = (result as unknown as { rows: { term: number; word: string }[] }).rows
  const expansions = terms.map((term) => ({
    term,
    exact: [] as string[],
    prefix: [] as string[],
    typo: [] as string[],
  }))
  const seen = terms.map(() => new Set<string>())
  for (const { term: index, word } of rows) {
    const e = expansions[index]!
    if (seen[index]!.has(word)) continue
    seen[index]!.add(word)
    if (word === e.term) e.exact.push(word)
    else if (length(e.term) >= PREFIX_MIN_LENGTH && word.startsWith(e.term)) {
      if (e.prefix.length < MAX_EXPANSIONS) e.prefix.push(word)
    } else if (
      (typoTolerant(e.term) && withinOneEdit(e.term, word)) ||
      (swapTolerant(e.term) && adjacentSwaps(e.term).includes(word))
    ) {
      if (e.typo.length < MAX_EXPANSIONS) e.typo.push(word)
    }
  }
  return expansions
}

/** The GIN keys of a business's words (`vitrina_search_keys()` in migration 0008). */
export function searchKeys(businessId: string, words: readonly string[]): string[] {
  return words.map((word) => `${businessId} ${word}`)
}

/**
 * What the search_text column holds for a product. Issue 25: its option values too, so 'azul'
 * finds the sweater that comes in blue.
 */
export function productSearchText(product: {
  name: string
  description: string
  code?: string | null | undefined
  tags?: readonly string[] | undefined
  options?: readonly { values: readonly string[] }[] | undefined
}): string {
  return normalizeSearchText(
    [
      product.name,
      product.description,
      product.code ?? '',
      ...(product.tags ?? []),
      ...(product.options ?? []).flatMap((option) => option.values),
    ].join(' '),
  )
}
