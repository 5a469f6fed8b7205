/**
 * Issue 40 §5: an identifier a business gives up — its account deleted, or it moved to another
 * identifier — is held for LIMITS.identifierQuarantineDays, so old order links, shared product
 * links and installed storefront apps do not lead to whoever claims it next. Through the real
 * routes on a fresh database.
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API_MESSAGES, BUSINESS_MESSAGES, LIMITS } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { releasedIdentifiers } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, TEST_PASSWORD, type TestAccount } from './helpers/auth.js'
import {
  businessFields,
  createTestBusiness,
  patchBusiness,
  postBusiness,
  uniqueIdentifier,
} from './helpers/catalogue.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

const DAY_MS = 24 * 60 * 60 * 1000

const check = (identifier: string, account?: TestAccount) =>
  t.app.inject({
    method: 'GET',
    url: `/api/businesses/check/${identifier}`,
    headers: account ? bearer(account.accessToken) : {},
  })

const heldError = {
  message: BUSINESS_MESSAGES.identifierHeld,
  errors: [{ path: 'identifier', message: BUSINESS_MESSAGES.identifierHeld }],
}

async function ownerWithBusiness(): Promise<{ owner: TestAccount; business: Business }> {
  const owner = await registerAndLogin(t.app)
  return { owner, business: await createTestBusiness(t.app, owner) }
}

async function deleteAccount(owner: TestAccount) {
  const res = await t.app.inject({
    method: 'DELETE',
    url: '/api/auth/me',
    headers: bearer(owner.accessToken),
    payload: { password: TEST_PASSWORD },
  })
  expect(res.statusCode).toBe(204)
}

async function holdOf(identifier: string) {
  const [row] = await t.db
    .select()
    .from(releasedIdentifiers)
    .where(eq(releasedIdentifiers.identifier, identifier))
  return row
}

/** The hold runs out, as it would after the quarantine. */
async function expire(identifier: string) {
  await t.db
    .update(releasedIdentifiers)
    .set({ heldUntil: sql`now() - interval '1 second'` })
    .where(eq(releasedIdentifiers.identifier, identifier))
}

describe("a deleted account's identifier", () => {
  it('is held for 90 days: not available, not creatable, and its old addresses answer 404', async () => {
    const { owner, business } = await ownerWithBusiness()
    const { identifier } = business
    const before = Date.now()
    await deleteAccount(owner)

    expect((await check(identifier)).json()).toEqual({ available: false, reason: 'held' })
    const newcomer = await registerAndLogin(t.app)
    const created = await postBusiness(t.app, newcomer, businessFields({ identifier }))
    expect(created.statusCode).toBe(409)
    expect(created.json()).toMatchObject(heldError)
    // The newcomer's check, signed in, says the same.
    expect((await check(identifier, newcomer)).json()).toEqual({ available: false, reason: 'held' })

    // The storefront's read, its page and its installed app answer as for a missing shop.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${identifier}/identifier`,
    })
    expect(read.statusCode).toBe(404)
    expect(read.json().message).toBe(BUSINESS_MESSAGES.notFound)
    const manifest = await t.app.inject({
      method: 'GET',
      url: `/${identifier}/manifest.webmanifest`,
    })
    expect(manifest.statusCode).toBe(404)

    const hold = await holdOf(identifier)
    expect(hold?.businessId).toBeNull()
    const days = LIMITS.identifierQuarantineDays
    expect(LIMITS.identifierQuarantineDays).toBe(90)
    expect(hold!.heldUntil.getTime()).toBeGreaterThan(before + days * DAY_MS - 60_000)
    expect(hold!.heldUntil.getTime()).toBeLessThan(Date.now() + days * DAY_MS + 60_000)
  })

  it('is free again once the hold has run out', async () => {
    const { owner, business } = await ownerWithBusiness()
    await deleteAccount(owner)
    await expire(business.identifier)
    expect((await check(business.identifier)).json()).toEqual({ available: true })
    const newcomer = await registerAndLogin(t.app)
    const created = await postBusiness(
      t.app,
      newcomer,
      businessFields({ identifier: business.identifier }),
    )
    expect(created.statusCode).toBe(201)
    // The spent hold is gone with it.
    expect(await holdOf(business.identifier)).toBeUndefined()
  })

  it('cannot be taken by another business changing its identifier either', async () => {
    const { owner, business } = await ownerWithBusiness()
    await deleteAccount(owner)
    const other = await ownerWithBusiness()
    const res = await patchBusiness(t.app, other.owner, other.business._id, {
      identifier: business.identifier,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject(heldError)
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${other.business.identifier}/identifier`,
    })
    expect(read.json().identifier).toBe(other.business.identifier)
  })
})

describe("a business's previous identifier", () => {
  it('is held for that business: others cannot take it, the business may take it back', async () => {
    const { owner, business } = await ownerWithBusiness()
    const old = business.identifier
    const next = uniqueIdentifier('nuevo')
    const moved = await patchBusiness(t.app, owner, business._id, { identifier: next })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().identifier).toBe(next)
    expect((await holdOf(old))?.businessId).toBe(business._id)

    // Anyone else: held.
    expect((await check(old)).json()).toEqual({ available: false, reason: 'held' })
    const stranger = await ownerWithBusiness()
    expect((await check(old, stranger.owner)).json()).toEqual({ available: false, reason: 'held' })
    const taken = await patchBusiness(t.app, stranger.owner, stranger.business._id, {
      identifier: old,
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject(heldError)
    const newcomer = await registerAndLogin(t.app)
    expect(
      (await postBusiness(t.app, newcomer, businessFields({ identifier: old }))).statusCode,
    ).toBe(409)
    // The old address is a missing shop meanwhile.
    const read = await t.app.inject({ method: 'GET', url: `/api/businesses/${old}/identifier` })
    expect(read.statusCode).toBe(404)

    // Its own business: available, and it may move back; then the other one is held for it.
    expect((await check(old, owner)).json()).toEqual({ available: true })
    const back = await patchBusiness(t.app, owner, business._id, { identifier: old })
    expect(back.statusCode).toBe(200)
    expect(back.json().identifier).toBe(old)
    expect(await holdOf(old)).toBeUndefined()
    expect((await holdOf(next))?.businessId).toBe(business._id)
  })

  it('is held for nobody once that business is deleted too', async () => {
    const { owner, business } = await ownerWithBusiness()
    const old = business.identifier
    const next = uniqueIdentifier('nuevo')
    expect((await patchBusiness(t.app, owner, business._id, { identifier: next })).statusCode).toBe(
      200,
    )
    await deleteAccount(owner)
    for (const identifier of [old, next]) {
      const hold = await holdOf(identifier)
      expect(hold, identifier).toBeDefined()
      expect(hold!.businessId).toBeNull()
      expect((await check(identifier)).json()).toEqual({ available: false, reason: 'held' })
    }
  })

  it('keeps the availability check honest for malformed, reserved and taken identifiers', async () => {
    const { business } = await ownerWithBusiness()
    expect((await check(business.identifier)).json()).toEqual({ available: false, reason: 'taken' })
    expect((await check('Mayúsculas')).json()).toEqual({ available: false, reason: 'invalid' })
    expect((await check(uniqueIdentifier('libre'))).json()).toEqual({ available: true })
    const unauthorised = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/check/${uniqueIdentifier('libre')}`,
      headers: { authorization: 'Bearer no-es-un-token' },
    })
    // A bad token on this public check is ignored, never a 401 or a 500.
    expect(unauthorised.statusCode).toBe(200)
    expect(unauthorised.json()).not.toHaveProperty('message', API_MESSAGES.internal)
  })
})
