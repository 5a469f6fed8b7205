/**
 * Authentication for every module: `app.tokens` signs and verifies access tokens, and
 * `app.authenticate` is the preHandler that guards a route:
 *
 *   app.get('/me', { preHandler: app.authenticate, schema }, async (request) => request.user.id)
 *
 * A missing or invalid bearer token answers 401 AUTH_MESSAGES.unauthorized, an expired one, or
 * one whose session has ended (logout, password reset), 401 AUTH_MESSAGES.sessionExpired (the
 * web client then refreshes once and retries, SPEC §7).
 *
 * `app.requireOperator` guards every /api/operator/* route (issue 23 §3): it authenticates, then
 * answers 403 AUTH_MESSAGES.operatorOnly unless the token's `role` claim is 'operator'.
 */
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AUTH_MESSAGES } from '@vitrina/contracts'
import { AppError } from '../lib/errors.js'
import { loadOrCreateSecret } from '../lib/secrets.js'
import { isSessionLive } from '../modules/auth/repository.js'
import {
  createTokenService,
  readBearerToken,
  type AuthUser,
  type TokenService,
} from '../modules/auth/tokens.js'

export type { AuthUser, TokenService }

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>
    requireOperator(request: FastifyRequest, reply: FastifyReply): Promise<void>
    /**
     * The signed-in user of a public route, when its bearer token is valid and its session live;
     * undefined otherwise (never an error). For the rare read that differs for its owner, e.g. the
     * products of a suspended business (issue 23 §3).
     */
    viewerId(request: FastifyRequest): Promise<string | undefined>
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; only routes that use it may read it. */
    user: AuthUser
  }
}

export default fp(
  async (app) => {
    const { config } = app
    const secret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, 'jwt-secret'))
    const tokens = createTokenService({
      secret,
      issuer: config.publicUrl,
      accessTokenTtl: config.accessTokenTtl,
    })

    app.decorate('tokens', tokens)
    app.decorateRequest('user', null as unknown as AuthUser)
    const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
      const token = readBearerToken(request.headers.authorization)
      if (!token) {
        reply.header('www-authenticate', 'Bearer')
        throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)
      }
      try {
        const user = await tokens.verifyAccessToken(token)
        // Issue 23 §1: a logout (or a reset, or "all devices") ends the access token at once,
        // on every API process: the session is read from the database, never from memory.
        if (!(await isSessionLive(app.db, user.sessionId, user.id, new Date()))) {
          throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired)
        }
        request.user = user
      } catch (error) {
        // RFC 6750 §3: tell the client the token itself was the problem.
        reply.header('www-authenticate', 'Bearer error="invalid_token"')
        throw error
      }
    }
    app.decorate('authenticate', authenticate)
    app.decorate('requireOperator', async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply)
      if (request.user.role !== 'operator') {
        throw new AppError('FORBIDDEN', AUTH_MESSAGES.operatorOnly)
      }
    })
    app.decorate('viewerId', async (request: FastifyRequest) => {
      const token = readBearerToken(request.headers.authorization)
      if (!token) return undefined
      try {
        const user = await tokens.verifyAccessToken(token)
        return (await isSessionLive(app.db, user.sessionId, user.id, new Date()))
          ? user.id
          : undefined
      } catch {
        return undefined
      }
    })
  },
  { name: 'auth', dependencies: ['config', 'database'] },
)
