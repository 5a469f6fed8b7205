/**
 * /sitemap.xml and /robots.txt: search engines find the platform pages, every storefront and
 * every product page (whose <head> the web app's server render fills).
 */
import { storefrontPaths } from '@vitrina/contracts'
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

export function renderSitemap(
  publicUrl: string,
  businesses: readonly SitemapBusiness[],
  products: readonly SitemapProduct[],
): string {
  const urls: SitemapUrl[] = [
    ...PLATFORM_PAGES.map((page) => ({ loc: `${publicUrl}${page}` })),
    ...businesses.flatMap((b) => [
      { loc: `${publicUrl}${storefrontPaths.home(b.identifier)}`, lastmod: b.updatedAt },
      { loc: `${publicUrl}${storefrontPaths.products(b.identifier)}`, lastmod: b.updatedAt },
    ]),
    ...products.map((p) => ({
      // Issue 27 §3: a product's address is its slug (its id only redirects there).
      loc: `${publicUrl}${storefrontPaths.product(p.identifier, p.slug)}`,
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

/** Crawl the public pages; keep out of the owner area, the auth screens and the API. */
export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin/',
    'Disallow: /auth/',
    'Disallow: /api/',
    'Disallow: /plataforma/nuevo',
    'Disallow: /plataforma/dashboard',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
