/**
 * Issue 46 §3 (ADR 039): the consent banner of a shop with a GA4 or Meta Pixel id, written by the
 * server after the page (outside the app's root: the page hydrates without it) and hidden, with
 * the inline script that shows it before the first paint when this browser has not answered for
 * the shop (contracts' CONSENT_BANNER_SCRIPT). Painted with the page, the banner's text is never
 * a late Largest Contentful Paint, and as a fixed box it moves nothing; the consent chunk takes it
 * over when it arrives (lib/pixels/consent.ts).
 */
import { renderToString } from 'react-dom/server'
import {
  CONSENT_BANNER_ID_PREFIX,
  CONSENT_BANNER_SCRIPT,
  pixelConsentCookie,
  type Business,
} from '@vitrina/contracts'
import { ConsentBanner, servicesOf } from '../lib/pixels/consent-banner'
import { escapeHtml } from './document'

/** The banner and its script for the shop, or '' when it has no ids. */
export function consentBannerHtml(business: Pick<Business, '_id' | 'name' | 'pixels'>): string {
  const pixels = business.pixels
  if (!pixels?.ga4MeasurementId && !pixels?.metaPixelId) return ''
  const banner = renderToString(
    <ConsentBanner
      shop={business.name}
      services={servicesOf({ ga4: pixels.ga4MeasurementId, meta: pixels.metaPixelId })}
      onChoice={() => undefined}
    />,
    { identifierPrefix: CONSENT_BANNER_ID_PREFIX },
  )
  const id = escapeHtml(business._id)
  const cookie = escapeHtml(pixelConsentCookie(business._id))
  return `<div data-consent-banner="${id}" data-cookie="${cookie}" hidden>${banner}</div><script>${CONSENT_BANNER_SCRIPT}</script>`
}
