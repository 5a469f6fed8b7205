/**
 * A storefront page's `<head>` (SPEC §2.5, §2.8; ssr/page-head.ts): title, description,
 * keywords, author, canonical address, Open Graph, the 32×32 favicon, the installable app's links
 * (ADR 026), and what its JSON-LD describes (written by the server alone: ssr/structured-data.ts). The server writes it into the page it sends, so a shared link previews
 * well and search engines index the shop; the browser applies the same head when the visitor
 * moves between pages. Addresses are absolute on `url`'s origin (the platform's public address
 * on the server); the favicon stays a path, fetched from whatever origin the page is at.
 */
import type { Business, Product } from '@vitrina/contracts'
import {
  storefrontPaths,
  PLATFORM_THEME_COLOR,
  storefrontAppColor,
  storefrontAppPaths,
  storefrontIconVersion,
  summarize,
} from '@vitrina/contracts'
import { storefrontShop } from '../../../lib/site'
import type { PageHead, RouteDocument } from '../../../ssr/page-head'

const SITE_NAME = 'Vitrina'

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
  const paths = storefrontAppPaths(storefrontShop(business.identifier))
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
  const canonical =
    url.origin +
    (page === 'home'
      ? storefrontPaths.home(storefrontShop(business.identifier))
      : storefrontPaths.products(storefrontShop(business.identifier)))
  const image = shareImage(business.slides[0]?.image ?? business.logo, url.origin)
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
      structuredData: { type: 'store', business },
    },
  }
}

/** SPEC §2.8: the product page. */
export function productHead(business: Business, product: Product, url: URL): RouteDocument {
  const canonical =
    url.origin + storefrontPaths.product(storefrontShop(business.identifier), product.slug)
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
      structuredData: { type: 'product', business, product },
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
