/**
 * Issue 40 §2: the order limits (docs/decisions/024-orders.md, "Limits").
 *
 * - Per client, every attempt (10 in 10 minutes): a person sends a handful of orders; a bot that
 *   probes (honeypot, unknown products) only spends its own allowance. @fastify/rate-limit, keyed
 *   by `clientKey` (an IPv6 client is its /64).
 * - Per business, **accepted orders only** (120 an hour): the ceiling that keeps a flood from
 *   filling an owner's list and mailbox. Checked before the order is handled and spent only once
 *   it is saved, so refused requests (unknown product, sold out, honeypot…) cost the shop nothing.
 * - Per client and business, accepted orders only (5 an hour): no single party can spend the
 *   budget every shopper of the shop depends on.
 *
 * The two budgets are fixed windows kept in Redis when REDIS_URL is set (shared by every process;
 * INCR and its expiry in one script), else in this process's memory. Check-then-spend may let a
 * few orders in flight at the same instant past a ceiling; it never refuses one because of a
 * request that failed. When Redis does not answer the budgets are not enforced, like the other
 * non-login limits (docs/decisions/022).
 *
 * When the business budget refuses a shopper, the owner is mailed once a day at most (the mail
 * outbox; an advisory lock on the database makes it one mail whatever the number of processes).
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { ACCOUNT_MAILS, API_MESSAGES, ORDER_MAILS as M, ORDER_MESSAGES } from '@vitrina/contracts'
import { businesses, mailOutbox, users } from '../../db/schema/index.js'
import { clientKey } from '../../lib/client-key.js'
import { AppError } from '../../lib/errors.js'
import { enqueueMail, escapeHtml } from '../mail/index.js'

const HOUR_MS = 60 * 60 * 1000

export const ORDER_RATE_LIMITS = {
  /** Every attempt that passes validation, per client. */
  perIp: { name: 'order-ip', max: 10, timeWindow: '10 minutes' },
  /** Accepted orders per business. */
  perBusiness: { name: 'order-business', max: 120, windowMs: HOUR_MS },
  /** Accepted orders per client in one business. */
  perClientBusiness: { name: 'order-client-business', max: 5, windowMs: HOUR_MS },
} as const

/** The owner hears of a closed checkout at most this often. */
export const ORDER_LIMIT_NOTICE_INTERVAL_MS = 24 * HOUR_MS
export const ORDER_LIMIT_NOTICE_KIND = 'order-limit'

interface Counter {
  count: number
  /** Milliseconds until the window ends (0 when there is no counter). */
  ttlMs: number
}

interface BudgetStore {
  read(keys: string[]): Promise<Counter[]>
  spend(keys: { key: string; windowMs: number }[]): Promise<void>
}

function memoryStore(): BudgetStore {
  const counters = new LRUCache<string, { count: number; resetAt: number }>({
    max: 200_000,
    ttlAutopurge: false,
  })
  return {
    async read(keys) {
      return keys.map((key) => {
        const c = counters.get(key)
        const ttlMs = c ? c.resetAt - Date.now() : 0
        return c && ttlMs > 0 ? { count: c.count, ttlMs } : { count: 0, ttlMs: 0 }
      })
    },
    async spend(keys) {
      const now = Date.now()
      for (const { key, windowMs } of keys) {
        const c = counters.get(key)
        const current = c && c.resetAt > now ? c : { count: 0, resetAt: now + windowMs }
        counters.set(
          key,
          { count: current.count + 1, resetAt: current.resetAt },
          {
            ttl: current.resetAt - now,
          },
        )
      }
    },
  }
}

/** INCR each key; a key without an expiry gets its window (the first spend of a window). */
const SPEND_SCRIPT = `
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[i]) end
end
return 1`

function redisStore(app: FastifyInstance): BudgetStore {
  const redis = app.redis!
  const prefix = `${app.config.redis?.prefix ?? ''}rl:`
  return {
    async read(keys) {
      if (!redis.available) return keys.map(() => ({ count: 0, ttlMs: 0 }))
      const pipeline = redis.client.pipeline()
      for (const key of keys) pipeline.get(prefix + key).pttl(prefix + key)
      const results = (await pipeline.exec()) ?? []
      return keys.map((_key, i) => {
        const [countError, count] = results[i * 2] ?? []
        const [ttlError, ttl] = results[i * 2 + 1] ?? []
        if (countError || ttlError) throw countError ?? ttlError
        return { count: Number(count ?? 0), ttlMs: Math.max(0, Number(ttl ?? 0)) }
      })
    },
    async spend(keys) {
      if (!redis.available) return
      await redis.client.eval(
        SPEND_SCRIPT,
        keys.length,
        ...keys.map((k) => prefix + k.key),
        ...keys.map((k) => String(k.windowMs)),
      )
    },
  }
}

/** The mail telling an owner that the shop's checkout is refusing orders. */
function limitMail(
  owner: { userId: string; to: string; name: string },
  business: string,
  adminUrl: string,
) {
  const { max } = ORDER_RATE_LIMITS.perBusiness
  const paragraphs = [
    ACCOUNT_MAILS.greeting(owner.name),
    M.limitIntro(business, max),
    M.limitCheck(adminUrl),
    M.limitOnce,
    ACCOUNT_MAILS.signature,
  ]
  const html = paragraphs
    .map((p) => `    <p style="white-space: pre-line">${escapeHtml(p)}</p>`)
    .join('\n')
  return {
    to: owner.to,
    userId: owner.userId,
    subject: M.limitSubject(business),
    kind: ORDER_LIMIT_NOTICE_KIND,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html>\n<html lang="es">\n  <body style="font-family: Arial, Helvetica, sans-serif; color: #0d1b2a; line-height: 1.5">\n${html}\n  </body>\n</html>\n`,
  }
}

/**
 * Writes the notice unless the owner got one within the interval. The transaction's advisory
 * lock (per business) serialises the check and the insert across processes.
 */
export async function noticeOrderLimit(app: FastifyInstance, businessId: string): Promise<boolean> {
  const written = await app.db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`vitrina:order-limit:${businessId}`}, 0))`,
    )
    const [owner] = await tx
      .select({ business: businesses.name, userId: users.id, to: users.email, name: users.name })
      .from(businesses)
      .innerJoin(users, eq(users.id, businesses.userId))
      .where(eq(businesses.id, businessId))
    if (!owner) return false
    const [recent] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, ORDER_LIMIT_NOTICE_KIND),
          eq(mailOutbox.to, owner.to),
          gt(
            mailOutbox.createdAt,
            sql`now() - make_interval(secs => ${ORDER_LIMIT_NOTICE_INTERVAL_MS / 1000})`,
          ),
        ),
      )
      .limit(1)
    if (recent) return false
    await enqueueMail(tx, limitMail(owner, owner.business, `${app.config.publicUrl}/admin/pedidos`))
    return true
  })
  if (written) app.mail.wake()
  return written
}

export interface OrderBudgets {
  /** preHandler: 429 when this client's or the business's budget of accepted orders is spent. */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>
  /** Spends one accepted order of the business and of the client; never rejects. */
  spend(request: FastifyRequest, businessId: string): Promise<void>
}

export function orderBudgets(app: FastifyInstance): OrderBudgets {
  const store = app.redis ? redisStore(app) : memoryStore()
  const { perBusiness, perClientBusiness } = ORDER_RATE_LIMITS
  const keysOf = (request: FastifyRequest, businessId: string) => {
    const id = businessId.toLowerCase()
    return [
      { key: `${perBusiness.name}:${id}`, windowMs: perBusiness.windowMs },
      {
        key: `${perClientBusiness.name}:${id}:${clientKey(request.ip)}`,
        windowMs: perClientBusiness.windowMs,
      },
    ]
  }
  // This process asks the database about a business's notice once per interval at most.
  const noticed = new LRUCache<string, true>({ max: 10_000, ttl: ORDER_LIMIT_NOTICE_INTERVAL_MS })
  const log = app.log.child({ module: 'orders' })

  const refuse = (reply: FastifyReply, ttlMs: number, message: string) => {
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))))
    return new AppError('TOO_MANY_REQUESTS', message)
  }

  return {
    async check(request, reply) {
      if (!app.config.rateLimit) return
      const businessId = (request.params as { businessId: string }).businessId.toLowerCase()
      let shop: Counter, mine: Counter
      try {
        ;[shop, mine] = (await store.read(keysOf(request, businessId).map((k) => k.key))) as [
          Counter,
          Counter,
        ]
      } catch {
        return // Redis did not answer: not enforced (the connection logs it once).
      }
      if (mine.count >= perClientBusiness.max) {
        throw refuse(reply, mine.ttlMs, API_MESSAGES.rateLimited)
      }
      if (shop.count >= perBusiness.max) {
        if (!noticed.has(businessId)) {
          noticed.set(businessId, true)
          noticeOrderLimit(app, businessId).catch((error: unknown) => {
            noticed.delete(businessId)
            log.warn({ err: error }, 'orders: the owner was not told of the order limit')
          })
        }
        throw refuse(reply, shop.ttlMs, ORDER_MESSAGES.shopBusy)
      }
    },
    async spend(request, businessId) {
      if (!app.config.rateLimit) return
      await store.spend(keysOf(request, businessId)).catch(() => {})
    },
  }
}
