/**
 * A storefront page's `<head>` (SPEC §2.5, §2.8; ssr/page-head.ts): title, description,
 * keywords, author, canonical address, Open Graph, the 32×32 favicon, the installable app's links
 * (ADR 026) and JSON-LD. The server writes it into the page it sends, so a shared link previews
 * well and search engines index the shop; the browser applies the same head when the visitor
 * moves between pages. Addresses are absolute on `url`'s origin (the platform's public address
 * on the server); the favicon stays a path, fetched from whatever origin the page is at.
 */
import type { Business, Product } from '@vitrina/contracts'
import {
  nameWithVariant,
  PLATFORM_THEME_COLOR,
  storefrontAppColor,
  storefrontAppPaths,
  storefrontIconVersion,
  summarize,
  variantLabel,
} from '@vitrina/contracts'
import type { PageHead, RouteDocument } from '../../../ssr/page-head'

const SITE_NAME = 'Vitrina'
const IN_STOCK = 'https://schema.org/InStock'
const OUT_OF_STOCK = 'https://schema.org/OutOfStock'

/** An http(s) URL made absolute on `origin`; anything else is dropped. */
export function absoluteUrl(url: string | undefined, origin: string): string | undefined {
  if (!url) return undefined
  try {
    const resolved = new URL(url, `${origin}/`)
    return resolved.protocol === 'https:' || resolved.protocol === 'http:'
      ? resolved.toString()
      : undefined
  } catch {
    return undefined
  }
}

/** SPEC §3: '$' means Uruguayan pesos and 'US$' dollars; ISO codes as they are. */
export function currencyCode(symbol: string): string | undefined {
  const normalized = symbol.trim().toUpperCase()
  if (normalized === '$' || normalized === '$U' || normalized === 'UYU') return 'UYU'
  if (normalized === 'US$' || normalized === 'U$S' || normalized === 'USD') return 'USD'
  return undefined
}

type ImageLike = { url: string; width?: number | null; height?: number | null }

function shareImage(image: ImageLike | null | undefined, origin: string): PageHead['image'] {
  const url = absoluteUrl(image?.url, origin)
  if (!image || !url) return undefined
  return {
    url,
    ...(image.width ? { width: image.width } : {}),
    ...(image.height ? { height: image.height } : {}),
  }
}

/** What every page of the shop shares: author, favicon, the bar's colour, the app's links. */
function shopParts(business: Business) {
  const paths = storefrontAppPaths(business.identifier)
  return {
    author: business.name,
    favicon: business.logo ? (business.logo.favicon ?? business.logo.url) : undefined,
    themeColor: storefrontAppColor(business.bgColor),
    app: {
      manifest: paths.manifest,
      touchIcon: paths.icon(storefrontIconVersion(business), 'apple-180'),
    },
  }
}

/** SPEC §2.5: the home (`/{identifier}`) or its list; the share image is the first cover, else the logo. */
export function storefrontHead(
  business: Business,
  url: URL,
  page: 'home' | 'products',
): RouteDocument {
  const home = `${url.origin}/${business.identifier}`
  const canonical = page === 'home' ? home : `${home}/productos`
  const image = shareImage(business.slides[0]?.image ?? business.logo, url.origin)
  const logo = absoluteUrl(business.logo?.url, url.origin)
  return {
    businessId: business._id,
    head: {
      ...shopParts(business),
      title: page === 'home' ? `${business.name} | ${SITE_NAME}` : `Productos | ${business.name}`,
      description: summarize(business.description),
      keywords: business.categories.map((category) => category.name),
      robots: 'index,follow',
      canonical,
      ogType: 'website',
      image,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Store',
        name: business.name,
        description: business.description,
        url: home,
        ...(logo ? { logo } : {}),
        ...(image ? { image: image.url } : {}),
        ...(business.phone ? { telephone: business.phone } : {}),
        ...(business.email ? { email: business.email } : {}),
        ...(business.address ? { address: business.address } : {}),
      },
    },
  }
}

/** SPEC §2.8: the product page, with one Offer per variant (issue 25) in its ISO currency. */
export function productHead(business: Business, product: Product, url: URL): RouteDocument {
  const canonical = `${url.origin}/${business.identifier}/productos/${product.slug}`
  const images = [product.image, ...product.images]
    .map((image) => absoluteUrl(image.url, url.origin))
    .filter((address): address is string => address !== undefined)
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
    businessId: business._id,
    head: {
      ...shopParts(business),
      title: `${product.name} | ${business.name}`,
      description: summarize(product.description),
      keywords: [product.category, product.subCategory ?? '', ...product.tags].filter(Boolean),
      robots: 'index,follow',
      canonical,
      ogType: 'product',
      image: shareImage(product.image, url.origin),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: product.description,
        url: canonical,
        image: images,
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
      },
    },
  }
}

/** A page of the shop for one visitor (an order's): its title, never indexed. */
export function privateShopHead(business: Business, title: string): PageHead {
  return { ...shopParts(business), title, robots: 'noindex' }
}

/**
 * A page that is not there (an unknown or suspended shop, a missing product or order): 404, not
 * indexed. `business`: the shop's bar colour and app links when the shop itself is there.
 */
export function missingHead(title: string, business?: Business): RouteDocument {
  return {
    status: 404,
    head: {
      ...(business ? shopParts(business) : { themeColor: PLATFORM_THEME_COLOR }),
      title: `${title} | ${SITE_NAME}`,
      robots: 'noindex',
    },
  }
}
