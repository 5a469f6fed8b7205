/**
 * Issue 46 §3 (docs/decisions/039): the owner's Google Analytics 4 and Meta Pixel ids, and the
 * storefront Content-Security-Policy that allows their scripts' hosts only for a shop with ids.
 */
import { createHash } from 'node:crypto'
import {
  CONSENT_BANNER_SCRIPT,
  IDENTIFIER_PATTERN,
  PIXEL_CSP_SOURCES,
  isReservedIdentifier,
  parseStorefrontPath,
  type ShopPixels,
  type updateShopPixelsSchema,
} from '@vitrina/contracts'
import type { z } from 'zod'
import type { Executor } from '../../db/client.js'
import type { BusinessRow } from '../../db/schema/index.js'
import { loadOwnedBusiness } from '../businesses/service.js'
import { writeShopPixels } from './repository.js'

/** Saves the pair (the route has validated it); the owner comes from the token. */
export async function setShopPixels(
  db: Executor,
  userId: string,
  businessId: string,
  input: z.output<typeof updateShopPixelsSchema>,
): Promise<BusinessRow> {
  await loadOwnedBusiness(db, businessId, userId)
  return writeShopPixels(db, businessId, input)
}

/**
 * The shop identifier a page address names, when it may be a storefront's (a platform page such
 * as /admin or /plataforma is not asked about). On a shop's verified domain (issue 46 §1) the
 * shop is the Host's (`site`: its identifier), its pages at the root.
 */
export function storefrontIdentifierOf(url: string, site?: string | null): string | undefined {
  const page = parseStorefrontPath(url.split('?')[0] ?? '/', site ?? undefined)
  if (!page) return undefined
  const identifier = page.identifier.toLowerCase()
  if (!IDENTIFIER_PATTERN.test(identifier) || isReservedIdentifier(identifier)) return undefined
  return identifier
}

/**
 * The CSP source that allows exactly the consent banner's inline script, which the web build's
 * server render writes into a shop-with-ids' pages (contracts' CONSENT_BANNER_SCRIPT; ADR 039).
 */
export const CONSENT_BANNER_SCRIPT_CSP = `'sha256-${createHash('sha256').update(CONSENT_BANNER_SCRIPT).digest('base64')}'`

/**
 * `csp` with the hosts of the shop's scripts added to script-src and connect-src: GA4's when it
 * has a measurement id, Meta's when it has a pixel id — and, in script-src, the consent banner's
 * inline script by its hash. Other directives stay as they are.
 */
export function cspWithPixels(csp: string, pixels: ShopPixels): string {
  const script: string[] = []
  const connect: string[] = []
  if (pixels.ga4MeasurementId) {
    script.push(...PIXEL_CSP_SOURCES.ga4.script)
    connect.push(...PIXEL_CSP_SOURCES.ga4.connect)
  }
  if (pixels.metaPixelId) {
    script.push(...PIXEL_CSP_SOURCES.meta.script)
    connect.push(...PIXEL_CSP_SOURCES.meta.connect)
  }
  if (script.length === 0) return csp
  script.push(CONSENT_BANNER_SCRIPT_CSP)
  const extra: Record<string, string[]> = { 'script-src': script, 'connect-src': connect }
  return csp
    .split(';')
    .map((directive) => {
      const [name = ''] = directive.trim().split(/\s+/, 1)
      const more = extra[name]
      return more ? `${directive.trim()} ${[...new Set(more)].join(' ')}` : directive.trim()
    })
    .join(';')
}
