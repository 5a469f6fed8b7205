/**
 * A shop's product feeds (issue 46 §2). The business is read as its storefront reads it: an
 * unknown one is 404 'Negocio no encontrado', a suspended one 404 'Negocio no disponible'
 * (businesses/service). Hidden products are left out by the repository; a sold-out product or
 * variant stays, 'out of stock' — as the storefront lists it, 'Agotado' (docs/product.md).
 */
import { FEED_MAX_PRODUCTS, type FeedService } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { getBusinessByIdentifier } from '../businesses/service.js'
import { renderGoogleFeed } from './google.js'
import { planFeedItems, type FeedShop } from './items.js'
import { renderMetaFeed } from './meta.js'
import { listFeedProducts, listFeedVariants } from './repository.js'

export interface Feed {
  /** The business whose writes make this feed stale (the read cache's tag). */
  businessId: string
  body: string
  contentType: string
}

const CONTENT_TYPES: Record<FeedService, string> = {
  google: 'application/xml; charset=utf-8',
  meta: 'text/csv; charset=utf-8',
}

export async function buildFeed(
  db: Executor,
  publicUrl: string,
  identifier: string,
  service: FeedService,
  address?: FeedShop['address'],
): Promise<Feed> {
  const business = await getBusinessByIdentifier(db, identifier)
  const [products, variants] = await Promise.all([
    listFeedProducts(db, business._id, FEED_MAX_PRODUCTS),
    listFeedVariants(db, business._id),
  ])
  const shop = {
    identifier: business.identifier,
    name: business.name,
    description: business.description,
    ...(address ? { address } : {}),
  }
  const items = planFeedItems(publicUrl, shop, products, variants)
  return {
    businessId: business._id,
    body:
      service === 'google' ? renderGoogleFeed(publicUrl, shop, items) : renderMetaFeed(shop, items),
    contentType: CONTENT_TYPES[service],
  }
}
