/**
 * Tells the other API processes that a write changed what a cached read shows (issue 22 §3,
 * docs/decisions/022): Redis pub/sub when REDIS_URL is set, else PostgreSQL NOTIFY on the shared
 * database, and nothing on PGlite (one process). A message is the invalidated tag (a business id,
 * or null for everything) and the sending process's id, so a process ignores its own: it has
 * already dropped those entries before the writer got its reply.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { databaseFault } from '../db/faults.js'
import { connectRedis, redisFault } from './redis.js'

/** PostgreSQL channel (per database) and, after REDIS_PREFIX, the Redis one. */
export const INVALIDATION_CHANNEL = 'vitrina_reads'

export interface InvalidationHandlers {
  /** Another process invalidated `tag` (null: everything). */
  onMessage(tag: string | null): void
  /**
   * The bus started (true) or stopped (false) hearing the other processes. While it does not,
   * messages may be missed.
   */
  onChange(listening: boolean): void
}

export interface InvalidationBus {
  kind: 'redis' | 'postgres'
  /** Resolves once the first attempt to listen has succeeded or failed (never rejects). */
  settled: Promise<void>
  /** Tells the other processes; never rejects (a lost message is logged). */
  publish(tag: string | null): Promise<void>
  close(): Promise<void>
}

interface Message {
  o: string
  t: string | null
}

export function createInvalidationBus(
  app: FastifyInstance,
  handlers: InvalidationHandlers,
): InvalidationBus | null {
  const origin = randomUUID()
  let settle!: () => void
  const settled = new Promise<void>((resolve) => (settle = resolve))
  const onChange = (listening: boolean) => {
    settle()
    handlers.onChange(listening)
  }
  const log = app.log.child({ module: 'invalidation' })
  const receive = (payload: string) => {
    let message: Message
    try {
      message = JSON.parse(payload) as Message
    } catch {
      return
    }
    if (message.o === origin) return
    handlers.onMessage(typeof message.t === 'string' ? message.t : null)
  }
  const encode = (tag: string | null) => JSON.stringify({ o: origin, t: tag } satisfies Message)
  const lost = (fault: string) =>
    log.warn({ fault }, 'could not tell the other processes about a write')

  const redis = app.redis
  if (redis && app.config.redis) {
    const channel = `${app.config.redis.prefix}${INVALIDATION_CHANNEL}`
    const subscriber = connectRedis(app.config.redis.url, {
      log,
      role: 'invalidation',
      meanwhile: 'the read cache is bypassed until it is back',
      onChange,
      onConnect: (client) => client.subscribe(channel),
    })
    subscriber.client.on('message', (from: string, payload: string) => {
      if (from === channel) receive(payload)
    })
    return {
      kind: 'redis',
      settled,
      publish: (tag) =>
        redis.client.publish(channel, encode(tag)).then(
          () => {},
          (error: unknown) => lost(redisFault(error)),
        ),
      close: () => subscriber.close(),
    }
  }

  const { database } = app
  if (database.kind === 'postgres' && database.listener) {
    const listener = database.listener({
      channel: INVALIDATION_CHANNEL,
      onMessage: receive,
      onChange,
    })
    return {
      kind: 'postgres',
      settled,
      publish: (tag) =>
        app.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${encode(tag)})`).then(
          () => {},
          (error: unknown) => lost(databaseFault(error) ?? 'error'),
        ),
      close: () => listener.close(),
    }
  }
  return null
}
