/** Reads for the sitemap: public pages only, newest first, bounded by the sitemap protocol. */
import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { businesses, products } from '../../db/schema/index.js'

export interface SitemapBusiness {
  identifier: string
  updatedAt: Date
}

export interface SitemapProduct {
  id: string
  identifier: string
  updatedAt: Date
}

export function listSitemapBusinesses(db: Executor, limit: number): Promise<SitemapBusiness[]> {
  return db
    .select({ identifier: businesses.identifier, updatedAt: businesses.updatedAt })
    .from(businesses)
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(limit)
}

export function listSitemapProducts(db: Executor, limit: number): Promise<SitemapProduct[]> {
  return db
    .select({ id: products.id, identifier: businesses.identifier, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(eq(products.status, 'active'))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
}
