/**
 * Issue 27 §3: a product's readable address, `/{identifier}/productos/{slug}` (ADR 030).
 *
 * The rule, written once here and once in SQL (`vitrina_product_slug_base`, migration 0016),
 * which makes the slug of every product whoever writes it; test/product-slugs.test.ts in the API
 * checks that the two agree on tricky names:
 *
 * 1. compatibility decomposition (NFKD: 'á' → 'a' + accent, 'ﬁ' → 'fi', '²' → '2'), then the
 *    combining accents U+0300–U+036F removed ('ñ' → 'n');
 * 2. a few letters without a decomposition spelled out ('ß' → 'ss', 'æ' → 'ae', 'œ' → 'oe',
 *    'ø' → 'o', 'ł' → 'l', 'đ' → 'd');
 * 3. A–Z lower-cased; every run of anything but a–z and 0–9 becomes one '-', none at either end;
 * 4. at most 80 characters (cut, then a trailing '-' dropped);
 * 5. nothing left (only symbols or emoji): 'producto'; the shape of an id (a UUID):
 *    '-producto' appended, so an address never reads as a product id (old id addresses redirect).
 *
 * Unique within the business: a taken slug gets '-2', '-3'… (cut so the whole fits in 80).
 */
import { PRODUCT_SLUG_MESSAGES } from './messages.public.js'

export const PRODUCT_SLUG_MAX = 80
export const PRODUCT_SLUG_FALLBACK = 'producto'

/** Lower-case words of a–z and 0–9 joined by single '-'. */
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a path segment has the shape of a product id (a UUID) rather than a slug. */
export function isIdShaped(segment: string): boolean {
  return ID_SHAPE.test(segment)
}

const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
}

/** The slug a product named `name` gets when it is free in its business. */
export function productSlug(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßẞæÆœŒøØłŁđĐ]/g, (c) => SPELLED_OUT[c]!)
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  const cut = folded.slice(0, PRODUCT_SLUG_MAX).replace(/-+$/, '')
  if (cut === '') return PRODUCT_SLUG_FALLBACK
  return isIdShaped(cut) ? `${cut}-${PRODUCT_SLUG_FALLBACK}` : cut
}

/** The n-th candidate for a taken slug (n ≥ 2): 'cafe-2', cut so the whole fits in 80. */
export function numberedSlug(base: string, n: number): string {
  const suffix = `-${n}`
  return `${base.slice(0, PRODUCT_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`
}

/** The Spanish message for a slug the owner typed that breaks the rule, else undefined. */
export function productSlugIssue(slug: string): string | undefined {
  if (slug === '') return PRODUCT_SLUG_MESSAGES.required
  if (slug.length > PRODUCT_SLUG_MAX) return PRODUCT_SLUG_MESSAGES.tooLong
  if (!PRODUCT_SLUG_PATTERN.test(slug)) return PRODUCT_SLUG_MESSAGES.invalid
  if (isIdShaped(slug)) return PRODUCT_SLUG_MESSAGES.idShaped
  return undefined
}
