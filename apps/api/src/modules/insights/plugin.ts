/**
 * Issue 26: `app.insights` — this process's buffer of counts (buffer.ts), written once a second
 * (each business in one statement, a few at a time) and when the app closes. Issue 40 §5: events
 * reach the buffer only for businesses known to exist (known.ts); the ids not seen yet are
 * checked by each flush, all in one statement.
 */
import { createHmac } from 'node:crypto'
import fp from 'fastify-plugin'
import { clientKey } from '../../lib/client-key.js'
import { loadOrCreateSecret } from '../../lib/secrets.js'
import { InsightsBuffer, visitorKey, type PendingCounts } from './buffer.js'
import { KnownBusinesses } from './known.js'
import { deleteOldVisitors, knownBusinessIds, writeCounts } from './repository.js'
import type { InsightEvent } from '@vitrina/contracts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const FLUSH_INTERVAL_MS = 1_000
/** Businesses written at once: the pool serves the requests too. */
const FLUSH_CONCURRENCY = 4
const PURGE_INTERVAL_MS = 60 * 60 * 1000

export interface Insights {
  /** Adds a storefront's events from the visitor at `ip` (not kept; an IPv6 client is its /64). */
  addEvents(businessId: string, events: InsightEvent[], client: { ip: string }): void
  /** Counts a saved order (modules/orders). */
  addOrder(businessId: string, productIds: string[]): void
  /** Writes what is pending now (the timer does it every second; tests call it). */
  flush(): Promise<void>
  /**
   * Flushes that wrote something, their statements (one per business), the failed ones, and the
   * checks of businesses not seen yet (one statement each, whatever the number of ids).
   */
  stats(): { flushes: number; statements: number; failed: number; lookups: number }
}

declare module 'fastify' {
  interface FastifyInstance {
    insights: Insights
  }
}

export default fp(
  async (app) => {
    const config = app.config
    const base = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, 'jwt-secret'))
    // Its own key: the visitor hashes never share a key with the tokens.
    const secret = createHmac('sha256', base).update('vitrina-insights-visitors').digest('hex')
    const buffer = new InsightsBuffer()
    const known = new KnownBusinesses<{ events: InsightEvent[]; visitor: string }>()
    const log = app.log.child({ module: 'insights' })
    let running: Promise<void> | undefined
    let lastPurge = 0
    const stats = { flushes: 0, statements: 0, failed: 0, lookups: 0 }

    async function write(entries: [string, PendingCounts][]): Promise<void> {
      let next = 0
      stats.flushes++
      stats.statements += entries.length
      const worker = async () => {
        while (next < entries.length) {
          const [businessId, counts] = entries[next++]!
          try {
            await writeCounts(app.db, businessId, counts)
          } catch (error) {
            stats.failed++
            // Counts are not worth failing or retrying for: logged, dropped.
            log.warn({ err: error }, 'insights: counts not written')
          }
        }
      }
      await Promise.all(Array.from({ length: FLUSH_CONCURRENCY }, worker))
      if (Date.now() - lastPurge > PURGE_INTERVAL_MS) {
        lastPurge = Date.now()
        await deleteOldVisitors(app.db).catch((error: unknown) =>
          log.warn({ err: error }, 'insights: old visitor hashes not deleted'),
        )
      }
    }

    /** Lets the waiting events of the businesses that exist into the buffer. */
    async function admitWaiting(): Promise<void> {
      try {
        const admitted = await known.check((ids) => {
          stats.lookups++
          return knownBusinessIds(app.db, ids)
        })
        for (const [id, items] of admitted) {
          for (const item of items) buffer.addEvents(id, item.events, item.visitor)
        }
      } catch (error) {
        log.warn({ err: error }, 'insights: businesses not checked, their events dropped')
      }
    }

    async function flush(): Promise<void> {
      // One flush at a time: what arrives meanwhile waits for the next, so a business is
      // written at most once per interval.
      while (running) await running
      if (buffer.size === 0 && known.waiting === 0) return
      running = (async () => {
        await admitWaiting()
        if (buffer.size > 0) await write([...buffer.drain()])
      })()
      try {
        await running
      } finally {
        running = undefined
      }
    }

    const timer = setInterval(() => {
      if (!running && (buffer.size > 0 || known.waiting > 0)) void flush()
    }, FLUSH_INTERVAL_MS)
    timer.unref()

    app.decorate('insights', {
      addEvents(businessId, events, client) {
        if (!UUID.test(businessId)) return
        const id = businessId.toLowerCase()
        const visitor = visitorKey(secret, clientKey(client.ip), id)
        if (known.admit(id, { events, visitor })) buffer.addEvents(id, events, visitor)
      },
      addOrder(businessId, productIds) {
        known.markKnown(businessId.toLowerCase())
        buffer.addOrder(businessId, productIds)
      },
      flush,
      stats: () => ({ ...stats }),
    } satisfies Insights)

    app.addHook('onClose', async () => {
      clearInterval(timer)
      await flush()
    })
  },
  { name: 'insights', dependencies: ['config', 'database'] },
)
