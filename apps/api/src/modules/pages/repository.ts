/**
 * Reads for the sitemap: public pages only (no suspended business, issue 23 §3), newest first,
 * bounded by the sitemap protocol.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { businesses, customDomains, products } from '../../db/schema/index.js'
import { isListed } from '../businesses/index.js'

/**
 * Issue 46 §1: which shops a sitemap lists — the platform's, those without a verified domain
 * (the others' platform addresses answer 301 to it); a domain's, its own shop alone.
 */
export type SitemapScope = { platform: true } | { identifier: string }

function inScope(scope: SitemapScope): SQL {
  if ('identifier' in scope) return eq(businesses.identifier, scope.identifier)
  return sql`not exists (select 1 from ${customDomains} where ${customDomains.businessId} = ${businesses.id} and ${customDomains.status} = 'verified')`
}

export interface SitemapBusiness {
  identifier: string
  updatedAt: Date
}

export interface SitemapProduct {
  id: string
  /** Issue 27 §3: its address. */
  slug: string
  identifier: string
  updatedAt: Date
}

export function listSitemapBusinesses(
  db: Executor,
  limit: number,
  scope: SitemapScope = { platform: true },
): Promise<SitemapBusiness[]> {
  return db
    .select({ identifier: businesses.identifier, updatedAt: businesses.updatedAt })
    .from(businesses)
    .where(and(isListed, inScope(scope)))
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(limit)
}

export function listSitemapProducts(
  db: Executor,
  limit: number,
  scope: SitemapScope = { platform: true },
): Promise<SitemapProduct[]> {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      identifier: businesses.identifier,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(businesses, and(eq(businesses.id, products.businessId), isListed, inScope(scope)))
    .where(eq(products.status, 'active'))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
}
