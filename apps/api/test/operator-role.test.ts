/**
 * Issue 23 §3, the operator role: made only by `npm run operator` (cli/operator-command.ts),
 * carried by the access token, and required by `app.requireOperator` on /api/operator/* routes.
 */
import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '@vitrina/contracts'
import { OPERATOR_USAGE, runOperatorCommand } from '../src/cli/operator-command.js'
import { operatorAuditLog, users } from '../src/db/schema/index.js'
import { recordOperatorAction } from '../src/modules/operator/audit.js'
import { startTestApp, type TestContext } from './helpers/app.js'
import {
  bearer,
  randomClientIp,
  registerAndLogin,
  registerOperator,
  uniqueEmail,
} from './helpers/auth.js'

const PROBE = '/api/operator/probe'

describe('operator role', () => {
  let t: TestContext & { stop(): Promise<void> }
  beforeAll(async () => {
    // A guarded route of the kind every /api/operator/* route is.
    t = await startTestApp({}, (app) => {
      app.get(PROBE, { preHandler: app.requireOperator }, async (request) => ({
        id: request.user.id,
        role: request.user.role,
      }))
    })
  })
  afterAll(() => t.stop())

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })
  const probe = (token?: string) =>
    t.app.inject({ method: 'GET', url: PROBE, headers: token ? bearer(token) : {} })

  it('an owner has the owner role in the reply and the token, and gets 403 on operator routes', async () => {
    const owner = await registerAndLogin(t.app)
    expect(owner.user.role).toBe('owner')
    expect(decodeJwt(owner.accessToken).role).toBe('owner')
    expect((await me(owner.accessToken)).json()).toMatchObject({ role: 'owner' })
    const refused = await probe(owner.accessToken)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(AUTH_MESSAGES.operatorOnly)
  })

  it('anonymous and forged tokens get 401', async () => {
    const anonymous = await probe()
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().message).toBe(AUTH_MESSAGES.unauthorized)
    expect((await probe('not.a.token')).statusCode).toBe(401)
  })

  it('the command promotes an account; its next login carries the role and passes the guard', async () => {
    const operator = await registerOperator(t.app)
    expect(operator.user.role).toBe('operator')
    expect(decodeJwt(operator.accessToken).role).toBe('operator')
    expect((await me(operator.accessToken)).json()).toMatchObject({ role: 'operator' })
    const allowed = await probe(operator.accessToken)
    expect(allowed.statusCode).toBe(200)
    expect(allowed.json()).toEqual({ id: operator.user._id, role: 'operator' })
  })

  it('promoting ends the sessions issued as an owner, and a refresh carries the current role', async () => {
    const account = await registerAndLogin(t.app)
    expect((await runOperatorCommand(t.db, ['add', account.user.email.toUpperCase()])).ok).toBe(
      true,
    )
    // The owner-role token died with its session: no token keeps a role that changed.
    expect((await me(account.accessToken)).statusCode).toBe(401)

    const operator = await registerOperator(t.app)
    // Demoted while logged in: the token stops at once, and no refresh gives a new one.
    const removed = await runOperatorCommand(t.db, ['remove', operator.user.email])
    expect(removed).toEqual({ ok: true, output: `${operator.user.email} ya no es operador` })
    expect((await probe(operator.accessToken)).statusCode).toBe(401)
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      remoteAddress: randomClientIp(),
      headers: bearer(operator.refreshToken),
    })
    expect(refreshed.statusCode).toBe(401)
    const [row] = await t.db.select().from(users).where(eq(users.id, operator.user._id))
    expect(row?.role).toBe('owner')
  })

  it('a refresh re-reads the role from the database', async () => {
    const operator = await registerOperator(t.app)
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      remoteAddress: randomClientIp(),
      headers: bearer(operator.refreshToken),
    })
    expect(refreshed.statusCode).toBe(200)
    expect(decodeJwt(refreshed.json().access_token).role).toBe('operator')
  })

  it('the command lists operators and refuses unknown accounts and bad arguments', async () => {
    const operator = await registerOperator(t.app)
    const listed = await runOperatorCommand(t.db, ['list'])
    expect(listed.ok).toBe(true)
    expect(listed.output).toContain(`${operator.user.email} (Olga Operadora)`)
    const unknown = uniqueEmail('nadie')
    expect(await runOperatorCommand(t.db, ['add', unknown])).toEqual({
      ok: false,
      output: `No existe una cuenta con el correo "${unknown}"`,
    })
    for (const args of [
      [],
      ['add'],
      ['promote', 'a@b.co'],
      ['list', 'x'],
      ['add', 'a@b.co', 'x'],
    ]) {
      expect(await runOperatorCommand(t.db, args)).toEqual({ ok: false, output: OPERATOR_USAGE })
    }
  })

  it('records an action with the operator, the target and the states before and after', async () => {
    const operator = await registerOperator(t.app)
    await t.db.transaction((tx) =>
      recordOperatorAction(tx, {
        operatorId: operator.user._id,
        action: 'business.suspend',
        targetType: 'business',
        targetId: 'b-1',
        reason: 'Contenido engañoso',
        before: { suspended: false },
        after: { suspended: true },
      }),
    )
    const rows = await t.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.operatorId, operator.user._id))
    expect(rows).toEqual([
      expect.objectContaining({
        operatorEmail: operator.user.email,
        action: 'business.suspend',
        targetType: 'business',
        targetId: 'b-1',
        reason: 'Contenido engañoso',
        before: { suspended: false },
        after: { suspended: true },
      }),
    ])
  })
})
