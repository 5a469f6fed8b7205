/**
 * Reads for the sitemap: public pages only (no suspended business, issue 23 §3), newest first,
 * bounded by the sitemap protocol.
 */
import { and, desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { businesses, products } from '../../db/schema/index.js'
import { isListed } from '../businesses/index.js'

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

export function listSitemapBusinesses(db: Executor, limit: number): Promise<SitemapBusiness[]> {
  return db
    .select({ identifier: businesses.identifier, updatedAt: businesses.updatedAt })
    .from(businesses)
    .where(isListed)
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(limit)
}

export function listSitemapProducts(db: Executor, limit: number): Promise<SitemapProduct[]> {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      identifier: businesses.identifier,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(businesses, and(eq(businesses.id, products.businessId), isListed))
    .where(eq(products.status, 'active'))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
}
