/**
 * `app.redis`: the Redis connection of the shared rate limits (plugins/rate-limit.ts) and of the
 * read cache's invalidation messages (lib/invalidation-bus.ts), or null without REDIS_URL — then
 * nothing connects to Redis at all (issue 22 §3, docs/decisions/022).
 */
import fp from 'fastify-plugin'
import { connectRedis, type RedisConnection } from '../lib/redis.js'

declare module 'fastify' {
  interface FastifyInstance {
    redis: RedisConnection | null
  }
}

/** Start-up waits at most this long for Redis; without it the server starts and keeps trying. */
const STARTUP_WAIT_MS = 2_000

export default fp(
  async (app) => {
    const settings = app.config.redis
    if (!settings) {
      app.decorate('redis', null)
      return
    }
    const connection = connectRedis(settings.url, {
      log: app.log,
      role: 'commands',
      meanwhile: 'rate limits are not enforced, and login answers 503, until it is back',
    })
    app.decorate('redis', connection)
    app.addHook('onReady', async () => {
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        connection.settled,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, STARTUP_WAIT_MS))),
      ])
      clearTimeout(timer)
    })
    app.addHook('onClose', () => connection.close())
  },
  { name: 'redis', dependencies: ['config'] },
)
