/**
 * Issue 22: `planType` in POST/PATCH /api/businesses is the plan the owner *requests*; the plan
 * the 20-product cap applies is the *effective* one, which only the operator changes
 * (`npm run plan -- <identifier> free|pro`, cli/plan-command.ts).
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PRODUCT_MESSAGES, type Business } from '@vitrina/contracts'
import { runPlanCommand, PLAN_USAGE } from '../src/cli/plan-command.js'
import { businesses } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { randomClientIp, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { businessFields, patchBusiness, postBusiness } from './helpers/catalogue.js'
import {
  insertCatalogue,
  mainImage,
  postProduct,
  productFields,
  catalogueItems,
} from './helpers/products.js'

const twenty = catalogueItems(20)

describe('requested and effective plan (issue 22)', () => {
  const t = useTestApp()

  async function plans(id: string) {
    const [row] = await t.db
      .select({ requested: businesses.planType, effective: businesses.effectivePlan })
      .from(businesses)
      .where(eq(businesses.id, id))
    return row
  }

  const add21st = async (owner: TestAccount, business: Business) =>
    postProduct(t.app, owner, productFields(business._id), await mainImage(), randomClientIp())

  it('POST with planType=pro records a request: the business stays free and capped at 20', async () => {
    const owner = await registerAndLogin(t.app)
    const created = await postBusiness(t.app, owner, businessFields({ planType: 'pro' }))
    expect(created.statusCode).toBe(201)
    const business = created.json() as Business
    expect(business.planType).toBe('pro') // the request, shown back to the form as sent
    expect(await plans(business._id)).toEqual({ requested: 'pro', effective: 'free' })
    await insertCatalogue(t.db, business._id, twenty)
    const refused = await add21st(owner, business)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(PRODUCT_MESSAGES.planLimitReached)
  })

  it('PATCH with planType=pro does not lift the cap either', async () => {
    const owner = await registerAndLogin(t.app)
    const business = (
      await postBusiness(t.app, owner, businessFields({ planType: 'free' }))
    ).json() as Business
    const patched = await patchBusiness(t.app, owner, business._id, { planType: 'pro' })
    expect(patched.statusCode).toBe(200)
    expect(await plans(business._id)).toEqual({ requested: 'pro', effective: 'free' })
    await insertCatalogue(t.db, business._id, twenty)
    expect((await add21st(owner, business)).statusCode).toBe(403)
  })

  it('the operator command grants and withdraws pro; only then does the cap change', async () => {
    const owner = await registerAndLogin(t.app)
    const business = (
      await postBusiness(t.app, owner, businessFields({ planType: 'pro', name: 'Tienda Pro' }))
    ).json() as Business
    await insertCatalogue(t.db, business._id, twenty)

    const shown = await runPlanCommand(t.db, [business.identifier])
    expect(shown).toEqual({
      ok: true,
      output: `${business.identifier} (Tienda Pro): plan efectivo free (Plan Básico), solicitado pro`,
    })
    const granted = await runPlanCommand(t.db, [business.identifier, 'pro'])
    expect(granted.ok).toBe(true)
    expect(granted.output).toContain('plan efectivo pro (Plan Premium)')
    expect((await add21st(owner, business)).statusCode).toBe(201)

    // Withdrawn: the 22nd is refused again (the 21 already there stay).
    expect((await runPlanCommand(t.db, [business.identifier, 'free'])).ok).toBe(true)
    expect((await add21st(owner, business)).statusCode).toBe(403)
    // An owner's PATCH cannot undo the operator's decision either way.
    await runPlanCommand(t.db, [business.identifier, 'pro'])
    await patchBusiness(t.app, owner, business._id, { planType: 'free' })
    expect(await plans(business._id)).toEqual({ requested: 'free', effective: 'pro' })
  })

  it('the command refuses unknown identifiers and bad arguments', async () => {
    expect(await runPlanCommand(t.db, ['no-existe', 'pro'])).toEqual({
      ok: false,
      output: 'No existe un negocio con el identificador "no-existe"',
    })
    for (const args of [[], ['tienda', 'gold'], ['tienda', 'pro', 'extra']]) {
      expect(await runPlanCommand(t.db, args)).toEqual({ ok: false, output: PLAN_USAGE })
    }
  })
})
