/**
 * The sitemap (ARCHITECTURE.md "Routing on one origin"). A page's head, status and redirects are
 * the web app's (apps/web/src/ssr, issue 42 §1), not this module's.
 */
import type { Executor } from '../../db/client.js'
import { listSitemapBusinesses, listSitemapProducts } from './repository.js'
import { PLATFORM_PAGES, SITEMAP_MAX_URLS, renderSitemap, type SitemapSite } from './sitemap.js'

/**
 * Newest storefronts and products first, within the protocol's 50,000 URLs: on the platform its
 * pages and the shops without a verified domain; on a shop's domain (issue 46 §1) that shop's
 * pages alone, at the domain's root.
 */
export async function buildSitemap(db: Executor, site: SitemapSite): Promise<string> {
  const scope = site.root ? { identifier: site.root } : ({ platform: true } as const)
  const room = SITEMAP_MAX_URLS - (site.root ? 0 : PLATFORM_PAGES.length)
  const businesses = await listSitemapBusinesses(db, Math.floor(room / 2), scope)
  const products = await listSitemapProducts(db, room - businesses.length * 2, scope)
  return renderSitemap(site, businesses, products)
}
