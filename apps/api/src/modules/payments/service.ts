/**
 * Online payments with Mercado Pago (issue 43, docs/decisions/037-mercado-pago.md).
 *
 * - A shop connects its account (OAuth or pasted credentials); the credentials are encrypted
 *   (crypto.ts), never answered, never logged, dropped on disconnect (and with the shop).
 * - The shopper's order is saved as always; then a Checkout Pro preference is made from the
 *   saved order (startPayment) and the shopper sent to pay.
 * - A notification is verified (x-signature), the payment read from Mercado Pago with the shop's
 *   token (the body is never trusted) and applied (applyPayment): idempotent and ordered by the
 *   contracts' `mayApplyPayment`, one conditional UPDATE on the state read.
 * - A job asks again about payments still pending (checkDuePayments), with backoff, one process
 *   at a time per order (a lease on the row, as the mail outbox).
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import {
  amountsFromCents,
  formatAmounts,
  fromCents,
  idSchema,
  mayApplyPayment,
  mayPay,
  MERCADOPAGO_SITE_CURRENCIES,
  nameWithVariant,
  PAID_STATUSES,
  PAYMENT_MAILS,
  PAYMENT_MESSAGES,
  PAYMENT_STATUS_LABELS,
  paymentStatusOf,
  ACCOUNT_MAILS,
  storefrontPaths,
  type StorefrontShop,
  toCents,
  type CurrencyAmounts,
  type MercadoPagoConnection,
  type MercadoPagoCredentials,
  type OrderPayment,
  type PaymentEvent,
  type PaymentSource,
  type PaymentStatus,
} from '@vitrina/contracts'
import type { Config } from '../../config.js'
import type { Database, Executor } from '../../db/client.js'
import { products, type PaymentAccountRow, type StoredOrderItem } from '../../db/schema/index.js'
import { AppError } from '../../lib/errors.js'
import { findBusinessByUserId } from '../businesses/index.js'
import { enqueueMail, escapeHtml, type OutgoingMail } from '../mail/index.js'
import {
  confirmPaidOrder,
  findShopperOrder,
  lockForPaidConfirmation,
  mailShopperPaid,
  storefrontOfBusiness,
} from '../orders/service.js'
import { mercadoPago, MercadoPagoError, type MpPayment, type MpPreferenceItem } from './client.js'
import {
  decryptCredentials,
  encryptCredentials,
  signState,
  verifyState,
  verifyWebhookSignature,
  type StoredCredentials,
} from './crypto.js'
import {
  accountsExpiringWithin,
  claimDueChecks,
  deleteAccount,
  eventsOf,
  findAccount,
  findPaymentOrder,
  flagPayment,
  leaseRefresh,
  movePayment,
  recordEvent,
  saveAccount,
  saveRefreshed,
  scheduleCheck,
  startOnlinePayment,
  type PaymentOrder,
} from './repository.js'

export interface PaymentDeps {
  db: Database
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string
  mp: Config['mercadoPago']
  /** Issue 46 §1: the shop's storefront on its verified domain (`app.storefrontAddress`). */
  storefrontAddress?: (identifier: string) => Promise<{ origin: string; shop: StorefrontShop }>
}

/** A notification whose `ts` is further than this from now is refused (a replay). */
export const SIGNATURE_TOLERANCE_S = 5 * 60
/** An OAuth token is refreshed when it has less than this left (they last 180 days). */
const REFRESH_BEFORE_S = 7 * 24 * 60 * 60
/** The reconciliation asks at most this many times, then leaves the payment to the owner. */
const MAX_CHECKS = 12
const MAX_BACKOFF_S = 6 * 60 * 60
/** A claimed check is not due again for this long (the process that claimed it asks). */
const CHECK_LEASE_S = 120

const notConnected = () => new AppError('NOT_FOUND', PAYMENT_MESSAGES.notConnected)
const noBusiness = () => new AppError('NOT_FOUND', PAYMENT_MESSAGES.notConnected)
const unreachable = () => new AppError('UNAVAILABLE', PAYMENT_MESSAGES.unreachable)
const orderNotFound = () => new AppError('NOT_FOUND', 'No encontramos ese pedido.')

/** A Mercado Pago failure as the reply the owner or shopper gets. */
function mpFailure(error: unknown): AppError {
  if (error instanceof MercadoPagoError) {
    if (error.status === 401 || error.status === 403) {
      return new AppError('VALIDATION', PAYMENT_MESSAGES.credentialsRejected)
    }
    return unreachable()
  }
  throw error
}

const settings = (deps: PaymentDeps) => ({ apiUrl: deps.mp.apiUrl, timeoutMs: deps.mp.timeoutMs })

function encryptionKey(deps: PaymentDeps): Buffer {
  if (!deps.mp.encryptionKey) throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.notConfigured)
  return deps.mp.encryptionKey
}

export function notificationUrl(publicUrl: string, businessId: string): string {
  return `${publicUrl}/api/payments/mercadopago/notifications/${businessId}`
}

function oauthRedirectUri(publicUrl: string): string {
  return `${publicUrl}/api/payments/mercadopago/oauth/callback`
}

const accountName = (user: { nickname: string; first_name?: string; last_name?: string }) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.nickname

async function ownBusiness(db: Executor, userId: string) {
  const business = await findBusinessByUserId(db, userId)
  if (!business) throw noBusiness()
  return business
}

// ---------------------------------------------------------------------------------------------
// The connection

async function shopCurrencies(db: Executor, businessId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ currency: products.currency })
    .from(products)
    .where(eq(products.businessId, businessId))
  return rows.map((r) => r.currency).sort()
}

function unsupported(siteId: string | null, currencies: string[]): string[] {
  const charged = MERCADOPAGO_SITE_CURRENCIES[siteId ?? '']
  // An account whose site we do not know: nothing is claimed (Mercado Pago will say).
  if (!charged) return []
  return currencies.filter((c) => !charged.includes(c))
}

/**
 * Issue 43 §2: the checkout offers Mercado Pago only when the account charges every currency the
 * shop sells in — a shop that sells in a currency its account cannot charge is told so in
 * /admin/pagos, and its shoppers are not sent to a payment that would fail.
 */
async function acceptsOnline(deps: PaymentDeps, businessId: string): Promise<boolean> {
  const account = await findAccount(deps.db, businessId)
  if (!account) return false
  return unsupported(account.siteId, await shopCurrencies(deps.db, businessId)).length === 0
}

export async function connectionOf(
  deps: PaymentDeps,
  userId: string,
): Promise<MercadoPagoConnection> {
  const business = await ownBusiness(deps.db, userId)
  const account = await findAccount(deps.db, business.id)
  const oauthAvailable = Boolean(deps.mp.clientId && deps.mp.clientSecret && deps.mp.encryptionKey)
  if (!account) return { connected: false, unsupportedCurrencies: [], oauthAvailable }
  return {
    connected: true,
    method: account.method,
    accountName: account.accountName,
    accountId: account.accountId,
    unsupportedCurrencies: unsupported(account.siteId, await shopCurrencies(deps.db, business.id)),
    oauthAvailable,
    notificationUrl: notificationUrl(deps.publicUrl, business.id),
  }
}

/** Pasted credentials: checked against Mercado Pago (GET /users/me) before they are kept. */
export async function connectWithCredentials(
  deps: PaymentDeps,
  userId: string,
  input: MercadoPagoCredentials,
): Promise<MercadoPagoConnection> {
  const key = encryptionKey(deps)
  const business = await ownBusiness(deps.db, userId)
  const user = await mercadoPago.me(settings(deps), input.accessToken).catch((e) => {
    throw mpFailure(e)
  })
  const credentials: StoredCredentials = {
    accessToken: input.accessToken,
    publicKey: input.publicKey,
    ...(input.webhookSecret ? { webhookSecret: input.webhookSecret } : {}),
  }
  await saveAccount(deps.db, {
    businessId: business.id,
    method: 'token',
    credentials: encryptCredentials(key, business.id, credentials),
    accountId: String(user.id),
    accountName: accountName(user),
    siteId: user.site_id ?? null,
    expiresAt: null,
  })
  return connectionOf(deps, userId)
}

/** "Probar conexión": the account the stored credentials open, by name. */
export async function testConnection(deps: PaymentDeps, userId: string) {
  const business = await ownBusiness(deps.db, userId)
  const account = await findAccount(deps.db, business.id)
  if (!account) throw notConnected()
  const token = await accessTokenFor(deps, account)
  const user = await mercadoPago.me(settings(deps), token).catch((e) => {
    throw mpFailure(e)
  })
  return { ok: true as const, accountName: accountName(user) }
}

export async function disconnect(deps: PaymentDeps, userId: string): Promise<void> {
  const business = await ownBusiness(deps.db, userId)
  if (!(await deleteAccount(deps.db, business.id))) throw notConnected()
}

/** "Conectar con Mercado Pago": the authorization URL, its state bound to this owner. */
export async function oauthStart(deps: PaymentDeps, userId: string): Promise<{ url: string }> {
  const key = encryptionKey(deps)
  if (!deps.mp.clientId || !deps.mp.clientSecret) {
    throw new AppError('CONFLICT', PAYMENT_MESSAGES.oauthNotConfigured)
  }
  await ownBusiness(deps.db, userId)
  const url = new URL(deps.mp.authUrl)
  url.searchParams.set('client_id', deps.mp.clientId)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('platform_id', 'mp')
  url.searchParams.set('state', signState(key, userId))
  url.searchParams.set('redirect_uri', oauthRedirectUri(deps.publicUrl))
  return { url: url.toString() }
}

/**
 * Mercado Pago's redirect back (the owner's browser, no bearer): the state names the owner who
 * started it. Answers where to send the browser: the payment settings, with the outcome.
 */
export async function oauthCallback(
  deps: PaymentDeps,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<string> {
  const back = (outcome: string) => `${deps.publicUrl}/admin/pagos?mercadopago=${outcome}`
  const key = deps.mp.encryptionKey
  if (!key || !deps.mp.clientId || !deps.mp.clientSecret) return back('no-disponible')
  const userId = query.state ? verifyState(key, query.state) : undefined
  if (!userId) return back('vencido')
  if (query.error || !query.code) return back('rechazado')
  const business = await findBusinessByUserId(deps.db, userId)
  if (!business) return back('vencido')
  try {
    const tokens = await mercadoPago.exchangeCode(settings(deps), {
      clientId: deps.mp.clientId,
      clientSecret: deps.mp.clientSecret,
      code: query.code,
      redirectUri: oauthRedirectUri(deps.publicUrl),
    })
    const user = await mercadoPago.me(settings(deps), tokens.access_token)
    await saveAccount(deps.db, {
      businessId: business.id,
      method: 'oauth',
      credentials: encryptCredentials(key, business.id, {
        accessToken: tokens.access_token,
        publicKey: tokens.public_key ?? '',
        ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
      }),
      accountId: String(user.id),
      accountName: accountName(user),
      siteId: user.site_id ?? null,
      expiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
    })
    return back('conectado')
  } catch (error) {
    if (error instanceof MercadoPagoError) return back('error')
    throw error
  }
}

function credentialsOf(deps: PaymentDeps, account: PaymentAccountRow): StoredCredentials {
  const opened = decryptCredentials(encryptionKey(deps), account.businessId, account.credentials)
  // A key changed without re-connecting: the owner has to connect again.
  if (!opened) throw new AppError('CONFLICT', PAYMENT_MESSAGES.credentialsRejected)
  return opened
}

/**
 * The account's access token; an OAuth token close to expiry is refreshed first, by one process
 * at a time (a lease on the row). Another process refreshing: the current token while it lasts.
 */
export async function accessTokenFor(deps: PaymentDeps, account: PaymentAccountRow) {
  const credentials = credentialsOf(deps, account)
  const expiring =
    account.method === 'oauth' &&
    account.expiresAt !== null &&
    account.expiresAt.getTime() - Date.now() < REFRESH_BEFORE_S * 1000
  if (!expiring || !credentials.refreshToken || !deps.mp.clientId || !deps.mp.clientSecret) {
    return credentials.accessToken
  }
  if (!(await leaseRefresh(deps.db, account.businessId, 30))) return credentials.accessToken
  try {
    const tokens = await mercadoPago.refresh(settings(deps), {
      clientId: deps.mp.clientId,
      clientSecret: deps.mp.clientSecret,
      refreshToken: credentials.refreshToken,
    })
    const next: StoredCredentials = {
      ...credentials,
      accessToken: tokens.access_token,
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
      ...(tokens.public_key ? { publicKey: tokens.public_key } : {}),
    }
    await saveRefreshed(
      deps.db,
      account.businessId,
      encryptCredentials(encryptionKey(deps), account.businessId, next),
      tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
    )
    return next.accessToken
  } catch (error) {
    if (error instanceof MercadoPagoError) return credentials.accessToken
    throw error
  }
}

/** The refresh job's round: OAuth tokens expiring within REFRESH_BEFORE_S. */
export async function refreshExpiring(deps: PaymentDeps): Promise<number> {
  const due = await accountsExpiringWithin(deps.db, REFRESH_BEFORE_S)
  for (const { businessId } of due) {
    const account = await findAccount(deps.db, businessId)
    if (account) await accessTokenFor(deps, account)
  }
  return due.length
}

// ---------------------------------------------------------------------------------------------
// The shopper pays

/** The only currency of an order with its total in cents; undefined for a mixed order. */
function orderCurrency(totals: CurrencyAmounts): { currency: string; total: number } | undefined {
  const entries = Object.entries(totals).filter(([, cents]) => (cents ?? 0) > 0)
  if (entries.length !== 1) return undefined
  const [currency, total] = entries[0]!
  return { currency, total: total! }
}

/**
 * The preference's items from the saved order: its lines at their unit price and the delivery
 * fee — or, when those do not add up to the total (a discount applied to the order), one line
 * for the whole order, so Mercado Pago charges exactly the order's total.
 */
export function preferenceItems(
  order: { code: string; items: StoredOrderItem[]; deliveryFee: CurrencyAmounts },
  businessName: string,
  currency: string,
  total: number,
): MpPreferenceItem[] {
  const fee = order.deliveryFee[currency as keyof CurrencyAmounts] ?? 0
  const lines: MpPreferenceItem[] = order.items.map((item) => ({
    id: item.variantId ?? item.productId,
    title: nameWithVariant(item.name, item.variantLabel).slice(0, 250),
    quantity: item.quantity,
    unit_price: fromCents(item.unitCents),
    currency_id: currency,
  }))
  if (fee > 0) {
    lines.push({
      id: 'envio',
      title: 'Envío',
      quantity: 1,
      unit_price: fromCents(fee),
      currency_id: currency,
    })
  }
  const adds =
    order.items.every((i) => i.unitCents > 0 && i.currency === currency) &&
    order.items.reduce((sum, i) => sum + i.unitCents * i.quantity, 0) + fee === total
  if (adds) return lines
  return [
    {
      id: order.code,
      title: `Pedido ${order.code} de ${businessName}`.slice(0, 250),
      quantity: 1,
      unit_price: fromCents(total),
      currency_id: currency,
    },
  ]
}

/**
 * POST /api/orders/{code}/pago?t=: a Checkout Pro preference for the saved order, and where to
 * send the shopper. Refused when paid, cancelled, not an online payment or in two currencies.
 */
export async function startPayment(
  deps: PaymentDeps,
  code: string,
  token: string | undefined,
): Promise<{ url: string }> {
  const found = await findShopperOrder(deps.db, code, token)
  if (!found) throw orderNotFound()
  const { order, business } = found
  if (order.paymentMethod !== 'mercadopago' || !order.paymentStatus) {
    throw new AppError('CONFLICT', PAYMENT_MESSAGES.notOnlinePayment)
  }
  if (!mayPay(order.paymentStatus)) throw new AppError('CONFLICT', PAYMENT_MESSAGES.alreadyPaid)
  if (order.status === 'cancelado') throw new AppError('CONFLICT', PAYMENT_MESSAGES.cannotPay)
  const amount = orderCurrency(order.totals)
  if (!amount) throw new AppError('CONFLICT', PAYMENT_MESSAGES.mixedCurrencies)
  const account = await findAccount(deps.db, business.id)
  if (!account) throw new AppError('CONFLICT', PAYMENT_MESSAGES.notConnected)
  const accessToken = await accessTokenFor(deps, account)
  const { origin, shop } = (await deps.storefrontAddress?.(business.identifier)) ?? {
    origin: deps.publicUrl,
    shop: business.identifier,
  }
  const pageUrl = `${origin}${storefrontPaths.order(shop, order.code, token!)}`
  try {
    const preference = await mercadoPago.createPreference(
      settings(deps),
      accessToken,
      {
        items: preferenceItems(order, business.name, amount.currency, amount.total),
        external_reference: order.id,
        notification_url: notificationUrl(deps.publicUrl, business.id),
        back_urls: { success: pageUrl, failure: pageUrl, pending: pageUrl },
        auto_return: 'approved',
      },
      randomUUID(),
    )
    await startOnlinePayment(deps.db, order.id, deps.mp.recheckAfterS)
    return { url: preference.init_point }
  } catch (error) {
    throw mpFailure(error)
  }
}

// ---------------------------------------------------------------------------------------------
// Notifications and their application

export interface Notification {
  signature: string | undefined
  requestId: string | undefined
  /** data.id of the query (the one the signature covers). */
  dataId: string | undefined
  type: string | undefined
}

/**
 * POST /api/payments/mercadopago/notifications/{businessId}: verified, then the payment read
 * from Mercado Pago and applied. 401 for a bad or stale signature; 503 while Mercado Pago does
 * not answer (it notifies again; the job asks too).
 */
export async function handleNotification(
  deps: PaymentDeps,
  businessId: string,
  notification: Notification,
): Promise<{ result: string }> {
  if (!idSchema.safeParse(businessId).success) throw notConnected()
  const account = await findAccount(deps.db, businessId)
  if (!account) throw notConnected()
  const own = account.method === 'token' ? credentialsOf(deps, account).webhookSecret : undefined
  const secrets = [own, deps.mp.webhookSecret].filter((s): s is string => Boolean(s))
  const valid =
    secrets.length > 0 && verifyWebhookSignature(secrets, notification, SIGNATURE_TOLERANCE_S)
  if (!valid) throw new AppError('UNAUTHORIZED', PAYMENT_MESSAGES.signatureInvalid)
  if (
    notification.type !== 'payment' ||
    !notification.dataId ||
    !/^\d{1,20}$/.test(notification.dataId)
  ) {
    return { result: 'ignored' }
  }
  const token = await accessTokenFor(deps, account)
  let payment: MpPayment
  try {
    payment = await mercadoPago.payment(settings(deps), token, notification.dataId)
  } catch (error) {
    if (error instanceof MercadoPagoError && error.status === 404) return { result: 'unknown' }
    throw mpFailure(error)
  }
  return { result: await applyPayment(deps, businessId, payment, 'webhook') }
}

type Applied = 'changed' | 'unchanged' | 'flagged' | 'unknown'

/**
 * Applies a payment read from Mercado Pago to its order (its external reference) of this shop.
 * The state read is moved only if the contracts' rule allows it and nobody moved it meanwhile
 * (else read again: of concurrent notifications exactly one changes anything). An approval
 * confirms the order (stock in the same transaction) and mails the owner; an amount or currency
 * that is not the order's is recorded and flagged, never paid.
 */
export async function applyPayment(
  deps: PaymentDeps,
  businessId: string,
  payment: MpPayment,
  source: PaymentSource,
): Promise<Applied> {
  const orderId = payment.external_reference ?? ''
  if (!idSchema.safeParse(orderId).success) return 'unknown'
  const refunded = toCents(payment.transaction_amount_refunded ?? 0)
  const next = paymentStatusOf(payment.status, refunded)
  if (!next) return 'unchanged'
  const paymentId = String(payment.id)
  // Issue 43 §3: an approval mails the shopper; where its link goes is read before the
  // transaction (the shop's verified domain may be looked up in the database).
  const where = next === 'aprobado' ? await storefrontOfBusiness(deps, businessId) : undefined
  for (let attempt = 0; attempt < 10; attempt++) {
    const outcome = await deps.db.transaction(async (tx): Promise<Applied | 'again'> => {
      const order = await findPaymentOrder(tx, businessId, orderId)
      if (!order || order.paymentMethod !== 'mercadopago') return 'unknown'
      const expected = orderCurrency(order.totals)
      const amount = toCents(payment.transaction_amount)
      const event = {
        orderId,
        status: next,
        paymentId,
        refunded,
        amount,
        currency: payment.currency_id,
        source,
      }
      const charges =
        PAID_STATUSES.includes(next) || next === 'reembolsado' || next === 'contracargo'
      if (charges && (expected?.currency !== payment.currency_id || expected.total !== amount)) {
        const recorded = await recordEvent(tx, { ...event, flag: 'importe' })
        const flagged = await flagPayment(tx, orderId, 'importe')
        if (flagged) await enqueueMail(tx, flaggedMail(deps, order))
        return recorded || flagged ? 'flagged' : 'unchanged'
      }
      const current = {
        status: order.paymentStatus,
        paymentId: order.paymentId,
        refundedCents: order.paymentRefunded,
      }
      if (!mayApplyPayment(current, { status: next, paymentId, refundedCents: refunded })) {
        // A second payment of an order already paid: kept in its history for the owner.
        if (current.paymentId !== paymentId && PAID_STATUSES.includes(next)) {
          const recorded = await recordEvent(tx, { ...event, flag: 'otro_pago' })
          return recorded ? 'flagged' : 'unchanged'
        }
        return 'unchanged'
      }
      const wasPaid = current.status !== null && PAID_STATUSES.includes(current.status)
      // ADR 037: the order's products before its row, the owner's confirmation's order — or an
      // owner confirming at this instant holds the products while waiting for the row.
      if (next === 'aprobado' && !wasPaid) await lockForPaidConfirmation(tx, order)
      const moved = await movePayment(
        tx,
        orderId,
        { status: current.status, paymentId: current.paymentId, refunded: current.refundedCents },
        {
          status: next,
          paymentId,
          refunded,
          recheckInS: next === 'pendiente' ? deps.mp.recheckAfterS : null,
        },
      )
      if (!moved) return 'again'
      await recordEvent(tx, { ...event, flag: null })
      if (next === 'aprobado' && !wasPaid) {
        const confirmed = await confirmPaidOrder(tx, order, PAYMENT_MAILS.confirmedNote)
        if (confirmed === 'short') await flagPayment(tx, orderId, 'stock')
        await enqueueMail(tx, approvedMail(deps, order, confirmed, amount))
        if (where) {
          await mailShopperPaid(tx, orderId, where, {
            total: amountText(order, amount),
            confirmed: confirmed === 'confirmed',
          })
        }
      }
      if (next === 'reembolsado' || next === 'reembolsado_parcial') {
        await enqueueMail(tx, refundedMail(deps, order, refunded))
      }
      return 'changed'
    })
    if (outcome !== 'again') return outcome
  }
  return 'unchanged'
}

// ---------------------------------------------------------------------------------------------
// Reconciliation

/** Seconds until the `checks`-th next question: the delay doubling, at most 6 hours. */
export function backoffS(recheckAfterS: number, checks: number): number {
  return Math.min(MAX_BACKOFF_S, recheckAfterS * 2 ** Math.max(0, checks - 1))
}

/** The payment that says most about an order: an approved one, else the newest. */
function mostTelling(results: MpPayment[]): MpPayment | undefined {
  const rank = (p: MpPayment) => {
    const status = paymentStatusOf(p.status, toCents(p.transaction_amount_refunded ?? 0))
    return status && PAID_STATUSES.includes(status) ? 0 : status === 'pendiente' ? 1 : 2
  }
  return [...results].sort((a, b) => rank(a) - rank(b))[0]
}

/**
 * One round of the job: claims the due pending payments (leased: one process per order), asks
 * Mercado Pago about each (by payment id, or the order's payments when none is known yet),
 * applies what it says, and schedules the next question with backoff — none after MAX_CHECKS.
 */
export async function checkDuePayments(deps: PaymentDeps, limit = 20): Promise<number> {
  const claimed = await claimDueChecks(deps.db, limit, CHECK_LEASE_S)
  for (const row of claimed) {
    const later =
      row.paymentChecks >= MAX_CHECKS ? null : backoffS(deps.mp.recheckAfterS, row.paymentChecks)
    try {
      const account = await findAccount(deps.db, row.businessId)
      if (!account) {
        await scheduleCheck(deps.db, row.id, null)
        continue
      }
      const token = await accessTokenFor(deps, account)
      const payment = row.paymentId
        ? await mercadoPago.payment(settings(deps), token, row.paymentId)
        : mostTelling((await mercadoPago.searchPayments(settings(deps), token, row.id)).results)
      if (payment) await applyPayment(deps, row.businessId, payment, 'conciliacion')
      await scheduleCheck(deps.db, row.id, later)
    } catch (error) {
      if (!(error instanceof MercadoPagoError) && !(error instanceof AppError)) throw error
      await scheduleCheck(deps.db, row.id, later)
    }
  }
  return claimed.length
}

// ---------------------------------------------------------------------------------------------
// The owner

function toOrderPayment(
  order: Pick<
    PaymentOrder,
    'paymentStatus' | 'paymentId' | 'paymentRefunded' | 'paymentFlag' | 'status'
  >,
): OrderPayment | null {
  const status = order.paymentStatus
  if (!status) return null
  return {
    status,
    label: PAYMENT_STATUS_LABELS[status],
    ...(order.paymentId ? { paymentId: order.paymentId } : {}),
    ...(order.paymentRefunded ? { refunded: fromCents(order.paymentRefunded) } : {}),
    ...(order.paymentFlag ? { flagged: true, flag: order.paymentFlag } : {}),
    mayPay: mayPay(status) && order.status !== 'cancelado',
  }
}

async function ownOrder(deps: PaymentDeps, userId: string, orderId: string) {
  const business = await ownBusiness(deps.db, userId)
  // Another shop's order is as unknown as a missing one.
  const order = idSchema.safeParse(orderId).success
    ? await findPaymentOrder(deps.db, business.id, orderId)
    : undefined
  if (!order) throw orderNotFound()
  return { business, order }
}

/** GET /api/orders/{id}/pago: the order's payment and every change of it, with its source. */
export async function ownerPayment(
  deps: PaymentDeps,
  userId: string,
  orderId: string,
): Promise<{ payment: OrderPayment | null; events: PaymentEvent[] }> {
  const { order } = await ownOrder(deps, userId, orderId)
  const events = await eventsOf(deps.db, order.id)
  return {
    payment: toOrderPayment(order),
    events: events.map((e) => ({
      at: e.createdAt.toISOString(),
      status: e.status,
      source: e.source,
      ...(e.paymentId ? { paymentId: e.paymentId } : {}),
      ...(e.flag ? { flag: e.flag } : {}),
    })),
  }
}

/**
 * POST /api/orders/{id}/reembolsos: a full (no amount) or partial refund through Mercado Pago,
 * reflected when Mercado Pago confirms it (the payment read again and applied).
 */
export async function refundOrder(
  deps: PaymentDeps,
  userId: string,
  orderId: string,
  amount: number | undefined,
) {
  const { business, order } = await ownOrder(deps, userId, orderId)
  const expected = orderCurrency(order.totals)
  if (
    !order.paymentId ||
    !order.paymentStatus ||
    !PAID_STATUSES.includes(order.paymentStatus) ||
    !expected
  ) {
    throw new AppError('CONFLICT', PAYMENT_MESSAGES.notRefundable)
  }
  const left = expected.total - order.paymentRefunded
  const cents = amount === undefined ? undefined : toCents(amount)
  if (cents !== undefined && cents > left) {
    const max = formatAmounts(amountsFromCents({ [expected.currency]: left } as CurrencyAmounts))
    throw new AppError('VALIDATION', PAYMENT_MESSAGES.refundTooLarge(max))
  }
  const account = await findAccount(deps.db, business.id)
  if (!account) throw notConnected()
  const token = await accessTokenFor(deps, account)
  try {
    await mercadoPago.refund(
      settings(deps),
      token,
      order.paymentId,
      cents === undefined ? undefined : fromCents(cents),
      randomUUID(),
    )
  } catch (error) {
    if (error instanceof MercadoPagoError && error.status >= 400 && error.status < 500) {
      throw new AppError('CONFLICT', PAYMENT_MESSAGES.refundRefused)
    }
    throw mpFailure(error)
  }
  try {
    const payment = await mercadoPago.payment(settings(deps), token, order.paymentId)
    await applyPayment(deps, business.id, payment, 'duenio')
  } catch (error) {
    // Refunded at Mercado Pago; its notification (or the job) brings the state.
    if (!(error instanceof MercadoPagoError)) throw error
  }
  return ownerPayment(deps, userId, orderId)
}

// ---------------------------------------------------------------------------------------------
// Orders hook and mails

/** What the orders module asks (OrderDeps.onlinePayments): no import cycle. */
export function onlinePaymentsFor(deps: PaymentDeps) {
  return {
    accepts: async (businessId: string) =>
      Boolean(deps.mp.encryptionKey) &&
      idSchema.safeParse(businessId).success &&
      (await acceptsOnline(deps, businessId)),
    started: (orderId: string) => startOnlinePayment(deps.db, orderId, deps.mp.recheckAfterS),
  }
}

function html(paragraphs: string[]): string {
  return `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #0d1b2a; line-height: 1.5">
${paragraphs.map((p) => `    <p style="white-space: pre-line">${escapeHtml(p)}</p>`).join('\n')}
  </body>
</html>
`
}

function ownerMail(
  order: PaymentOrder,
  subject: string,
  kind: string,
  body: string[],
): OutgoingMail {
  const paragraphs = [ACCOUNT_MAILS.greeting(order.ownerName), ...body, ACCOUNT_MAILS.signature]
  return {
    to: order.ownerEmail,
    subject,
    kind,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  }
}

const adminUrl = (deps: PaymentDeps) => `${deps.publicUrl}/admin/pedidos`

/** '$ 1.200,00': an amount in the order's currency. */
function amountText(order: PaymentOrder, amount: number): string {
  const currency = orderCurrency(order.totals)?.currency ?? 'UYU'
  return formatAmounts(amountsFromCents({ [currency]: amount } as CurrencyAmounts))
}

function approvedMail(
  deps: PaymentDeps,
  order: PaymentOrder,
  confirmed: 'confirmed' | 'short' | 'skipped',
  amount: number,
): OutgoingMail {
  const currency = orderCurrency(order.totals)?.currency ?? 'UYU'
  const total = formatAmounts(amountsFromCents({ [currency]: amount } as CurrencyAmounts))
  return ownerMail(order, PAYMENT_MAILS.approvedSubject(order.code), 'order-paid', [
    PAYMENT_MAILS.approvedIntro(order.businessName, order.code, total),
    ...(confirmed === 'confirmed' ? [PAYMENT_MAILS.confirmed] : []),
    ...(confirmed === 'short' ? [PAYMENT_MAILS.stockShort] : []),
    PAYMENT_MAILS.manage(adminUrl(deps)),
  ])
}

function flaggedMail(deps: PaymentDeps, order: PaymentOrder): OutgoingMail {
  return ownerMail(order, PAYMENT_MAILS.flaggedSubject(order.code), 'order-payment-flagged', [
    PAYMENT_MAILS.flaggedIntro(order.code),
    PAYMENT_MAILS.manage(adminUrl(deps)),
  ])
}

function refundedMail(deps: PaymentDeps, order: PaymentOrder, refunded: number): OutgoingMail {
  const currency = orderCurrency(order.totals)?.currency ?? 'UYU'
  const total = formatAmounts(amountsFromCents({ [currency]: refunded } as CurrencyAmounts))
  return ownerMail(order, PAYMENT_MAILS.refundedSubject(order.code), 'order-refunded', [
    PAYMENT_MAILS.refundedIntro(order.code, total),
    PAYMENT_MAILS.manage(adminUrl(deps)),
  ])
}

export type { PaymentStatus }
