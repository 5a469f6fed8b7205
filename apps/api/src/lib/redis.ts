/**
 * Redis connections (issue 22 §3, docs/decisions/022): only when REDIS_URL is set. A dead or
 * unreachable Redis must cost a request milliseconds, never a hang: no offline queue (a command
 * on a disconnected client fails at once), short connect and command timeouts, no retries of a
 * command. The client keeps reconnecting in the background, and a watchdog PING notices a server
 * that stopped answering without closing the connection (then the connection is dropped, so the
 * next commands fail at once instead of each waiting for its timeout).
 *
 * Its state is logged once per change ("unavailable" when it goes, "available" when it is back),
 * never once per failed request or reconnection attempt.
 */
import { Redis, type RedisOptions } from 'ioredis'
import type { FastifyBaseLogger } from 'fastify'

/** A command (one rate-limit check) that has no answer after this long has failed. */
export const REDIS_COMMAND_TIMEOUT_MS = 500
const REDIS_CONNECT_TIMEOUT_MS = 1_000
const WATCHDOG_INTERVAL_MS = 2_000

export const REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  // Reconnect quickly at first, then every 2 s at most, for ever.
  retryStrategy: (times) => Math.min(times * 100, 2_000),
  keepAlive: 10_000,
}

export interface RedisConnection {
  client: Redis
  /** True while the client has a connection that answers. */
  readonly available: boolean
  /** Resolves once the first connection attempt has succeeded or failed (never rejects). */
  settled: Promise<void>
  close(): Promise<void>
}

export interface ConnectOptions {
  log: FastifyBaseLogger
  /** What this connection is for, in the log. */
  role: string
  /** What the service does while Redis is away, in the one log line that says it went. */
  meanwhile: string
  /** Called on every change of availability (the first connection included). */
  onChange?: (available: boolean) => void
  /** Runs on every (re)connection before the connection counts as available (e.g. SUBSCRIBE). */
  onConnect?: (client: Redis) => Promise<unknown>
}

export function connectRedis(url: string, options: ConnectOptions): RedisConnection {
  const { log, role, meanwhile, onChange, onConnect } = options
  const client = new Redis(url, { ...REDIS_OPTIONS, autoResubscribe: false })
  let available = false
  /** The state last logged; undefined before the first attempt ended. */
  let logged: boolean | undefined
  let settle!: () => void
  const settled = new Promise<void>((resolve) => (settle = resolve))
  let closed = false

  const report = (now: boolean, error?: unknown) => {
    if (closed) return
    settle()
    if (available === now && logged !== undefined) return
    available = now
    onChange?.(now)
    if (logged === now) return
    const first = logged === undefined
    logged = now
    if (now && !first) log.info({ redis: role }, 'Redis available again')
    else if (!now)
      log.error({ redis: role, fault: redisFault(error) }, `Redis unavailable: ${meanwhile}`)
  }

  client.on('ready', () => {
    if (!onConnect) return report(true)
    onConnect(client).then(
      () => report(true),
      (error: unknown) => {
        report(false, error)
        client.disconnect(true)
      },
    )
  })
  client.on('error', (error: unknown) => report(false, error))
  client.on('end', () => report(false, new Error('connection ended')))
  client.on('close', () => {
    if (available) report(false, new Error('connection closed'))
  })

  const watchdog = setInterval(() => {
    if (client.status !== 'ready') return
    client.ping().catch((error: unknown) => {
      report(false, error)
      // Drop the silent connection: commands fail at once until a new one answers.
      client.disconnect(true)
    })
  }, WATCHDOG_INTERVAL_MS)
  watchdog.unref()

  return {
    client,
    get available() {
      return available
    },
    settled,
    async close() {
      closed = true
      clearInterval(watchdog)
      // quit() would wait for a reply that a dead server never sends.
      client.disconnect()
    },
  }
}

/** A short label for a Redis failure, without the URL (it may carry a password). */
export function redisFault(error: unknown): string {
  const err = error as { code?: unknown; message?: unknown } | null
  if (err && typeof err.code === 'string') return err.code
  const message = typeof err?.message === 'string' ? err.message : String(error)
  return message.replace(/rediss?:\/\/\S+/g, '[redis]').slice(0, 200)
}
