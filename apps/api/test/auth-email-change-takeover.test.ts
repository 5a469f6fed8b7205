/**
 * Issue 40 §3: a pending e-mail change must not outlive what the owner does to take the account
 * back (a password reset, a password change, "cerrar sesión en todos los dispositivos"), and a
 * confirmed change must not leave the old address's links and sessions working — through the
 * real routes on a fresh database, mail read from the outbox as the sender renders it.
 */
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_MAILS, ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@vitrina/contracts'
import { mailOutbox, users } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import {
  bearer,
  mailsOf,
  randomClientIp,
  registerAndLogin,
  resetTokenFor,
  TEST_PASSWORD,
  uniqueEmail,
  type TestAccount,
} from './helpers/auth.js'

const NEW_PASSWORD = 'Caracol4Azul'
const SUPPORT = 'soporte@vitrina.uy'

const t = useTestApp()

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  accessToken: string | null,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: randomClientIp(),
    headers: accessToken ? bearer(accessToken) : {},
    ...(payload ? { payload } : {}),
  })

const me = (session: { accessToken: string }) => call('GET', '/api/auth/me', session.accessToken)
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(refreshToken) })
const forgot = (email: string) => call('POST', '/api/auth/password/forgot', null, { email })
const reset = (token: string, password = NEW_PASSWORD) =>
  call('POST', '/api/auth/password/reset', null, { token, password })
const requestChange = (session: { accessToken: string }, email: string) =>
  call('POST', '/api/auth/me/email', session.accessToken, { email, password: TEST_PASSWORD })
const confirm = (token: string, accessToken: string | null = null) =>
  call('POST', '/api/auth/email/confirm', accessToken, { token })

async function login(email: string, password: string) {
  const res = await call('POST', '/api/auth/login', null, { email, password })
  expect(res.statusCode, `login ${email}`).toBe(200)
  return {
    accessToken: res.json().access_token as string,
    refreshToken: res.json().refresh_token as string,
  }
}

/** The token of the newest e-mail-change link mailed to `email`. */
async function changeLinkFor(email: string): Promise<string> {
  const mail = (await mailsOf(t.app, email, 'email-change')).at(-1)
  const token =
    mail && t.app.mail.render(mail).text.match(/\/auth\/confirmar-correo\/([A-Za-z0-9_-]+)/)?.[1]
  if (!token) throw new Error(`no e-mail change mail to ${email}`)
  return token
}

/** An account with a pending change to a new address (asked from `session`). */
async function pendingChange(account: TestAccount, session = account) {
  const newEmail = uniqueEmail('nuevo')
  expect((await requestChange(session, newEmail)).statusCode).toBe(202)
  return { newEmail, token: await changeLinkFor(newEmail) }
}

async function expectWithdrawn(token: string, account: TestAccount) {
  const res = await confirm(token)
  expect(res.statusCode).toBe(400)
  expect(res.json().message).toBe(ACCOUNT_MESSAGES.emailChangeInvalid)
  const [user] = await t.db.select().from(users).where(eq(users.id, account.user._id))
  expect(user?.email).toBe(account.user.email)
}

describe('issue 40 §3: the attack of the issue', () => {
  it('a reset by the victim withdraws the change the attacker asked: the account stays hers', async () => {
    const victim = await registerAndLogin(t.app, { name: 'Rocío Núñez' })
    // The attacker knows the password: a login of their own, and a change to their address.
    const attacker = await login(victim.user.email, TEST_PASSWORD)
    const attackerEmail = uniqueEmail('atacante')
    expect((await requestChange(attacker, attackerEmail)).statusCode).toBe(202)
    const attackerLink = await changeLinkFor(attackerEmail)
    // The victim is told, and follows the notice's advice: she resets her password.
    const [notice] = await mailsOf(t.app, victim.user.email, 'email-change-notice')
    expect(notice?.text).toContain(ACCOUNT_MAILS.passwordChangedWarning(SUPPORT))
    expect((await forgot(victim.user.email)).statusCode).toBe(202)
    const resetLink = await resetTokenFor(t.app, victim.user.email)
    expect((await reset(resetLink)).statusCode).toBe(200)
    expect((await me(attacker)).json().message).toBe(AUTH_MESSAGES.sessionExpired)

    // The attacker's confirmation link no longer works; the address stays the victim's.
    const confirmed = await confirm(attackerLink)
    expect(confirmed.statusCode).toBe(400)
    expect(confirmed.json().message).toBe(ACCOUNT_MESSAGES.emailChangeInvalid)
    const session = await login(victim.user.email, NEW_PASSWORD)
    expect((await me(session)).json().email).toBe(victim.user.email)
    // "Olvidé mi contraseña" for the attacker's address mails nothing; for hers, her link.
    expect((await forgot(attackerEmail)).statusCode).toBe(202)
    expect((await forgot(victim.user.email)).statusCode).toBe(202)
    await resetTokenFor(t.app, victim.user.email, 2)
    expect(await mailsOf(t.app, attackerEmail, 'password-reset')).toHaveLength(0)
  })
})

describe('issue 40 §3: what withdraws a pending e-mail change', () => {
  it('a password change', async () => {
    const account = await registerAndLogin(t.app)
    const { token } = await pendingChange(account)
    const res = await call('POST', '/api/auth/me/password', account.accessToken, {
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
    })
    expect(res.statusCode).toBe(200)
    await expectWithdrawn(token, account)
  })

  it('"cerrar sesión en todos los dispositivos"', async () => {
    const account = await registerAndLogin(t.app)
    const { token } = await pendingChange(account)
    expect((await call('DELETE', '/api/auth/sessions', account.accessToken)).statusCode).toBe(204)
    await expectWithdrawn(token, account)
  })

  it('a password reset, also of a change asked from the same session', async () => {
    const account = await registerAndLogin(t.app)
    const { token } = await pendingChange(account)
    expect((await forgot(account.user.email)).statusCode).toBe(202)
    expect((await reset(await resetTokenFor(t.app, account.user.email))).statusCode).toBe(200)
    await expectWithdrawn(token, account)
  })

  it('a reset asked but never used withdraws nothing: the owner may still confirm', async () => {
    const account = await registerAndLogin(t.app)
    const { newEmail, token } = await pendingChange(account)
    expect((await forgot(account.user.email)).statusCode).toBe(202)
    await resetTokenFor(t.app, account.user.email)
    const res = await confirm(token, account.accessToken)
    expect(res.statusCode).toBe(200)
    expect(res.json().user.email).toBe(newEmail)
  })
})

describe('issue 40 §3: confirming an e-mail change', () => {
  it('withdraws the reset links sent to the old address', async () => {
    const account = await registerAndLogin(t.app)
    expect((await forgot(account.user.email)).statusCode).toBe(202)
    const oldLink = await resetTokenFor(t.app, account.user.email)
    const { newEmail, token } = await pendingChange(account)
    expect((await confirm(token, account.accessToken)).statusCode).toBe(200)

    const res = await reset(oldLink)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.resetInvalid)
    // The password is unchanged and the account answers at its new address only.
    await login(newEmail, TEST_PASSWORD)
  })

  it('ends every other session, keeping the one that opened the link', async () => {
    const account = await registerAndLogin(t.app)
    const other = await login(account.user.email, TEST_PASSWORD)
    const { newEmail, token } = await pendingChange(account)
    const res = await confirm(token, account.accessToken)
    expect(res.statusCode).toBe(200)

    expect((await me(account)).json().email).toBe(newEmail)
    expect((await refresh(account.refreshToken)).statusCode).toBe(200)
    expect((await me(other)).json().message).toBe(AUTH_MESSAGES.sessionExpired)
    expect((await refresh(other.refreshToken)).statusCode).toBe(401)
  })

  it('opened without a session (another browser), ends every session', async () => {
    const account = await registerAndLogin(t.app)
    const other = await login(account.user.email, TEST_PASSWORD)
    const stranger = await registerAndLogin(t.app)
    const { token } = await pendingChange(account)
    // Another account's token keeps nothing of this one.
    expect((await confirm(token, stranger.accessToken)).statusCode).toBe(200)
    for (const session of [account, other]) {
      expect((await me(session)).json().message).toBe(AUTH_MESSAGES.sessionExpired)
      expect((await refresh(session.refreshToken)).statusCode).toBe(401)
    }
    expect((await me(stranger)).statusCode).toBe(200)
  })

  it('mails the old address that the change happened, and how to get the account back', async () => {
    const account = await registerAndLogin(t.app, { name: 'Rocío Núñez' })
    const { newEmail, token } = await pendingChange(account)
    expect(await mailsOf(t.app, account.user.email, 'email-changed')).toHaveLength(0)
    expect((await confirm(token)).statusCode).toBe(200)

    const mails = await mailsOf(t.app, account.user.email, 'email-changed')
    expect(mails).toHaveLength(1)
    const mail = t.app.mail.render(mails[0]!)
    expect(mails[0]!.subject).toBe(ACCOUNT_MAILS.emailChangedSubject)
    for (const part of [
      ACCOUNT_MAILS.greeting('Rocío Núñez'),
      ACCOUNT_MAILS.emailChangedIntro(newEmail),
      ACCOUNT_MAILS.emailChangedWarning(SUPPORT),
      ACCOUNT_MAILS.signature,
    ]) {
      expect(mail.text).toContain(part)
    }
    expect(mail.html).toContain(`<a href="mailto:${SUPPORT}">${SUPPORT}</a>`)
    // Nothing goes to the new address but its own link.
    expect(await mailsOf(t.app, newEmail, 'email-changed')).toHaveLength(0)
  })
})

describe('issue 40: deleting the account after a change of address', () => {
  it('deletes the mail sent to its earlier address too (no trace of the new one is left)', async () => {
    const account = await registerAndLogin(t.app)
    const { newEmail, token } = await pendingChange(account)
    expect((await confirm(token)).statusCode).toBe(200)
    expect(await mailsOf(t.app, account.user.email, 'email-changed')).toHaveLength(1)

    const session = await login(newEmail, TEST_PASSWORD)
    const deleted = await call('DELETE', '/api/auth/me', session.accessToken, {
      password: TEST_PASSWORD,
    })
    expect(deleted.statusCode).toBe(204)
    const left = await t.db
      .select({ to: mailOutbox.to, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [account.user.email, newEmail]))
    expect(left).toEqual([])
  })
})
