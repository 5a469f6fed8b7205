/**
 * Issue 46 §3 (ADR 039): the owner's Google Analytics 4 and Meta Pixel ids — PUT
 * /api/businesses/{id}/pixels (saved, normalised, removed, refused with Spanish messages, only by
 * the shop's owner), the public reply that carries them, and the storefront pages' CSP that
 * allows the scripts' hosts only for a shop with ids.
 */
import { describe, expect, it } from 'vitest'
import {
  API_MESSAGES,
  AUTH_MESSAGES,
  SHOP_PIXELS_MESSAGES,
  businessSchema,
  type Business,
} from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { CONSENT_BANNER_SCRIPT_CSP } from '../src/modules/pixels/service.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

function putPixels(businessId: string, owner: TestAccount | null, body: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/businesses/${businessId}/pixels`,
    headers: owner ? bearer(owner.accessToken) : {},
    payload: body as object,
  })
}

async function publicBusiness(identifier: string): Promise<Business> {
  const res = await t.app.inject({ method: 'GET', url: `/api/businesses/${identifier}/identifier` })
  expect(res.statusCode).toBe(200)
  return businessSchema.parse(res.json())
}

async function shop() {
  const owner = await registerAndLogin(t.app)
  const business = await createTestBusiness(t.app, owner)
  return { owner, business }
}

function scriptAndConnect(csp: string) {
  const of = (name: string) => new RegExp(`${name} ([^;]*)`).exec(csp)?.[1] ?? ''
  return { script: of('script-src'), connect: of('connect-src') }
}

describe('PUT /api/businesses/:id/pixels', () => {
  it('saves both ids (GA4 in capitals, spaces dropped) and the public read carries them', async () => {
    const { owner, business } = await shop()
    expect((await publicBusiness(business.identifier)).pixels).toBeUndefined()

    const res = await putPixels(business._id, owner, {
      ga4MeasurementId: ' g-abc123xyz9 ',
      metaPixelId: '123456789012345',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().pixels).toEqual({
      ga4MeasurementId: 'G-ABC123XYZ9',
      metaPixelId: '123456789012345',
    })
    // The write dropped the cached read: the storefront sees the ids at once.
    expect((await publicBusiness(business.identifier)).pixels).toEqual({
      ga4MeasurementId: 'G-ABC123XYZ9',
      metaPixelId: '123456789012345',
    })
  })

  it('a blank, null or missing id removes it; none left is no pixels at all', async () => {
    const { owner, business } = await shop()
    await putPixels(business._id, owner, { ga4MeasurementId: 'G-ABCD1234', metaPixelId: '98765' })
    const onlyMeta = await putPixels(business._id, owner, {
      ga4MeasurementId: '  ',
      metaPixelId: '98765',
    })
    expect(onlyMeta.json().pixels).toEqual({ metaPixelId: '98765' })
    const none = await putPixels(business._id, owner, { metaPixelId: null })
    expect(none.statusCode).toBe(200)
    expect(none.json().pixels).toBeUndefined()
    expect((await publicBusiness(business.identifier)).pixels).toBeUndefined()
  })

  it.each([
    ['ga4MeasurementId', 'UA-12345-1', SHOP_PIXELS_MESSAGES.ga4Invalid],
    ['ga4MeasurementId', 'G-AB', SHOP_PIXELS_MESSAGES.ga4Invalid],
    ['ga4MeasurementId', 'G-ABC 123', SHOP_PIXELS_MESSAGES.ga4Invalid],
    ['ga4MeasurementId', `G-${'A'.repeat(21)}`, SHOP_PIXELS_MESSAGES.ga4Invalid],
    ['ga4MeasurementId', 42, SHOP_PIXELS_MESSAGES.notText],
    ['metaPixelId', '12345abc', SHOP_PIXELS_MESSAGES.metaPixelInvalid],
    ['metaPixelId', '1234', SHOP_PIXELS_MESSAGES.metaPixelInvalid],
    ['metaPixelId', '1'.repeat(21), SHOP_PIXELS_MESSAGES.metaPixelInvalid],
    ['metaPixelId', '<script>', SHOP_PIXELS_MESSAGES.metaPixelInvalid],
    ['metaPixelId', { id: 1 }, SHOP_PIXELS_MESSAGES.notText],
  ])(
    'refuses %s %j with its Spanish message and changes nothing',
    async (field, value, message) => {
      const { owner, business } = await shop()
      await putPixels(business._id, owner, { ga4MeasurementId: 'G-KEEP1234', metaPixelId: '55555' })
      const res = await putPixels(business._id, owner, {
        ga4MeasurementId: 'G-OTHER999',
        metaPixelId: '66666',
        [field]: value,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(message)
      expect(res.json().errors).toEqual([{ path: field, message }])
      expect((await publicBusiness(business.identifier)).pixels).toEqual({
        ga4MeasurementId: 'G-KEEP1234',
        metaPixelId: '55555',
      })
    },
  )

  it('refuses a body that is not JSON with the API’s Spanish message', async () => {
    const { owner, business } = await shop()
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/businesses/${business._id}/pixels`,
      headers: { ...bearer(owner.accessToken), 'content-type': 'application/json' },
      payload: '{"ga4MeasurementId":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(API_MESSAGES.malformedJson)
  })

  it('only the owner: another shop’s owner is refused (403), nobody signed in is 401, an unknown id 404', async () => {
    const { owner, business } = await shop()
    const other = await shop()
    await putPixels(business._id, owner, { ga4MeasurementId: 'G-MINE1234' })

    const stranger = await putPixels(business._id, other.owner, { ga4MeasurementId: 'G-THEIRS12' })
    expect(stranger.statusCode).toBe(403)
    expect(stranger.json().message).toBe(AUTH_MESSAGES.forbidden)
    const anonymous = await putPixels(business._id, null, { ga4MeasurementId: 'G-THEIRS12' })
    expect(anonymous.statusCode).toBe(401)
    const unknown = await putPixels('not-an-id', owner, { ga4MeasurementId: 'G-THEIRS12' })
    expect(unknown.statusCode).toBe(404)

    expect((await publicBusiness(business.identifier)).pixels).toEqual({
      ga4MeasurementId: 'G-MINE1234',
    })
    expect((await publicBusiness(other.business.identifier)).pixels).toBeUndefined()
  })
})

describe('the storefront pages’ Content-Security-Policy', () => {
  it('allows no third-party script for a shop without ids', async () => {
    const { business } = await shop()
    const res = await t.app.inject({ method: 'GET', url: `/${business.identifier}` })
    expect(res.statusCode).toBe(200)
    const { script, connect } = scriptAndConnect(String(res.headers['content-security-policy']))
    expect(script).not.toContain('googletagmanager')
    expect(script).not.toContain('facebook')
    expect(connect).toBe("'self'")
  })

  it('allows GA4’s and Meta’s hosts on every page of a shop with both ids, and only there', async () => {
    const { owner, business } = await shop()
    const other = await shop()
    await putPixels(business._id, owner, { ga4MeasurementId: 'G-ABCD1234', metaPixelId: '123456' })

    for (const path of ['', '/productos', '/productos/algo', '/pedido/ABC123?t=x']) {
      const res = await t.app.inject({ method: 'GET', url: `/${business.identifier}${path}` })
      const csp = String(res.headers['content-security-policy'])
      const { script, connect } = scriptAndConnect(csp)
      expect(script).toContain('https://www.googletagmanager.com')
      expect(script).toContain('https://connect.facebook.net')
      expect(connect).toContain('https://*.google-analytics.com')
      expect(connect).toContain('https://www.facebook.com')
      // The consent banner's inline script, by its hash (ADR 039).
      expect(script).toContain(CONSENT_BANNER_SCRIPT_CSP)
      // Everything else is the platform's policy.
      expect(csp).toContain("frame-ancestors 'none'")
      expect(script).not.toContain('unsafe-inline')
    }
    // Another shop, the platform's pages and the API keep the strict policy.
    for (const url of [`/${other.business.identifier}`, '/', '/admin', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url })
      const { script } = scriptAndConnect(String(res.headers['content-security-policy']))
      expect(script, url).not.toContain('googletagmanager')
      expect(script, url).not.toContain('facebook')
      expect(script, url).not.toContain(CONSENT_BANNER_SCRIPT_CSP)
    }
  })

  it('allows only the hosts of the id the shop has', async () => {
    const { owner, business } = await shop()
    await putPixels(business._id, owner, { metaPixelId: '123456' })
    const res = await t.app.inject({ method: 'GET', url: `/${business.identifier}` })
    const { script, connect } = scriptAndConnect(String(res.headers['content-security-policy']))
    expect(script).toContain('https://connect.facebook.net')
    expect(script).not.toContain('googletagmanager')
    expect(connect).not.toContain('google-analytics')

    // Removing it puts the strict policy back at the next load.
    await putPixels(business._id, owner, {})
    const after = await t.app.inject({ method: 'GET', url: `/${business.identifier}` })
    expect(scriptAndConnect(String(after.headers['content-security-policy'])).script).not.toContain(
      'facebook',
    )
  })
})
