/**
 * The Mercado Pago REST calls Vitrina makes (issue 43 §6, ADR 037), with plain fetch against a
 * configurable base URL (MERCADOPAGO_API_URL; a simulator in tests) and a time limit on each.
 * No SDK: five endpoints, and the official one neither takes a base URL nor lets us bound time.
 * A failure is a MercadoPagoError with the HTTP status (0: unreachable or timed out); no error
 * message ever carries a token.
 */
export interface MercadoPagoSettings {
  apiUrl: string
  timeoutMs: number
}

export class MercadoPagoError extends Error {
  override name = 'MercadoPagoError'
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`Mercado Pago ${path}: ${status || 'unreachable'}`)
  }
}

export interface MpUser {
  id: number
  nickname: string
  first_name?: string
  last_name?: string
  site_id?: string
}

export interface MpTokens {
  access_token: string
  refresh_token?: string
  public_key?: string
  user_id: number
  expires_in?: number
}

export interface MpPreferenceItem {
  id?: string
  title: string
  quantity: number
  unit_price: number
  currency_id: string
}

export interface MpPayment {
  id: number
  status: string
  status_detail?: string
  transaction_amount: number
  transaction_amount_refunded?: number
  currency_id: string
  external_reference?: string | null
}

/** One call to Mercado Pago's REST API (also the plans module's subscriptions, ADR 040). */
export async function call<T>(
  s: MercadoPagoSettings,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  init: { token?: string; body?: unknown; form?: Record<string, string>; idempotencyKey?: string },
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  if (init.idempotencyKey) headers['x-idempotency-key'] = init.idempotencyKey
  let body: string | undefined
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(init.form).toString()
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.body)
  }
  // The path is logged without its query (a search names no one, but stays out anyway).
  const shown = path.split('?')[0]!
  let res: Response
  try {
    res = await fetch(`${s.apiUrl}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(s.timeoutMs),
    })
  } catch {
    throw new MercadoPagoError(0, shown)
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {})
    throw new MercadoPagoError(res.status, shown)
  }
  try {
    return (await res.json()) as T
  } catch {
    throw new MercadoPagoError(502, shown)
  }
}

export const mercadoPago = {
  me: (s: MercadoPagoSettings, token: string) => call<MpUser>(s, 'GET', '/users/me', { token }),

  exchangeCode: (
    s: MercadoPagoSettings,
    c: { clientId: string; clientSecret: string; code: string; redirectUri: string },
  ) =>
    call<MpTokens>(s, 'POST', '/oauth/token', {
      body: {
        grant_type: 'authorization_code',
        client_id: c.clientId,
        client_secret: c.clientSecret,
        code: c.code,
        redirect_uri: c.redirectUri,
      },
    }),

  refresh: (
    s: MercadoPagoSettings,
    c: { clientId: string; clientSecret: string; refreshToken: string },
  ) =>
    call<MpTokens>(s, 'POST', '/oauth/token', {
      body: {
        grant_type: 'refresh_token',
        client_id: c.clientId,
        client_secret: c.clientSecret,
        refresh_token: c.refreshToken,
      },
    }),

  createPreference: (
    s: MercadoPagoSettings,
    token: string,
    preference: {
      items: MpPreferenceItem[]
      external_reference: string
      notification_url: string
      back_urls: { success: string; failure: string; pending: string }
      auto_return: 'approved'
    },
    idempotencyKey: string,
  ) =>
    call<{ id: string; init_point: string; sandbox_init_point?: string }>(
      s,
      'POST',
      '/checkout/preferences',
      { token, body: preference, idempotencyKey },
    ),

  payment: (s: MercadoPagoSettings, token: string, id: string) =>
    call<MpPayment>(s, 'GET', `/v1/payments/${encodeURIComponent(id)}`, { token }),

  /** The payments of an order (its external reference), newest first. */
  searchPayments: (s: MercadoPagoSettings, token: string, externalReference: string) =>
    call<{ results: MpPayment[] }>(
      s,
      'GET',
      `/v1/payments/search?sort=date_created&criteria=desc&external_reference=${encodeURIComponent(externalReference)}`,
      { token },
    ),

  refund: (
    s: MercadoPagoSettings,
    token: string,
    id: string,
    amount: number | undefined,
    idempotencyKey: string,
  ) =>
    call<{ id: number; amount: number; status: string }>(
      s,
      'POST',
      `/v1/payments/${encodeURIComponent(id)}/refunds`,
      { token, body: amount === undefined ? {} : { amount }, idempotencyKey },
    ),
}
