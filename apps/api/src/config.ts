/**
 * Configuration from the environment, parsed once by zod (ARCHITECTURE.md "Runtime").
 * A bad value stops start-up with a message naming the variable.
 */
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { z } from 'zod'

// Both src/config.ts and the bundled dist/server.js sit one level below apps/api.
const apiRoot = fileURLToPath(new URL('..', import.meta.url))

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** false | true | hop count | comma-separated addresses/CIDRs, as Fastify's trustProxy takes. */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((v): boolean | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false
    if (v === 'true') return true
    if (/^\d+$/.test(v)) return Number(v)
    return v.split(',').map((s) => s.trim())
  })

const durationSeconds = z.coerce.number().int().positive()

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres:// o postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ACCESS_TOKEN_TTL: durationSeconds.default(15 * 60),
  REFRESH_TOKEN_TTL: durationSeconds.default(30 * 24 * 60 * 60),
  REFRESH_REUSE_GRACE: z.coerce.number().int().min(0).default(10),
  ACTIVATION_TOKEN_TTL: durationSeconds.default(48 * 60 * 60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'debe empezar con smtp:// o smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Vitrina <no-reply@vitrina.uy>'),
  CONTACT_INBOX: z.string().default('hola@vitrina.uy'),
  SUPPORT_EMAIL: z.string().default('soporte@vitrina.uy'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  S3_PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  RATE_LIMIT: booleanFromEnv.default(true),
  /** Test only (issue 27 §1): imported image URLs may name loopback hosts. Ignored in production. */
  IMPORT_FETCH_ALLOW_LOOPBACK: booleanFromEnv.default(false),
  /** Issue 27: imported images downloaded (and encoded) at once by each process. */
  IMPORT_IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(3),
  READ_CACHE_MB: z.coerce.number().min(0).default(32),
  READ_CACHE_TTL: durationSeconds.default(10),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // Issue 22 §2: a slow client or an unanswering database must not hold a request for ever.
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  // Issue 22 §3: several processes share one server's max_connections.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  // Issue 25: pesos uruguayos per US dollar for businesses that set no rate of their own.
  DEFAULT_EXCHANGE_RATE: z.coerce
    .number()
    .min(1, 'debe ser un número entre 1 y 1000')
    .max(1000, 'debe ser un número entre 1 y 1000')
    .default(40),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'debe empezar con redis:// o rediss://')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letras, números y _ : . - (hasta 64)')
    .default('vitrina:'),
  // Issue 23 §2: how owners pay for the Pro plan (shown in the upgrade dialog and the request mail).
  PAYMENT_BANK_TRANSFER: z.string().trim().max(500).optional(),
  PAYMENT_MERCADOPAGO_URL: z.url().optional(),
  PAYMENT_WALLET: z.string().trim().max(500).optional(),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  // Issue 43 (ADR 037): shops take payments with Mercado Pago. The API's base URL (a simulator in
  // tests), the platform application for "Conectar con Mercado Pago" and its notifications'
  // secret, the key the shops' credentials are encrypted with (32 bytes, base64 or hex), how
  // long a call may take, and after how long a pending payment is asked about again.
  MERCADOPAGO_API_URL: z.url().default('https://api.mercadopago.com'),
  MERCADOPAGO_AUTH_URL: z.url().default('https://auth.mercadopago.com/authorization'),
  MERCADOPAGO_CLIENT_ID: z.string().trim().max(200).optional(),
  MERCADOPAGO_CLIENT_SECRET: z.string().trim().max(500).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().trim().max(500).optional(),
  MERCADOPAGO_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // Issue 43 §5 (ADR 040): the platform's own account, which bills Premium by subscription, and
  // the secret of the notifications of its application (else MERCADOPAGO_WEBHOOK_SECRET).
  MERCADOPAGO_PLATFORM_ACCESS_TOKEN: z.string().trim().max(500).optional(),
  MERCADOPAGO_PLATFORM_WEBHOOK_SECRET: z.string().trim().max(500).optional(),
  PAYMENTS_ENCRYPTION_KEY: z
    .string()
    .trim()
    .regex(
      /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/,
      'debe ser una clave de 32 bytes en hexadecimal (64) o base64 (44)',
    )
    .optional(),
  PAYMENT_RECHECK_AFTER_S: durationSeconds.default(5 * 60),
  // Issue 46 §1 (ADR 038): shops' own domains. The CNAME target (default: PUBLIC_URL's host),
  // the addresses an apex points at (comma-separated), the DNS servers verification asks
  // (`ip` or `ip:port`, comma-separated; default: the system's) and how often the job re-checks.
  DOMAIN_CNAME_TARGET: z.string().trim().toLowerCase().optional(),
  DOMAIN_APEX_IPV4: z.string().default(''),
  DOMAIN_APEX_IPV6: z.string().default(''),
  DNS_SERVERS: z.string().optional(),
  DOMAIN_CHECK_PENDING_S: durationSeconds.default(10 * 60),
  DOMAIN_CHECK_LIVE_S: durationSeconds.default(6 * 60 * 60),
  // The port shops' domains are served on over HTTPS by the proxy (Caddy): their links are
  // `https://{domain}` (with `:{port}` when it is not 443, as in the e2e journey).
  DOMAIN_HTTPS_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  WEB_DIST: z.string().optional(),
})

export type Env = z.infer<typeof envSchema>

export interface Config {
  env: Env['NODE_ENV']
  host: string
  port: number
  publicUrl: string
  logLevel: Env['LOG_LEVEL']
  dataDir: string
  /** undefined → embedded PGlite in `${dataDir}/db` (or in memory when dataDir is ':memory:'). */
  databaseUrl: string | undefined
  /** undefined → generated and kept in `${dataDir}/jwt-secret` by the auth plugin. */
  jwtSecret: string | undefined
  accessTokenTtl: number
  refreshTokenTtl: number
  refreshReuseGrace: number
  activationTokenTtl: number
  smtpUrl: string | undefined
  mailFrom: string
  contactInbox: string
  supportEmail: string
  s3:
    | {
        bucket: string
        endpoint: string | undefined
        region: string
        accessKeyId: string | undefined
        secretAccessKey: string | undefined
        forcePathStyle: boolean
        publicUrl: string | undefined
      }
    | undefined
  trustProxy: boolean | number | string[]
  rateLimit: boolean
  /** Issue 27 §1: loopback image URLs allowed in imports — tests only, never in production. */
  importFetchAllowLoopback: boolean
  /** Issue 27: imported images each process downloads at once (1–16, default 3). */
  importImageConcurrency: number
  /** The in-process cache of public reads (plugins/read-cache.ts); maxBytes 0 turns it off. */
  readCache: { maxBytes: number; ttlMs: number }
  requestTimeoutMs: number
  /** Never above requestTimeoutMs (Node refuses a headers limit longer than the request's). */
  headersTimeoutMs: number
  keepAliveTimeoutMs: number
  /** PostgreSQL only (db/client.ts). */
  databaseTimeouts: { connectTimeoutMs: number; statementTimeoutMs: number }
  /** PostgreSQL connections each process may open (plus one listener, db/notify.ts). */
  databasePoolSize: number
  /**
   * undefined → no Redis: rate limits in memory, cache invalidation over PostgreSQL (or none on
   * PGlite). Otherwise shared limits and invalidation through Redis (plugins/redis.ts).
   */
  redis: { url: string; prefix: string } | undefined
  /** Issue 25: UYU per USD where a business set no rate (DEFAULT_EXCHANGE_RATE). */
  defaultExchangeRate: number
  /** The platform's payment instructions; each may be unset (the dialog then shows the others). */
  payments: { bankTransfer?: string; mercadoPagoUrl?: string; wallet?: string }
  seedDemo: Env['SEED_DEMO']
  /** Issue 43: Mercado Pago (ADR 037). */
  mercadoPago: {
    apiUrl: string
    authUrl: string
    clientId: string | undefined
    clientSecret: string | undefined
    webhookSecret: string | undefined
    timeoutMs: number
    /** 32 bytes; undefined in production without PAYMENTS_ENCRYPTION_KEY (payments off). */
    encryptionKey: Buffer | undefined
    recheckAfterS: number
    /** Issue 43 §5: the platform's account billing Premium; unset → no subscription offered. */
    platformAccessToken?: string | undefined
    platformWebhookSecret?: string | undefined
  }
  /** Issue 46 §1: shops' own domains (ADR 038). */
  domains: {
    /** PUBLIC_URL's host: never a shop's domain; its storefronts live under /{identifier}. */
    platformHost: string
    cnameTarget: string
    apexIpv4: string[]
    apexIpv6: string[]
    /** undefined → the system's resolvers. */
    dnsServers: string[] | undefined
    pendingCheckS: number
    liveCheckS: number
    /** The HTTPS port the proxy serves shops' domains on (443: left out of their links). */
    httpsPort: number
  }
  webDist: string
  migrationsFolder: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set" (a common way to blank a variable in .env files).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR === ':memory:' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    refreshReuseGrace: e.REFRESH_REUSE_GRACE,
    activationTokenTtl: e.ACTIVATION_TOKEN_TTL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactInbox: e.CONTACT_INBOX,
    supportEmail: e.SUPPORT_EMAIL,
    defaultExchangeRate: Math.round(e.DEFAULT_EXCHANGE_RATE * 10_000) / 10_000,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    trustProxy: e.TRUST_PROXY,
    rateLimit: e.RATE_LIMIT,
    importFetchAllowLoopback: e.NODE_ENV !== 'production' && e.IMPORT_FETCH_ALLOW_LOOPBACK,
    importImageConcurrency: e.IMPORT_IMAGE_CONCURRENCY,
    readCache: {
      maxBytes: Math.round(e.READ_CACHE_MB * 1024 * 1024),
      ttlMs: e.READ_CACHE_TTL * 1000,
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    databaseTimeouts: {
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    payments: {
      ...(e.PAYMENT_BANK_TRANSFER ? { bankTransfer: e.PAYMENT_BANK_TRANSFER } : {}),
      ...(e.PAYMENT_MERCADOPAGO_URL ? { mercadoPagoUrl: e.PAYMENT_MERCADOPAGO_URL } : {}),
      ...(e.PAYMENT_WALLET ? { wallet: e.PAYMENT_WALLET } : {}),
    },
    seedDemo: e.SEED_DEMO,
    mercadoPago: {
      apiUrl: e.MERCADOPAGO_API_URL.replace(/\/+$/, ''),
      authUrl: e.MERCADOPAGO_AUTH_URL,
      clientId: e.MERCADOPAGO_CLIENT_ID,
      clientSecret: e.MERCADOPAGO_CLIENT_SECRET,
      webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET,
      timeoutMs: e.MERCADOPAGO_TIMEOUT_MS,
      encryptionKey: paymentsKey(e),
      recheckAfterS: e.PAYMENT_RECHECK_AFTER_S,
      platformAccessToken: e.MERCADOPAGO_PLATFORM_ACCESS_TOKEN,
      platformWebhookSecret: e.MERCADOPAGO_PLATFORM_WEBHOOK_SECRET ?? e.MERCADOPAGO_WEBHOOK_SECRET,
    },
    domains: domainsConfig(e),
    webDist: path.resolve(e.WEB_DIST ?? path.join(apiRoot, '..', 'web', 'dist')),
    migrationsFolder: path.join(apiRoot, 'drizzle'),
  }
}

const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

function domainsConfig(e: Env): Config['domains'] {
  const platformHost = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).hostname.toLowerCase()
  const dnsServers = list(e.DNS_SERVERS)
  return {
    platformHost,
    cnameTarget: (e.DOMAIN_CNAME_TARGET ?? platformHost).replace(/\.$/, ''),
    apexIpv4: list(e.DOMAIN_APEX_IPV4),
    apexIpv6: list(e.DOMAIN_APEX_IPV6).map((address) => address.toLowerCase()),
    dnsServers: dnsServers.length > 0 ? dnsServers : undefined,
    pendingCheckS: e.DOMAIN_CHECK_PENDING_S,
    liveCheckS: e.DOMAIN_CHECK_LIVE_S,
    httpsPort: e.DOMAIN_HTTPS_PORT,
  }
}

/**
 * PAYMENTS_ENCRYPTION_KEY as 32 bytes. Outside production a missing key is derived from a fixed
 * development phrase (documented: such credentials are only as secret as this source file); in
 * production there is none, and connecting a shop is refused until the key is set.
 */
function paymentsKey(e: Env): Buffer | undefined {
  const key = e.PAYMENTS_ENCRYPTION_KEY
  if (key) return Buffer.from(key, key.length === 64 ? 'hex' : 'base64')
  if (e.NODE_ENV === 'production') return undefined
  return createHash('sha256').update('vitrina-desarrollo-pagos').digest()
}
