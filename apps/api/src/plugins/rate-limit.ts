/**
 * @fastify/rate-limit, off by default per route: each sensitive route states its own limit
 * (`config.rateLimit`) or adds several with `app.rateLimit(...)`. Disabled entirely by RATE_LIMIT=false.
 * The client IP honours X-Forwarded-For only when TRUST_PROXY is set (Fastify's request.ip).
 */
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { API_MESSAGES } from '@vitrina/contracts'

export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      allowList: app.config.rateLimit ? undefined : () => true,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        error: 'Too Many Requests',
        message: API_MESSAGES.rateLimited,
      }),
    })
  },
  { name: 'rate-limit', dependencies: ['config'] },
)
