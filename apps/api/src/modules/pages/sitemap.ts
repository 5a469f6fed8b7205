/**
 * /sitemap.xml and /robots.txt: search engines find the platform pages, every storefront and
 * every product page (whose <head> the web app's server render fills).
 */
import { STOREFRONT_SEGMENTS, storefrontPaths, type StorefrontShop } from '@vitrina/contracts'
import { escapeXmlText } from '../../lib/xml-text.js'
import type { SitemapBusiness, SitemapProduct } from './repository.js'

/** The sitemap protocol's limit per file; past it a sitemap index would split the list. */
export const SITEMAP_MAX_URLS = 50_000

/** Public platform pages (SPEC §2.1). */
export const PLATFORM_PAGES = [
  '/',
  '/plataforma/negocios',
  '/plataforma/planes',
  '/plataforma/contacto',
]

interface SitemapUrl {
  loc: string
  lastmod?: Date
}

function urlEntry({ loc, lastmod }: SitemapUrl): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
  return `  <url><loc>${escapeXmlText(loc)}</loc>${modified}</url>`
}

/**
 * Whose sitemap: the platform's (`origin` its public URL), or a shop domain's (issue 46 §1:
 * `root` the shop's identifier, `origin` the domain's; its pages at the root).
 */
export interface SitemapSite {
  origin: string
  root?: string
}

export function renderSitemap(
  site: SitemapSite,
  businesses: readonly SitemapBusiness[],
  products: readonly SitemapProduct[],
): string {
  const { origin } = site
  const shop = (identifier: string): StorefrontShop => ({
    identifier,
    root: site.root === identifier,
  })
  const urls: SitemapUrl[] = [
    ...(site.root ? [] : PLATFORM_PAGES.map((page) => ({ loc: `${origin}${page}` }))),
    ...businesses.flatMap((b) => [
      { loc: `${origin}${storefrontPaths.home(shop(b.identifier))}`, lastmod: b.updatedAt },
      { loc: `${origin}${storefrontPaths.products(shop(b.identifier))}`, lastmod: b.updatedAt },
    ]),
    ...products.map((p) => ({
      // Issue 27 §3: a product's address is its slug (its id only redirects there).
      loc: `${origin}${storefrontPaths.product(shop(p.identifier), p.slug)}`,
      lastmod: p.updatedAt,
    })),
  ].slice(0, SITEMAP_MAX_URLS)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(urlEntry),
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * Crawl the public pages; keep out of the owner area, the auth screens and the API. On a shop's
 * domain (issue 46 §1) its storefront is the site: the API and order pages stay out.
 */
export function renderRobots(origin: string, shopDomain = false): string {
  if (shopDomain) {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      `Disallow: /${STOREFRONT_SEGMENTS.order}/`,
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n')
  }
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin/',
    'Disallow: /auth/',
    'Disallow: /api/',
    'Disallow: /plataforma/nuevo',
    'Disallow: /plataforma/dashboard',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
