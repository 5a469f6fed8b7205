/**
 * A local Mercado Pago for the payment tests and the e2e journey (issue 43 §6, ADR 037). It
 * speaks the documented REST contract of exactly the endpoints Vitrina uses:
 *
 *   POST /oauth/token                 authorization_code and refresh_token grants
 *   GET  /users/me                    the account behind a bearer token
 *   POST /checkout/preferences        a Checkout Pro preference (init_point to our page)
 *   GET  /v1/payments/{id}            a payment, only to the account that received it
 *   POST /v1/payments/{id}/refunds    a full (no body) or partial ({ amount }) refund
 *   GET  /v1/payments/search          an order's payments (?external_reference=), newest first
 *   POST /preapproval                 a monthly subscription (Suscripciones, issue 43 §5)
 *   GET  /preapproval/{id}            a subscription, only to the account that created it
 *   PUT  /preapproval/{id}            { status: 'cancelled' | 'paused' | 'authorized' }
 *   GET  /authorized_payments/{id}    one monthly charge of a subscription
 *
 * Subscriptions are authorized on a tiny page (GET /subscriptions/checkout?preapproval_id=…,
 * «Autorizar»): the preapproval becomes authorized, its first charge is approved, and both
 * signed notifications (`subscription_preapproval`, `subscription_authorized_payment`) go to
 * `subscriptionWebhookUrl` — the URL of the application's panel, as Mercado Pago does — then
 * the browser goes to the preapproval's back_url.
 *
 * and serves a tiny checkout page (GET /checkout/v1/redirect?pref_id=…) with «Aprobar» and
 * «Rechazar»: the payment is created, its signed webhook sent to the preference's
 * notification_url, and the browser sent to the preference's back_urls (with Mercado Pago's
 * return query, which Vitrina must not trust).
 *
 * Webhooks are signed as Mercado Pago documents: `x-signature: ts=<unix s>,v1=<hex>`, the hex an
 * HMAC-SHA256 with the application's secret of the manifest
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (data.id lowercased), the body
 * `{ type: 'payment', action: 'payment.updated', data: { id } }` and the query
 * `?data.id=<id>&type=payment`. On demand they come forged, stale, duplicated or out of order,
 * and the API answers 5xx or not at all (`failNext`).
 *
 *   const mp = await startMercadoPagoSimulator({ webhookSecret: 'secreto' })
 *   const account = mp.addAccount()      // { accessToken, publicKey, userId, nickname }
 *   loadConfig({ MERCADOPAGO_API_URL: mp.url, … })
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SimAccount {
  userId: number
  nickname: string
  firstName: string
  lastName: string
  email: string
  siteId: string
  accessToken: string
  publicKey: string
  refreshToken: string
  /** Seconds the access token lives from its issue (OAuth grants). */
  expiresIn: number
}

export interface SimItem {
  id?: string
  title: string
  quantity: number
  unit_price: number
  currency_id: string
}

export interface SimPreference {
  id: string
  accountId: number
  items: SimItem[]
  external_reference: string
  notification_url?: string
  back_urls?: { success?: string; failure?: string; pending?: string }
  auto_return?: string
  init_point: string
  sandbox_init_point: string
  date_created: string
}

export type SimPaymentStatus =
  | 'pending'
  | 'approved'
  | 'authorized'
  | 'in_process'
  | 'in_mediation'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back'

export interface SimPayment {
  id: number
  accountId: number
  status: SimPaymentStatus
  status_detail: string
  transaction_amount: number
  transaction_amount_refunded: number
  currency_id: string
  external_reference: string
  preference_id: string
  date_created: string
  date_approved: string | null
  date_last_updated: string
  payment_type_id: string
  payment_method_id: string
  refunds: { id: number; amount: number; date_created: string }[]
  notificationUrl: string | undefined
}

export interface WebhookOptions {
  /** Sign with another secret (a forgery). */
  secret?: string
  /** Seconds added to now for `ts` (negative: a stale notification). */
  tsOffsetS?: number
  /** The same request sent this many times (concurrently). */
  times?: number
  /** Another data.id in the body than in the query (and the signature). */
  bodyId?: string
  /** Wait for the answers (the default); false: fire and forget. */
  await?: boolean
}

export interface WebhookResult {
  status: number
  body: string
}

type Failure = { kind: 'status'; status: number } | { kind: 'timeout'; ms: number }

export type SimPreapprovalStatus = 'pending' | 'authorized' | 'paused' | 'cancelled'

export interface SimPreapproval {
  id: string
  accountId: number
  status: SimPreapprovalStatus
  reason: string
  external_reference: string
  payer_email: string
  back_url: string
  auto_recurring: {
    frequency: number
    frequency_type: string
    transaction_amount: number
    currency_id: string
    start_date?: string
  }
  init_point: string
  date_created: string
  last_modified: string
  next_payment_date: string | null
}

export interface SimAuthorizedPayment {
  id: number
  preapproval_id: string
  type: 'scheduled'
  status: 'scheduled' | 'processed' | 'recycling' | 'cancelled'
  transaction_amount: number
  currency_id: string
  reason: string
  external_reference: string
  date_created: string
  last_modified: string
  debit_date: string
  retry_attempt: number
  payment: { id: number; status: 'approved' | 'rejected'; status_detail: string } | null
}

export type SubscriptionTopic = 'subscription_preapproval' | 'subscription_authorized_payment'

export interface MercadoPagoSimulator {
  url: string
  webhookSecret: string
  accounts: Map<number, SimAccount>
  preferences: Map<string, SimPreference>
  payments: Map<number, SimPayment>
  /** Requests received, method and path (no query), oldest first. */
  requests: { method: string; path: string; auth: string | undefined }[]
  /** OAuth clients the token endpoint accepts. */
  clients: Map<string, string>
  addAccount(values?: Partial<SimAccount>): SimAccount
  /** An authorization code for `account` (what MP's authorize page would redirect with). */
  issueCode(account: SimAccount, redirectUri: string): string
  /** The next `count` API requests (matching `path` if given) fail so. */
  failNext(count: number, failure: Failure, path?: RegExp): void
  /** A payment as «Aprobar»/«Rechazar» make it (no webhook sent). */
  createPayment(preferenceId: string, status: SimPaymentStatus, amount?: number): SimPayment
  setStatus(paymentId: number, status: SimPaymentStatus): SimPayment
  /** Sends the signed notification of `paymentId` to its notification URL (or `url`). */
  notify(
    paymentId: number | string,
    options?: WebhookOptions & { url?: string },
  ): Promise<WebhookResult[]>
  /** The headers, query and body of a signed notification (for tests that inject it). */
  signedNotification(
    dataId: string,
    options?: Pick<WebhookOptions, 'secret' | 'tsOffsetS' | 'bodyId'> & {
      type?: 'payment' | SubscriptionTopic
    },
  ): { headers: Record<string, string>; query: string; body: string }
  /** Subscriptions (issue 43 §5). */
  preapprovals: Map<string, SimPreapproval>
  authorizedPayments: Map<number, SimAuthorizedPayment>
  /** Where subscription notifications go (the application panel's URL); unset: none sent. */
  subscriptionWebhookUrl: string | undefined
  /** The payer authorizes on the page: authorized, no charge yet (no notification sent). */
  authorizePreapproval(id: string): SimPreapproval
  /** A monthly charge, approved or rejected (a new one, or a retry of `retryOf`); no notification. */
  chargePreapproval(
    id: string,
    status: 'approved' | 'rejected',
    options?: { retryOf?: number; amount?: number },
  ): SimAuthorizedPayment
  /** Sends the signed notification of a subscription or a charge to subscriptionWebhookUrl. */
  notifySubscription(
    topic: SubscriptionTopic,
    id: string | number,
    options?: WebhookOptions & { url?: string },
  ): Promise<WebhookResult[]>
  close(): Promise<void>
}

/** The documented manifest (alphanumeric ids lowercased) and its HMAC-SHA256, hex. */
export function mercadoPagoSignature(
  secret: string,
  dataId: string,
  requestId: string,
  ts: number,
): string {
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`
  return createHmac('sha256', secret).update(manifest).digest('hex')
}

const nowIso = () => new Date().toISOString()
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function parseBody(text: string, type: string | undefined): Record<string, unknown> {
  if (!text) return {}
  if (type?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text))
  }
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export async function startMercadoPagoSimulator(
  options: { webhookSecret?: string; host?: string; port?: number } = {},
): Promise<MercadoPagoSimulator> {
  const webhookSecret = options.webhookSecret ?? 'simulador-secreto-webhooks'
  const accounts = new Map<number, SimAccount>()
  const byToken = new Map<string, SimAccount>()
  const byRefresh = new Map<string, SimAccount>()
  const codes = new Map<string, { account: SimAccount; redirectUri: string }>()
  const preferences = new Map<string, SimPreference>()
  const payments = new Map<number, SimPayment>()
  const requests: MercadoPagoSimulator['requests'] = []
  const clients = new Map<string, string>()
  const failures: { failure: Failure; path: RegExp | undefined }[] = []
  let nextPaymentId = 1_300_000_000 + randomInt(1_000_000)
  let baseUrl = ''

  const addAccount = (values: Partial<SimAccount> = {}): SimAccount => {
    const userId = values.userId ?? 100_000_000 + randomInt(900_000_000)
    const account: SimAccount = {
      userId,
      nickname: values.nickname ?? `TESTUSER${userId}`,
      firstName: values.firstName ?? 'Tienda',
      lastName: values.lastName ?? 'de Prueba',
      email: values.email ?? `test_user_${userId}@testuser.com`,
      siteId: values.siteId ?? 'MLU',
      accessToken: values.accessToken ?? `APP_USR-${randomBytes(8).toString('hex')}-${userId}`,
      publicKey: values.publicKey ?? `APP_USR-${randomBytes(8).toString('hex')}`,
      refreshToken: values.refreshToken ?? `TG-${randomBytes(12).toString('hex')}`,
      expiresIn: values.expiresIn ?? 15_552_000,
    }
    accounts.set(userId, account)
    byToken.set(account.accessToken, account)
    byRefresh.set(account.refreshToken, account)
    return account
  }

  const tokenReply = (account: SimAccount) => ({
    access_token: account.accessToken,
    token_type: 'bearer',
    expires_in: account.expiresIn,
    scope: 'offline_access payments read write',
    user_id: account.userId,
    refresh_token: account.refreshToken,
    public_key: account.publicKey,
    live_mode: false,
  })

  const paymentJson = (p: SimPayment) => {
    const { accountId: _a, notificationUrl: _n, preference_id: _p, ...rest } = p
    return { ...rest, collector_id: p.accountId, live_mode: false }
  }

  const createPayment = (
    preferenceId: string,
    status: SimPaymentStatus,
    amount?: number,
  ): SimPayment => {
    const pref = preferences.get(preferenceId)
    if (!pref) throw new Error(`unknown preference ${preferenceId}`)
    const total =
      Math.round(pref.items.reduce((s, i) => s + i.unit_price * i.quantity, 0) * 100) / 100
    const now = nowIso()
    const payment: SimPayment = {
      id: nextPaymentId++,
      accountId: pref.accountId,
      status,
      status_detail:
        status === 'approved'
          ? 'accredited'
          : status === 'rejected'
            ? 'cc_rejected_other_reason'
            : 'pending_contingency',
      transaction_amount: amount ?? total,
      transaction_amount_refunded: 0,
      currency_id: pref.items[0]?.currency_id ?? 'UYU',
      external_reference: pref.external_reference,
      preference_id: pref.id,
      date_created: now,
      date_approved: status === 'approved' ? now : null,
      date_last_updated: now,
      payment_type_id: 'credit_card',
      payment_method_id: 'visa',
      refunds: [],
      notificationUrl: pref.notification_url,
    }
    payments.set(payment.id, payment)
    return payment
  }

  const setStatus = (paymentId: number, status: SimPaymentStatus) => {
    const p = payments.get(paymentId)
    if (!p) throw new Error(`unknown payment ${paymentId}`)
    p.status = status
    p.date_last_updated = nowIso()
    if (status === 'approved') p.date_approved ??= p.date_last_updated
    return p
  }

  const signedNotification = (
    dataId: string,
    o: Pick<WebhookOptions, 'secret' | 'tsOffsetS' | 'bodyId'> & {
      type?: 'payment' | SubscriptionTopic
    } = {},
  ) => {
    const type = o.type ?? 'payment'
    const ts = Math.floor(Date.now() / 1000) + (o.tsOffsetS ?? 0)
    const requestId = `${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(6).toString('hex')}`
    const v1 = mercadoPagoSignature(o.secret ?? webhookSecret, dataId, requestId, ts)
    return {
      headers: {
        'content-type': 'application/json',
        'x-signature': `ts=${ts},v1=${v1}`,
        'x-request-id': requestId,
      },
      query: `data.id=${encodeURIComponent(dataId)}&type=${type}`,
      body: JSON.stringify({
        action: type === 'payment' ? 'payment.updated' : 'updated',
        api_version: 'v1',
        type,
        live_mode: false,
        date_created: nowIso(),
        id: randomInt(1_000_000_000),
        data: { id: o.bodyId ?? dataId },
      }),
    }
  }

  /** POSTs a signed notification to `target` (`times` copies at once); answers unless told not to. */
  const deliver = async (
    target: string,
    signed: ReturnType<typeof signedNotification>,
    o: WebhookOptions,
  ): Promise<WebhookResult[]> => {
    const url = `${target}${target.includes('?') ? '&' : '?'}${signed.query}`
    const send = async (): Promise<WebhookResult> => {
      try {
        const res = await fetch(url, { method: 'POST', headers: signed.headers, body: signed.body })
        return { status: res.status, body: await res.text() }
      } catch (error) {
        return { status: 0, body: String(error) }
      }
    }
    const all = Promise.all(Array.from({ length: o.times ?? 1 }, send))
    if (o.await === false) {
      all.catch(() => {})
      return []
    }
    return all
  }

  const notify: MercadoPagoSimulator['notify'] = async (paymentId, o = {}) => {
    const dataId = String(paymentId)
    const payment = payments.get(Number(paymentId))
    const target = o.url ?? payment?.notificationUrl
    if (!target) throw new Error(`no notification URL for payment ${dataId}`)
    return deliver(target, signedNotification(dataId, o), o)
  }

  // -------------------------------------------------------------------------------------------
  // Subscriptions (issue 43 §5)
  const preapprovals = new Map<string, SimPreapproval>()
  const authorizedPayments = new Map<number, SimAuthorizedPayment>()
  const sim = { subscriptionWebhookUrl: undefined as string | undefined }
  let nextChargeId = 7_000_000_000 + randomInt(1_000_000)
  const monthLater = (from: Date) => {
    const d = new Date(from)
    d.setUTCMonth(d.getUTCMonth() + 1)
    return d.toISOString()
  }

  const authorizePreapproval = (id: string) => {
    const pre = preapprovals.get(id)
    if (!pre) throw new Error(`unknown preapproval ${id}`)
    pre.status = 'authorized'
    pre.last_modified = nowIso()
    pre.next_payment_date = nowIso()
    return pre
  }

  const chargePreapproval: MercadoPagoSimulator['chargePreapproval'] = (id, status, o = {}) => {
    const pre = preapprovals.get(id)
    if (!pre) throw new Error(`unknown preapproval ${id}`)
    const now = nowIso()
    const retried = o.retryOf === undefined ? undefined : authorizedPayments.get(o.retryOf)
    const charge: SimAuthorizedPayment = retried ?? {
      id: nextChargeId++,
      preapproval_id: pre.id,
      type: 'scheduled',
      status: 'scheduled',
      transaction_amount: o.amount ?? pre.auto_recurring.transaction_amount,
      currency_id: pre.auto_recurring.currency_id,
      reason: pre.reason,
      external_reference: pre.external_reference,
      date_created: now,
      last_modified: now,
      debit_date: now,
      retry_attempt: 0,
      payment: null,
    }
    if (retried) charge.retry_attempt += 1
    charge.status = status === 'approved' ? 'processed' : 'recycling'
    charge.last_modified = now
    charge.payment = {
      id: nextPaymentId++,
      status,
      status_detail: status === 'approved' ? 'accredited' : 'cc_rejected_insufficient_amount',
    }
    authorizedPayments.set(charge.id, charge)
    if (status === 'approved') pre.next_payment_date = monthLater(new Date(charge.debit_date))
    return charge
  }

  const notifySubscription: MercadoPagoSimulator['notifySubscription'] = async (
    topic,
    id,
    o = {},
  ) => {
    const target = o.url ?? sim.subscriptionWebhookUrl
    if (!target) throw new Error('no subscription webhook URL')
    return deliver(target, signedNotification(String(id), { ...o, type: topic }), o)
  }

  const subscriptionPage = (pre: SimPreapproval) => {
    const { transaction_amount: amount, currency_id: currency } = pre.auto_recurring
    return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Mercado Pago (simulador): suscripción</title>
<meta name="viewport" content="width=device-width"></head><body>
<main><h1>Suscripción (simulador)</h1><p>${escapeHtml(pre.reason)}</p>
<p>Cada mes: <strong data-testid="total">${currency} ${amount.toFixed(2)}</strong></p>
<form method="post" action="/subscriptions/checkout/authorize"><input type="hidden" name="preapproval_id" value="${escapeHtml(pre.id)}">
<button name="result" value="authorized">Autorizar</button></form></main></body></html>`
  }

  /** The subscription endpoints; undefined when the path is not one of them. */
  const handleSubscription = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: Record<string, unknown>,
    account: SimAccount | undefined,
  ): Promise<true | undefined> => {
    const notFound = () =>
      json(res, 404, { message: 'Preapproval not found', error: 'not_found', status: 404 })
    if (req.method === 'POST' && url.pathname === '/preapproval') {
      if (!account) return (unauthorizedReply(res), true)
      const rec = (body.auto_recurring ?? {}) as Partial<SimPreapproval['auto_recurring']>
      const valid =
        typeof body.payer_email === 'string' &&
        typeof body.back_url === 'string' &&
        rec.frequency === 1 &&
        rec.frequency_type === 'months' &&
        typeof rec.transaction_amount === 'number' &&
        rec.transaction_amount > 0 &&
        (rec.currency_id === 'UYU' || rec.currency_id === 'USD')
      if (!valid) {
        json(res, 400, { message: 'invalid preapproval', error: 'bad_request', status: 400 })
        return true
      }
      const id = randomBytes(16).toString('hex')
      const now = nowIso()
      const pre: SimPreapproval = {
        id,
        accountId: account.userId,
        status: 'pending',
        reason: String(body.reason ?? ''),
        external_reference: String(body.external_reference ?? ''),
        payer_email: String(body.payer_email),
        back_url: String(body.back_url),
        auto_recurring: {
          frequency: 1,
          frequency_type: 'months',
          transaction_amount: rec.transaction_amount!,
          currency_id: rec.currency_id!,
          start_date: now,
        },
        init_point: `${baseUrl}/subscriptions/checkout?preapproval_id=${id}`,
        date_created: now,
        last_modified: now,
        next_payment_date: null,
      }
      preapprovals.set(id, pre)
      json(res, 201, preapprovalJson(pre))
      return true
    }
    const preMatch = /^\/preapproval\/([\w-]+)$/.exec(url.pathname)
    if (preMatch && (req.method === 'GET' || req.method === 'PUT')) {
      if (!account) return (unauthorizedReply(res), true)
      const pre = preapprovals.get(preMatch[1]!)
      if (!pre || pre.accountId !== account.userId) return (notFound(), true)
      if (req.method === 'PUT') {
        const status = body.status
        if (status !== 'cancelled' && status !== 'paused' && status !== 'authorized') {
          json(res, 400, { message: 'invalid status', error: 'bad_request', status: 400 })
          return true
        }
        if (pre.status === 'cancelled') {
          json(res, 400, { message: 'preapproval cancelled', error: 'bad_request', status: 400 })
          return true
        }
        pre.status = status
        pre.last_modified = nowIso()
        if (status === 'cancelled') pre.next_payment_date = null
      }
      json(res, 200, preapprovalJson(pre))
      return true
    }
    const chargeMatch = /^\/authorized_payments\/(\d+)$/.exec(url.pathname)
    if (chargeMatch && req.method === 'GET') {
      if (!account) return (unauthorizedReply(res), true)
      const charge = authorizedPayments.get(Number(chargeMatch[1]))
      const pre = charge && preapprovals.get(charge.preapproval_id)
      if (!charge || !pre || pre.accountId !== account.userId) return (notFound(), true)
      json(res, 200, charge)
      return true
    }
    if (req.method === 'GET' && url.pathname === '/subscriptions/checkout') {
      const pre = preapprovals.get(url.searchParams.get('preapproval_id') ?? '')
      res.writeHead(pre ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(pre ? subscriptionPage(pre) : 'Suscripción desconocida')
      return true
    }
    if (req.method === 'POST' && url.pathname === '/subscriptions/checkout/authorize') {
      const pre = preapprovals.get(String(body.preapproval_id ?? ''))
      if (!pre) return (notFound(), true)
      authorizePreapproval(pre.id)
      const charge = chargePreapproval(pre.id, 'approved')
      // As Mercado Pago does: the notifications on their own, the browser back to back_url.
      if (sim.subscriptionWebhookUrl) {
        void notifySubscription('subscription_preapproval', pre.id, { await: false })
        void notifySubscription('subscription_authorized_payment', charge.id, { await: false })
      }
      const back = `${pre.back_url}${pre.back_url.includes('?') ? '&' : '?'}preapproval_id=${pre.id}`
      res.writeHead(302, { location: back })
      res.end()
      return true
    }
    return undefined
  }

  const preapprovalJson = (p: SimPreapproval) => {
    const { accountId: _a, ...rest } = p
    return { ...rest, collector_id: p.accountId, application_id: 1, payer_id: 1 }
  }
  const unauthorizedReply = (res: ServerResponse) =>
    json(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 })

  const checkoutPage = (pref: SimPreference) => {
    const total = pref.items.reduce((s, i) => s + i.unit_price * i.quantity, 0)
    const currency = pref.items[0]?.currency_id ?? ''
    const rows = pref.items
      .map((i) => `<li>${escapeHtml(i.title)} × ${i.quantity}: ${i.unit_price.toFixed(2)}</li>`)
      .join('')
    return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Mercado Pago (simulador)</title>
<meta name="viewport" content="width=device-width"></head><body>
<main><h1>Mercado Pago (simulador)</h1><ul>${rows}</ul>
<p>Total: <strong data-testid="total">${currency} ${total.toFixed(2)}</strong></p>
<form method="post" action="/checkout/v1/pay"><input type="hidden" name="pref_id" value="${escapeHtml(pref.id)}">
<button name="result" value="approved">Aprobar</button>
<button name="result" value="rejected">Rechazar</button></form></main></body></html>`
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', baseUrl)
    const auth = req.headers.authorization
    requests.push({ method: req.method ?? 'GET', path: url.pathname, auth })

    // The shopper's pages are never failed on purpose.
    const isPage =
      url.pathname.startsWith('/checkout/v1/') || url.pathname.startsWith('/subscriptions/')
    if (!isPage) {
      const index = failures.findIndex((f) => !f.path || f.path.test(url.pathname))
      if (index >= 0) {
        const { failure } = failures.splice(index, 1)[0]!
        if (failure.kind === 'timeout') {
          await new Promise((r) => setTimeout(r, failure.ms))
          res.destroy()
          return
        }
        return json(res, failure.status, { message: 'internal_error', status: failure.status })
      }
    }

    const text = await readBody(req)
    const body = parseBody(text, req.headers['content-type'])
    const account = auth?.startsWith('Bearer ') ? byToken.get(auth.slice(7)) : undefined
    const unauthorized = () =>
      json(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 })

    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/plain' })
      return res.end('Mercado Pago (simulador)')
    }

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const clientId = String(body.client_id ?? '')
      if (!clients.has(clientId) || clients.get(clientId) !== String(body.client_secret ?? '')) {
        return json(res, 401, {
          message: 'invalid client_id or client_secret',
          error: 'invalid_client',
          status: 401,
        })
      }
      if (body.grant_type === 'authorization_code') {
        const found = codes.get(String(body.code ?? ''))
        if (!found || found.redirectUri !== body.redirect_uri) {
          return json(res, 400, { message: 'invalid_grant', error: 'invalid_grant', status: 400 })
        }
        codes.delete(String(body.code))
        return json(res, 200, tokenReply(found.account))
      }
      if (body.grant_type === 'refresh_token') {
        const found = byRefresh.get(String(body.refresh_token ?? ''))
        if (!found)
          return json(res, 400, { message: 'invalid_grant', error: 'invalid_grant', status: 400 })
        // A refresh issues a new pair; the old access token stops working.
        byToken.delete(found.accessToken)
        byRefresh.delete(found.refreshToken)
        found.accessToken = `APP_USR-${randomBytes(8).toString('hex')}-${found.userId}`
        found.refreshToken = `TG-${randomBytes(12).toString('hex')}`
        byToken.set(found.accessToken, found)
        byRefresh.set(found.refreshToken, found)
        return json(res, 200, tokenReply(found))
      }
      return json(res, 400, {
        message: 'unsupported grant_type',
        error: 'invalid_request',
        status: 400,
      })
    }

    if (req.method === 'GET' && url.pathname === '/users/me') {
      if (!account) return unauthorized()
      return json(res, 200, {
        id: account.userId,
        nickname: account.nickname,
        first_name: account.firstName,
        last_name: account.lastName,
        email: account.email,
        site_id: account.siteId,
        country_id: account.siteId === 'MLU' ? 'UY' : 'AR',
      })
    }

    if (req.method === 'POST' && url.pathname === '/checkout/preferences') {
      if (!account) return unauthorized()
      const items = Array.isArray(body.items) ? (body.items as SimItem[]) : []
      const valid =
        items.length > 0 &&
        items.every(
          (i) =>
            typeof i.title === 'string' &&
            Number.isInteger(i.quantity) &&
            i.quantity > 0 &&
            typeof i.unit_price === 'number' &&
            i.unit_price > 0 &&
            i.currency_id === items[0]!.currency_id,
        )
      if (!valid)
        return json(res, 400, { message: 'invalid items', error: 'bad_request', status: 400 })
      const id = `${account.userId}-${randomBytes(8).toString('hex')}`
      const pref: SimPreference = {
        id,
        accountId: account.userId,
        items,
        external_reference: String(body.external_reference ?? ''),
        notification_url:
          typeof body.notification_url === 'string' ? body.notification_url : undefined,
        back_urls: body.back_urls as SimPreference['back_urls'],
        auto_return: typeof body.auto_return === 'string' ? body.auto_return : undefined,
        init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}`,
        date_created: nowIso(),
      }
      preferences.set(id, pref)
      return json(res, 201, { ...pref, accountId: undefined, collector_id: account.userId })
    }

    if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
      if (!account) return unauthorized()
      const ref = url.searchParams.get('external_reference')
      const results = [...payments.values()]
        .filter((p) => p.accountId === account.userId && (!ref || p.external_reference === ref))
        .sort((a, b) => b.date_created.localeCompare(a.date_created) || b.id - a.id)
        .map(paymentJson)
      return json(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results })
    }

    const paymentMatch = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(url.pathname)
    if (paymentMatch) {
      if (!account) return unauthorized()
      const payment = payments.get(Number(paymentMatch[1]))
      if (!payment || payment.accountId !== account.userId) {
        return json(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 })
      }
      if (req.method === 'GET' && !paymentMatch[2]) return json(res, 200, paymentJson(payment))
      if (req.method === 'POST' && paymentMatch[2]) {
        if (payment.status !== 'approved') {
          return json(res, 400, {
            message: 'Payment not refundable',
            error: 'bad_request',
            status: 400,
          })
        }
        const left =
          Math.round((payment.transaction_amount - payment.transaction_amount_refunded) * 100) / 100
        const amount = typeof body.amount === 'number' ? body.amount : left
        if (!(amount > 0) || amount > left + 1e-9) {
          return json(res, 400, {
            message: 'Invalid refund amount',
            error: 'bad_request',
            status: 400,
          })
        }
        const refund = { id: randomInt(1_000_000_000), amount, date_created: nowIso() }
        payment.refunds.push(refund)
        payment.transaction_amount_refunded =
          Math.round((payment.transaction_amount_refunded + amount) * 100) / 100
        if (payment.transaction_amount_refunded >= payment.transaction_amount) {
          payment.status = 'refunded'
          payment.status_detail = 'refunded'
        } else payment.status_detail = 'partially_refunded'
        payment.date_last_updated = nowIso()
        void notify(payment.id, { await: false }).catch(() => {})
        return json(res, 201, {
          id: refund.id,
          payment_id: payment.id,
          amount,
          status: 'approved',
          date_created: refund.date_created,
        })
      }
    }

    if (req.method === 'GET' && url.pathname === '/checkout/v1/redirect') {
      const pref = preferences.get(url.searchParams.get('pref_id') ?? '')
      if (!pref) {
        res.writeHead(404, { 'content-type': 'text/plain' })
        return res.end('Preferencia desconocida')
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(checkoutPage(pref))
    }

    if (req.method === 'POST' && url.pathname === '/checkout/v1/pay') {
      const pref = preferences.get(String(body.pref_id ?? ''))
      if (!pref) return json(res, 404, { message: 'preference not found' })
      const status: SimPaymentStatus = body.result === 'approved' ? 'approved' : 'rejected'
      const payment = createPayment(pref.id, status)
      // As Mercado Pago does: the notification is sent on its own, the browser redirected.
      if (pref.notification_url) void notify(payment.id, { await: false }).catch(() => {})
      const back = status === 'approved' ? pref.back_urls?.success : pref.back_urls?.failure
      if (!back) {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        return res.end(`Pago ${status}`)
      }
      const query = new URLSearchParams({
        collection_id: String(payment.id),
        collection_status: status,
        payment_id: String(payment.id),
        status,
        external_reference: pref.external_reference,
        payment_type: 'credit_card',
        merchant_order_id: String(randomInt(1_000_000_000)),
        preference_id: pref.id,
        site_id: 'MLU',
        processing_mode: 'aggregator',
        merchant_account_id: 'null',
      })
      res.writeHead(302, { location: `${back}${back.includes('?') ? '&' : '?'}${query}` })
      return res.end()
    }

    if (await handleSubscription(req, res, url, body, account)) return

    json(res, 404, { message: 'not_found', error: 'not_found', status: 404 })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { message: String(error) })
      else res.destroy()
    })
  })
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  )
  const { port } = server.address() as AddressInfo
  baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`

  return {
    url: baseUrl,
    webhookSecret,
    accounts,
    preferences,
    payments,
    requests,
    clients,
    addAccount,
    issueCode(account, redirectUri) {
      const code = `TG-${randomBytes(10).toString('hex')}`
      codes.set(code, { account, redirectUri })
      return code
    },
    failNext(count, failure, path) {
      for (let i = 0; i < count; i++) failures.push({ failure, path })
    },
    createPayment,
    setStatus,
    notify,
    signedNotification,
    preapprovals,
    authorizedPayments,
    get subscriptionWebhookUrl() {
      return sim.subscriptionWebhookUrl
    },
    set subscriptionWebhookUrl(url: string | undefined) {
      sim.subscriptionWebhookUrl = url
    },
    authorizePreapproval,
    chargePreapproval,
    notifySubscription,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
