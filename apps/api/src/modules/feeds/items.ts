/**
 * A shop's catalogue as feed items, before either service's format (issue 46 §2): one item per
 * variant (sharing the product's id as their group) or per product without variants, each with
 * absolute links, its images (the variant's own first), its price and sale price in cents, and
 * whether it can be ordered. Pure: the service reads the rows, google.ts and meta.ts write them.
 */
import {
  discountedCents,
  feedAttributeOf,
  feedItemId,
  isInStock,
  nameWithVariant,
  storefrontPaths,
  toCents,
  variantLabel,
  type CurrencyCode,
  type FeedVariantAttribute,
  type ImageAsset,
  type StorefrontShop,
} from '@vitrina/contracts'
import type { FeedProductRow, FeedVariantRow } from './repository.js'

export interface FeedItem {
  id: string
  /** The product's id for a variant (its 'item_group_id'); null for a product without any. */
  groupId: string | null
  title: string
  description: string
  link: string
  /** Absolute http(s) addresses, the item's main image first. */
  imageLinks: string[]
  isInStock: boolean
  priceCents: number
  /** The discounted price when the product has a discount. */
  saleCents: number | null
  currency: CurrencyCode
  attributes: Partial<Record<FeedVariantAttribute, string>>
  /** 'Tejidos > Ponchos': the shop's own category path. */
  productType: string
}

export interface FeedShop {
  identifier: string
  name: string
  description: string
  /**
   * Issue 46 §1: where its pages are — the root of its verified domain (`app.storefrontAddress`);
   * absent, under `/{identifier}` on the platform's public URL.
   */
  address?: { origin: string; shop: StorefrontShop }
}

/** A product's page (issue 27 §3: by its slug), absolute: on the shop's domain when it has one. */
export function productLink(
  publicUrl: string,
  identifier: string,
  slug: string,
  address?: FeedShop['address'],
): string {
  const { origin, shop } = address ?? { origin: publicUrl, shop: identifier }
  return `${origin}${storefrontPaths.product(shop, slug)}`
}

export function storefrontLink(
  publicUrl: string,
  identifier: string,
  address?: FeedShop['address'],
): string {
  const { origin, shop } = address ?? { origin: publicUrl, shop: identifier }
  return `${origin}${storefrontPaths.home(shop)}`
}

/** The widest stored variant of an image ('…-1280.webp 1280w' in its srcset), else its url. */
function largestUrl(image: ImageAsset): string {
  let best = { url: image.url, width: 0 }
  for (const candidate of image.srcset?.split(',') ?? []) {
    const [url, descriptor] = candidate.trim().split(/\s+/)
    const width = Number(descriptor?.replace(/w$/, ''))
    if (url && Number.isFinite(width) && width > best.width) best = { url, width }
  }
  return best.url
}

/** An http(s) address made absolute on the platform's public URL, or undefined. */
function absoluteLink(url: string, publicUrl: string): string | undefined {
  try {
    const resolved = new URL(url, `${publicUrl}/`)
    return resolved.protocol === 'https:' || resolved.protocol === 'http:'
      ? resolved.href
      : undefined
  } catch {
    return undefined
  }
}

/** The product's images as absolute links, `first` (a variant's own image) in front. */
function imageLinksOf(product: FeedProductRow, publicUrl: string, first: number | null): string[] {
  const all = [product.image, ...product.images]
  const ordered =
    first !== null && first > 0 && first < all.length
      ? [all[first]!, ...all.filter((_, index) => index !== first)]
      : all
  const links = ordered
    .map((image) => absoluteLink(largestUrl(image), publicUrl))
    .filter((link): link is string => link !== undefined)
  return [...new Set(links)]
}

/** Plain text on one line (titles, attributes). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

export function planFeedItems(
  publicUrl: string,
  shop: FeedShop,
  products: readonly FeedProductRow[],
  variants: readonly FeedVariantRow[],
): FeedItem[] {
  const variantsOf = new Map<string, FeedVariantRow[]>()
  for (const variant of variants) {
    const list = variantsOf.get(variant.productId)
    if (list) list.push(variant)
    else variantsOf.set(variant.productId, [variant])
  }
  const items: FeedItem[] = []
  for (const product of products) {
    const base = {
      description: product.description.trim() || oneLine(product.name),
      link: productLink(publicUrl, shop.identifier, product.slug, shop.address),
      currency: product.currency,
      productType: [product.category, product.subCategory].filter(Boolean).join(' > '),
    }
    const priced = (price: number) => {
      const priceCents = toCents(price)
      const saleCents = product.discount > 0 ? discountedCents(price, product.discount) : null
      return { priceCents, saleCents }
    }
    const own = variantsOf.get(product.id) ?? []
    if (own.length === 0) {
      const imageLinks = imageLinksOf(product, publicUrl, null)
      if (imageLinks.length === 0) continue
      items.push({
        ...base,
        id: feedItemId(product.id),
        groupId: null,
        title: oneLine(product.name),
        imageLinks,
        isInStock: isInStock(product.trackStock, product.stock),
        ...priced(product.price),
        attributes: {},
      })
      continue
    }
    for (const variant of own) {
      const imageLinks = imageLinksOf(product, publicUrl, variant.imageIndex)
      if (imageLinks.length === 0) continue
      const attributes: FeedItem['attributes'] = {}
      for (const option of product.options) {
        const attribute = feedAttributeOf(option.name)
        const value = variant.options[option.name]
        if (attribute && value && attributes[attribute] === undefined) {
          attributes[attribute] = oneLine(value)
        }
      }
      items.push({
        ...base,
        id: feedItemId(product.id, variant.id),
        groupId: product.id,
        title: oneLine(
          nameWithVariant(product.name, variantLabel(product.options, variant.options)),
        ),
        imageLinks,
        isInStock: isInStock(product.trackStock, variant.stock),
        ...priced(variant.price ?? product.price),
        attributes,
      })
    }
  }
  return items
}

/**
 * At most `max` characters (code points, as both services count them): a longer text is cut at
 * its last space in the second half, with '…'.
 */
export function clip(text: string, max: number): string {
  const chars = [...text]
  if (chars.length <= max) return text
  const cut = chars.slice(0, max - 1).join('')
  const space = cut.lastIndexOf(' ')
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
