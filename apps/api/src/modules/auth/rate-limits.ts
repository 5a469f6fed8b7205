/**
 * Rate limits for the account routes (docs/decisions/002). Built on @fastify/rate-limit's
 * `createRateLimit`, because its `app.rateLimit` preHandlers skip every limiter after the first on
 * the same request, and login needs two: per client IP and per account.
 * RATE_LIMIT=false turns them off through the plugin's allow list.
 *
 * With REDIS_URL the counters are shared by every process (plugins/rate-limit.ts). The plugin's
 * Redis store files every `createRateLimit` counter under one key space, so each limit carries its
 * own `name` in its keys: otherwise login failures would spend the registration limit of the same
 * IP. When Redis does not answer, a limit fails open unless it says `failClosed` (login: a
 * password guesser must not get unlimited tries while Redis is away); that answers 503.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_MESSAGES } from '@vitrina/contracts'
import { clientKey } from '../../lib/client-key.js'
import { AppError } from '../../lib/errors.js'

export interface LimitOptions {
  /** Names the counter; unique per limit. */
  name: string
  max: number
  timeWindow: string
  /** What is counted; default the client (`clientKey`: an IPv6 client is its /64). */
  key?: (request: FastifyRequest) => string
  /** Refuse the request (503) when the shared counter cannot be read, instead of letting it by. */
  failClosed?: boolean
}

/** Seconds a client is asked to wait when a fail-closed limit cannot be checked. */
export const LIMIT_UNAVAILABLE_RETRY_AFTER_S = 5

export function limitBy(app: FastifyInstance, options: LimitOptions) {
  const key = options.key ?? ((request: FastifyRequest) => clientKey(request.ip))
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `${options.name}:${key(request)}`,
    skipOnError: false,
  })
  const redis = app.redis
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let result: Awaited<ReturnType<typeof check>>
    try {
      // Known down: answer now rather than spend a command timeout on every request.
      if (redis && !redis.available && app.config.rateLimit) throw new Error('Redis unavailable')
      result = await check(request)
    } catch {
      // Only the shared store fails (the memory one cannot); the connection logs it once.
      if (!options.failClosed) return
      reply.header('retry-after', String(LIMIT_UNAVAILABLE_RETRY_AFTER_S))
      throw new AppError('UNAVAILABLE', API_MESSAGES.unavailable)
    }
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
