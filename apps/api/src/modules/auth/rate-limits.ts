/**
 * Rate limits for the account routes (docs/decisions/002). Built on @fastify/rate-limit's
 * `createRateLimit`, because its `app.rateLimit` preHandlers skip every limiter after the first on
 * the same request, and login needs two: per client IP and per account.
 * RATE_LIMIT=false turns them off through the plugin's allow list.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_MESSAGES } from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'

export interface LimitOptions {
  max: number
  timeWindow: string
  /** What is counted; default the client IP (X-Forwarded-For only with TRUST_PROXY). */
  key?: (request: FastifyRequest) => string
}

export function limitBy(app: FastifyInstance, options: LimitOptions) {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    ...(options.key ? { keyGenerator: options.key } : {}),
  })
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await check(request)
    if (result.isAllowed) return
    reply.header('x-ratelimit-limit', result.max)
    reply.header('x-ratelimit-remaining', result.remaining)
    reply.header('x-ratelimit-reset', result.ttlInSeconds)
    if (!result.isExceeded) return
    reply.header('retry-after', result.ttlInSeconds)
    throw new AppError('TOO_MANY_REQUESTS', API_MESSAGES.rateLimited)
  }
}

/** Keys a limit by the normalised e-mail of the (already validated) body. */
export function byAccount(request: FastifyRequest): string {
  const { email } = request.body as { email: string }
  return `account:${email}`
}
