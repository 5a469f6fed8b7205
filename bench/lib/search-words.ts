/**
 * The distinct searches and list pages of the uncached headline scenarios (issue 22 §4): what many
 * shoppers ask at once, each URL different, so no cache can answer and every request reaches the
 * database. Built from the generated catalogue's own vocabulary, deterministic for a seed:
 *
 * - words as written, with and without accents, and two-word queries;
 * - one typo in words of 5+ letters (a swapped, missing or wrong letter), as shoppers type them;
 * - product codes (`CAF-123`), whole and as a prefix (`caf-12`);
 * - words no product has (an absent word must cost as little as a found one).
 */
import { normalizeSearchText, SORT_VALUES } from '@vitrina/contracts'
import { pick, prng } from './random.js'
import { ARCHETYPES, PRODUCT_PHRASES } from './vocabulary.js'

function wordsOf(text: string): string[] {
  return text
    .split(/[\s.,:;()]+/)
    .map((w) => w.trim())
    .filter((w) => w.length >= 3 && !/\d/.test(w))
}

/** Every word a generated product of these archetypes can contain (names, qualifiers, tags, phrases). */
export function catalogueWords(archetypes = ARCHETYPES): string[] {
  const words = new Set<string>()
  for (const a of archetypes) {
    for (const f of a.families) for (const n of f.nouns) wordsOf(n).forEach((w) => words.add(w))
    for (const q of a.qualifiers) wordsOf(q).forEach((w) => words.add(w))
    for (const t of a.tags) wordsOf(t).forEach((w) => words.add(w))
  }
  for (const p of PRODUCT_PHRASES) wordsOf(p).forEach((w) => words.add(w))
  return [...words].sort()
}

/** One typo: swap two neighbours, drop one letter or change one. */
function typo(word: string, random: () => number): string {
  const chars = [...word]
  const i = 1 + Math.floor(random() * (chars.length - 2))
  const kind = random()
  if (kind < 0.4) [chars[i], chars[i + 1]] = [chars[i + 1]!, chars[i]!]
  else if (kind < 0.7) chars.splice(i, 1)
  else chars[i] = chars[i] === 'x' ? 'z' : 'x'
  return chars.join('')
}

/** Words that read like Spanish but that no generated product has. */
function absentWord(random: () => number): string {
  const syllables = ['bra', 'que', 'zon', 'tri', 'lum', 'fen', 'gor', 'pal', 'vix', 'dru']
  return Array.from({ length: 3 }, () => pick(random, syllables)).join('')
}

/**
 * `count` distinct search texts: the words of the café (the sample business of every catalogue),
 * or of every archetype when the searches are spread over many businesses.
 */
export function searchTexts(count = 500, everyArchetype = false, seed = 22_4): string[] {
  const random = prng(seed)
  const words = catalogueWords(everyArchetype ? ARCHETYPES : ARCHETYPES.slice(0, 1))
  const long = words.filter((w) => normalizeSearchText(w).length >= 5)
  const out = new Set<string>()
  const add = (text: string) => {
    if (text.trim().length >= 3 && out.size < count) out.add(text)
  }
  for (const w of words) add(w)
  for (const w of words) add(normalizeSearchText(w))
  let guard = 0
  while (out.size < count && guard++ < 100_000) {
    const r = random()
    if (r < 0.3) add(typo(normalizeSearchText(pick(random, long)), random))
    else if (r < 0.45) add(`CAF-${1 + Math.floor(random() * 9_999)}`)
    else if (r < 0.5) add(`caf-${1 + Math.floor(random() * 99)}`)
    else if (r < 0.7) add(absentWord(random))
    else if (r < 0.85) add(`${pick(random, words)} ${pick(random, words)}`)
    else add(`${typo(normalizeSearchText(pick(random, long)), random)} ${pick(random, words)}`)
  }
  return [...out]
}

/** `count` distinct list pages: every sort × pages spread over the whole list. */
export function listPages(productCount: number, count = 200, pageSize = 12): string[] {
  const pages = Math.max(1, Math.ceil(productCount / pageSize))
  const perSort = Math.ceil(count / SORT_VALUES.length)
  const out: string[] = []
  for (let k = 0; k < perSort; k++) {
    const page = 1 + Math.floor((k * (pages - 1)) / Math.max(1, perSort - 1))
    for (const sort of SORT_VALUES) {
      if (out.length < count) out.push(`sort=${sort}&page=${page}`)
    }
  }
  return [...new Set(out)]
}
