/**
 * The sitemap (ARCHITECTURE.md "Routing on one origin"). A page's head, status and redirects are
 * the web app's (apps/web/src/ssr, issue 42 §1), not this module's.
 */
import type { Executor } from '../../db/client.js'
import { listSitemapBusinesses, listSitemapProducts } from './repository.js'
import { PLATFORM_PAGES, SITEMAP_MAX_URLS, renderSitemap } from './sitemap.js'

/** Newest storefronts and products first, within the protocol's 50,000 URLs. */
export async function buildSitemap(db: Executor, publicUrl: string): Promise<string> {
  const room = SITEMAP_MAX_URLS - PLATFORM_PAGES.length
  const businesses = await listSitemapBusinesses(db, Math.floor(room / 2))
  const products = await listSitemapProducts(db, room - businesses.length * 2)
  return renderSitemap(publicUrl, businesses, products)
}
