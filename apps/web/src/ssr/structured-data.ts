/**
 * The JSON-LD of a shared page (SPEC §2.5, §2.8): what a route's head says the page is about (a
 * store, a product), written by the server alone (ssr/document.ts) — the browser's head updater
 * has no use for it, so this code never reaches a visitor's first load. Addresses are absolute
 * on the page's origin; one Offer per variant (issue 25) in the product's ISO currency.
 */
import { nameWithVariant, storefrontPaths, variantLabel } from '@vitrina/contracts'
import { absoluteUrl } from '../features/storefront/lib/storefront-head'
import { storefrontShop } from '../lib/site'
import type { StructuredData } from './page-head'

const IN_STOCK = 'https://schema.org/InStock'
const OUT_OF_STOCK = 'https://schema.org/OutOfStock'

/** SPEC §3: '$' means Uruguayan pesos and 'US$' dollars; ISO codes as they are. */
export function currencyCode(symbol: string): string | undefined {
  const normalized = symbol.trim().toUpperCase()
  if (normalized === '$' || normalized === '$U' || normalized === 'UYU') return 'UYU'
  if (normalized === 'US$' || normalized === 'U$S' || normalized === 'USD') return 'USD'
  return undefined
}

export function structuredData(data: StructuredData, origin: string): Record<string, unknown> {
  const { business } = data
  const home = origin + storefrontPaths.home(storefrontShop(business.identifier))
  if (data.type === 'store') {
    const logo = absoluteUrl(business.logo?.url, origin)
    const image = absoluteUrl((business.slides[0]?.image ?? business.logo)?.url, origin)
    return {
      '@context': 'https://schema.org',
      '@type': 'Store',
      name: business.name,
      description: business.description,
      url: home,
      ...(logo ? { logo } : {}),
      ...(image ? { image } : {}),
      ...(business.phone ? { telephone: business.phone } : {}),
      ...(business.email ? { email: business.email } : {}),
      ...(business.address ? { address: business.address } : {}),
    }
  }
  const { product } = data
  const canonical =
    origin + storefrontPaths.product(storefrontShop(business.identifier), product.slug)
  const priceCurrency = currencyCode(product.currency)
  const offer = (price: number, available: boolean) => ({
    '@type': 'Offer',
    url: canonical,
    price: price.toFixed(2),
    ...(priceCurrency ? { priceCurrency } : {}),
    availability: available ? IN_STOCK : OUT_OF_STOCK,
    seller: { '@type': 'Organization', name: business.name },
  })
  const variants = product.variants ?? []
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    url: canonical,
    image: [product.image, ...product.images]
      .map((image) => absoluteUrl(image.url, origin))
      .filter((address): address is string => address !== undefined),
    category: product.subCategory
      ? `${product.category} > ${product.subCategory}`
      : product.category,
    ...(product.code ? { sku: product.code } : {}),
    brand: { '@type': 'Brand', name: business.name },
    offers:
      variants.length === 0
        ? offer(product.finalPrice, product.available ?? true)
        : variants.map((variant) => ({
            ...offer(variant.finalPrice, variant.available),
            name: nameWithVariant(
              product.name,
              variantLabel(product.options ?? [], variant.options),
            ),
            ...(variant.code ? { sku: variant.code } : {}),
          })),
  }
}
