/**
 * Issue 43 §1 (ADR 037): a shop's Mercado Pago credentials are stored as AES-256-GCM ciphertext
 * (`v1.<iv>.<tag>.<data>`, base64url) under PAYMENTS_ENCRYPTION_KEY, which the database never
 * holds; the business id is the additional data, so a row copied onto another shop does not open.
 * The OAuth `state` is an HMAC (with a key derived from the same secret) over the owner's id and
 * an expiry: a callback only connects the shop of the owner who started it, within 10 minutes.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

export interface StoredCredentials {
  accessToken: string
  refreshToken?: string
  publicKey: string
  webhookSecret?: string
}

const b64 = (b: Buffer) => b.toString('base64url')

export function encryptCredentials(
  key: Buffer,
  businessId: string,
  credentials: StoredCredentials,
): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(businessId))
  const data = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()])
  return ['v1', b64(iv), b64(cipher.getAuthTag()), b64(data)].join('.')
}

/** The credentials, or undefined if the text does not open with this key for this business. */
export function decryptCredentials(
  key: Buffer,
  businessId: string,
  stored: string,
): StoredCredentials | undefined {
  const [version, iv, tag, data] = stored.split('.')
  if (version !== 'v1' || !iv || !tag || !data) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(businessId))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    const text = Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
    return JSON.parse(text) as StoredCredentials
  } catch {
    return undefined
  }
}

const stateKey = (key: Buffer) => createHmac('sha256', key).update('oauth-state').digest()
const STATE_TTL_MS = 10 * 60 * 1000

export function signState(key: Buffer, userId: string, now = Date.now()): string {
  const body = `${userId}.${now + STATE_TTL_MS}.${b64(randomBytes(9))}`
  const mac = createHmac('sha256', stateKey(key)).update(body).digest()
  return `${Buffer.from(body).toString('base64url')}.${b64(mac)}`
}

/** The owner's id the state was made for, if it is ours and not expired. */
export function verifyState(key: Buffer, state: string, now = Date.now()): string | undefined {
  const [body64, mac64] = state.split('.')
  if (!body64 || !mac64) return undefined
  const body = Buffer.from(body64, 'base64url').toString('utf8')
  const expected = createHmac('sha256', stateKey(key)).update(body).digest()
  const given = Buffer.from(mac64, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const [userId, expires] = body.split('.')
  if (!userId || !(Number(expires) > now)) return undefined
  return userId
}

/**
 * Mercado Pago's webhook signature (issue 43 §3): `x-signature: ts=…,v1=…`, v1 the hex
 * HMAC-SHA256 with the secret of the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`
 * — the data.id of the query, lowercased; a part whose value is absent is left out. A `ts` older
 * (or newer) than `toleranceS` is refused: a captured notification cannot be replayed later.
 */
export function verifyWebhookSignature(
  secrets: readonly string[],
  input: {
    signature: string | undefined
    requestId: string | undefined
    dataId: string | undefined
  },
  toleranceS: number,
  nowMs = Date.now(),
): boolean {
  if (!input.signature) return false
  const parts = Object.fromEntries(
    input.signature.split(',').map((part) => {
      const [k, ...v] = part.trim().split('=')
      return [k, v.join('=')]
    }),
  ) as Record<string, string | undefined>
  const ts = Number(parts.ts)
  const v1 = parts.v1
  if (!Number.isFinite(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false
  // Mercado Pago documents seconds; some integrations see milliseconds.
  const tsMs = ts > 1e12 ? ts : ts * 1000
  if (Math.abs(nowMs - tsMs) > toleranceS * 1000) return false
  const manifest =
    (input.dataId ? `id:${input.dataId.toLowerCase()};` : '') +
    (input.requestId ? `request-id:${input.requestId};` : '') +
    `ts:${parts.ts};`
  const given = Buffer.from(v1, 'hex')
  return secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(manifest).digest()
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
}
