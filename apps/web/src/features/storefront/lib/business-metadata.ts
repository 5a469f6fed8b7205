import type { Business, Product } from '@vitrina/contracts'
import { currencySymbol, discountedPrice, formatPrice } from '@vitrina/contracts'
import type { DocumentMetadata } from './document-metadata'

const SITE_NAME = 'Vitrina'
const DESCRIPTION_MAX = 160

/** One line of at most 160 characters, cut at a word (as the server's share tags are). */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** SPEC §2.5, §9: the 32×32 favicon made from the logo, or the logo itself when there is none. */
export function businessFavicon(business: Pick<Business, 'logo'>): string | undefined {
  return business.logo ? (business.logo.favicon ?? business.logo.url) : undefined
}

/** SPEC §2.5: the storefront's metadata, from the business. */
export function businessMetadata(business: Business, title?: string): DocumentMetadata {
  return {
    title: title ? `${title} | ${business.name}` : `${business.name} | ${SITE_NAME}`,
    description: summarize(business.description),
    keywords: business.categories.map((category) => category.name),
    author: business.name,
    robots: 'index,follow',
    ogType: 'website',
    image: business.slides[0]?.image.url ?? business.logo?.url,
    favicon: businessFavicon(business),
  }
}

/** SPEC §2.8: the product page's metadata. */
export function productMetadata(business: Business, product: Product): DocumentMetadata {
  const price = formatPrice(
    discountedPrice(product.price, product.discount),
    currencySymbol(product.currency),
  )
  return {
    title: `${product.name} | ${business.name}`,
    description: summarize(`${product.description} — ${price}`),
    keywords: [product.category, product.subCategory ?? '', ...product.tags].filter(Boolean),
    author: business.name,
    robots: 'index,follow',
    ogType: 'product',
    image: product.image.url,
    favicon: businessFavicon(business),
  }
}
