/**
 * Accounts for tests, made through the real routes: register → activation link from the
 * mail_outbox row → POST activar → login.
 *
 *   const owner = await registerAndLogin(t.app)
 *   await t.app.inject({ method: 'GET', url: '/api/...', headers: bearer(owner.accessToken) })
 *
 * Each call uses its own e-mail and its own client address, so the account rate limits
 * (register 5/h per IP, login 10/min) never trip in a suite that creates many users.
 */
import { randomInt, randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { decodeJwt } from 'jose'
import type { User } from '@vitrina/contracts'
import { runOperatorCommand } from '../../src/cli/operator-command.js'
import { mailOutbox } from '../../src/db/schema/index.js'

export interface TestAccount {
  user: User
  accessToken: string
  refreshToken: string
  password: string
}

export const TEST_PASSWORD = 'Segura123'

/** An address in 10.0.0.0/8 for `app.inject({ remoteAddress })`. */
export function randomClientIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
}

/** A random IPv6 /64, as a maker of addresses in it (`host` varies the address within it). */
export function randomIpv6Net(): (host: number) => string {
  const net = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`
  return (host) => `${net}:${host.toString(16)}:${randomInt(0x10000).toString(16)}::1`
}

/**
 * A new address. The id goes without its dashes: a 4-hex group of a UUID ('a123') could be a
 * word of the password ('Segura123'), which registration refuses as personal data (issue 22).
 */
export function uniqueEmail(prefix = 'usuario'): string {
  return `${prefix}-${randomUUID().replaceAll('-', '')}@vitrina.test`
}

/** The session (`sid`) an access token was issued for. */
export function sessionIdOf(accessToken: string): string {
  return decodeJwt(accessToken).sid as string
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` }
}

/**
 * The token of the newest activation mail sent to `email`: the outbox row rendered as the sender
 * renders it (the row itself holds `{{token}}`, not the token).
 */
export async function activationTokenFor(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email.trim().toLowerCase()), eq(mailOutbox.kind, 'activation')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1)
  const token = mail && app.mail.render(mail).text.match(/\/auth\/activar\/([A-Za-z0-9_-]+)/)?.[1]
  if (!token) throw new Error(`no activation mail for ${email}`)
  return token
}

/** The mails of one kind sent to `email`, oldest first. */
export async function mailsOf(app: FastifyInstance, email: string, kind: string) {
  return app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email.trim().toLowerCase()), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.createdAt)
}

/**
 * Waits (up to 3 s) until `email` has `count` mails of `kind`: the password-reset request does
 * its work after the reply (so its duration tells nothing), and a test must wait for it.
 */
export async function waitForMails(
  app: FastifyInstance,
  email: string,
  kind: string,
  count = 1,
): Promise<Awaited<ReturnType<typeof mailsOf>>> {
  const deadline = Date.now() + 3000
  for (;;) {
    const rows = await mailsOf(app, email, kind)
    if (rows.length >= count || Date.now() > deadline) return rows
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The token of the newest password-reset mail to `email`, rendered as the sender renders it. */
export async function resetTokenFor(app: FastifyInstance, email: string, count = 1) {
  const rows = await waitForMails(app, email, 'password-reset', count)
  const mail = rows.at(-1)
  const token =
    mail && app.mail.render(mail).text.match(/\/auth\/restablecer\/([A-Za-z0-9_-]+)/)?.[1]
  if (!token) throw new Error(`no password-reset mail for ${email}`)
  return token
}

async function expectStatus(
  response: { statusCode: number; body: string },
  status: number,
  step: string,
) {
  if (response.statusCode !== status) {
    throw new Error(`${step} answered ${response.statusCode}: ${response.body}`)
  }
}

export async function registerAndLogin(
  app: FastifyInstance,
  overrides: { name?: string; email?: string; password?: string } = {},
): Promise<TestAccount> {
  const name = overrides.name ?? 'Ana Pérez'
  const email = overrides.email ?? uniqueEmail()
  const password = overrides.password ?? TEST_PASSWORD
  const remoteAddress = randomClientIp()

  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: { name, email, password },
  })
  await expectStatus(registered, 201, 'register')

  const token = await activationTokenFor(app, email)
  const activated = await app.inject({
    method: 'POST',
    url: `/api/auth/activar/${token}`,
    remoteAddress,
  })
  await expectStatus(activated, 200, 'activation')

  const loggedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email, password },
  })
  await expectStatus(loggedIn, 200, 'login')
  const body = loggedIn.json() as { user: User; access_token: string; refresh_token: string }
  return {
    user: body.user,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    password,
  }
}

/**
 * An operator (issue 23 §3), made as in production: a registered account promoted by the
 * `npm run operator -- add` command, then logged in so its token carries the role.
 */
export async function registerOperator(app: FastifyInstance): Promise<TestAccount> {
  const account = await registerAndLogin(app, { name: 'Olga Operadora' })
  const promoted = await runOperatorCommand(app.db, ['add', account.user.email])
  if (!promoted.ok) throw new Error(promoted.output)
  const loggedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: randomClientIp(),
    payload: { email: account.user.email, password: account.password },
  })
  await expectStatus(loggedIn, 200, 'operator login')
  const body = loggedIn.json() as { user: User; access_token: string; refresh_token: string }
  return {
    ...account,
    user: body.user,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
  }
}
