/**
 * @fastify/rate-limit, off by default per route: each sensitive route states its own limit
 * (`config.rateLimit`) or adds several with `limitBy` (modules/auth/rate-limits.ts). Disabled
 * entirely by RATE_LIMIT=false. The client IP honours X-Forwarded-For only when TRUST_PROXY is set
 * (Fastify's request.ip).
 *
 * With REDIS_URL the counters live in Redis (the plugin's Redis store, under REDIS_PREFIX + `rl:`),
 * so every process behind a balancer counts the same requests; without it, in this process's
 * memory. When Redis does not answer, a limit fails open (`skipOnError`): the request goes on
 * unlimited. `limitBy` decides for itself, and login fails closed (docs/decisions/022).
 *
 * The plugin's default key counts an IPv6 client by its /64 (@fastify/rate-limit ≥ 11), the same
 * rule as `clientKey`, which the limits with a key of their own use (issue 40 §2).
 */
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { API_MESSAGES } from '@vitrina/contracts'

export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      allowList: app.config.rateLimit ? undefined : () => true,
      ...(app.redis
        ? {
            redis: app.redis.client,
            nameSpace: `${app.config.redis?.prefix ?? ''}rl:`,
            skipOnError: true,
          }
        : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        error: 'Too Many Requests',
        message: API_MESSAGES.rateLimited,
      }),
    })
  },
  { name: 'rate-limit', dependencies: ['config', 'redis'] },
)
