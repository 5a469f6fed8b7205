/**
 * Issue 40 §5: one shop's app icon must never be served at another shop's icon address. The icon
 * addresses' version is a short 32-bit name (contracts, also computed in the browser), so two
 * shops can be given the same version on purpose; the server's icon cache is keyed by the shop
 * and a SHA-256 of everything the icon is drawn from, never by that version.
 */
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { storefrontAppPaths, storefrontIconVersion } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { iconCacheKey } from '../src/modules/pwa/icons.js'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'

const hex = (n: number) => `#${n.toString(16).padStart(6, '0').toUpperCase()}`

/**
 * Two background colours that give a business named 'Casa Norte' (no logo) the same icon version,
 * found by a birthday search over the colours #000000, #000001, … (618,224 tries, about 4 s
 * on this machine): what an attacker does in seconds. The test asserts they collide.
 */
const COLLIDING = { name: 'Casa Norte', colours: ['#008DCA', '#096EF0'] as const }

/** The colour of an icon's top-left pixel, as #RRGGBB. */
async function cornerColour(png: Buffer): Promise<string> {
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
  return hex((data[0]! << 16) | (data[1]! << 8) | data[2]!)
}

describe('storefront app icons across shops (issue 40 §5)', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })

  const icon = (business: Business) =>
    t.app.inject({
      method: 'GET',
      url: storefrontAppPaths(business.identifier).icon(storefrontIconVersion(business), 'any-192'),
    })

  it("a shop whose icon version collides with another's gets its own drawing, not the other's", async () => {
    const { name } = COLLIDING
    const [first, second] = COLLIDING.colours
    const victim = await createTestBusiness(t.app, await registerAndLogin(t.app), {
      name,
      bgColor: first,
    })
    const attacker = await createTestBusiness(t.app, await registerAndLogin(t.app), {
      name,
      bgColor: second,
    })
    // The old key: the same version names both shops' icons.
    expect(storefrontIconVersion(attacker)).toBe(storefrontIconVersion(victim))

    // The attacker's icon is drawn (and cached) first; then the victim's address is asked for.
    const attackerIcon = await icon(attacker)
    expect(attackerIcon.statusCode).toBe(200)
    const victimIcon = await icon(victim)
    expect(victimIcon.statusCode).toBe(200)
    expect(victimIcon.headers['cache-control']).toContain('immutable')
    expect(await cornerColour(attackerIcon.rawPayload)).toBe(second)
    expect(await cornerColour(victimIcon.rawPayload)).toBe(first)
    expect(victimIcon.rawPayload.equals(attackerIcon.rawPayload)).toBe(false)
  })

  it('two shops drawn from identical inputs each get their own cache entry', async () => {
    const same = { name: 'Tienda Gemela', bgColor: '#123456' }
    const one = await createTestBusiness(t.app, await registerAndLogin(t.app), same)
    const two = await createTestBusiness(t.app, await registerAndLogin(t.app), same)
    expect(one.identifier).not.toBe(two.identifier)
    const drawing = { name: 'any-192' as const, initials: 'TG', bgColor: '#123456', logo: null }
    expect(iconCacheKey({ businessId: one._id, ...drawing })).not.toBe(
      iconCacheKey({ businessId: two._id, ...drawing }),
    )
    for (const business of [one, two]) {
      const res = await icon(business)
      expect(res.statusCode).toBe(200)
      expect(await cornerColour(res.rawPayload)).toBe('#123456')
    }
  })

  it('keys the cache by a SHA-256 prefix of the shop and everything the icon is drawn from', () => {
    const base = {
      businessId: '7f0c1d2e-3a4b-4c5d-8e6f-708192a3b4c5',
      name: 'any-192' as const,
      initials: 'CN',
      bgColor: '#112233',
      logo: null,
    }
    const key = iconCacheKey(base)
    // 128 bits of SHA-256, hex: no practical collision, unlike the 32-bit version.
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(iconCacheKey(base)).toBe(key)
    for (const changed of [
      { businessId: '7f0c1d2e-3a4b-4c5d-8e6f-708192a3b4c6' },
      { name: 'maskable-512' as const },
      { initials: 'CM' },
      { bgColor: '#112234' },
      { logo: { url: '/media/logo.webp' } },
    ]) {
      expect(iconCacheKey({ ...base, ...changed }), JSON.stringify(changed)).not.toBe(key)
    }
  })
})
