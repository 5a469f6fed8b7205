/**
 * POST /auth/refresh and /auth/logout. SPEC §7: refresh sends the refresh token as bearer with an
 * empty body, so in this scope an empty JSON body is accepted as "no body" instead of a 400.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AUTH_MESSAGES,
  errorResponseSchema,
  logoutSchema,
  refreshResponseSchema,
} from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'
import { limitBy } from './rate-limits.js'
import { endSession, refreshSession, type SessionDeps } from './sessions.js'
import { readBearerToken } from './tokens.js'

const sessionRoutes: FastifyPluginAsyncZod<{ deps: SessionDeps }> = async (app, { deps }) => {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    return parseJson(request, text, done)
  })

  app.post(
    '/refresh',
    {
      preHandler: limitBy(app, { name: 'session', max: 60, timeWindow: '1 minute' }),
      schema: {
        tags: ['auth'],
        summary: 'Rotate the bearer refresh token: a new access and refresh token',
        security: [{ bearerAuth: [] }],
        response: {
          200: refreshResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const token = readBearerToken(request.headers.authorization)
      if (!token) {
        reply.header('www-authenticate', 'Bearer')
        throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)
      }
      // Proxies and browsers must never keep a token pair.
      reply.header('cache-control', 'no-store')
      return refreshSession(deps, token)
    },
  )

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of a refresh token (bearer or body); every token of it stops',
        security: [{ bearerAuth: [] }],
        body: logoutSchema.nullish(),
        response: {
          204: z.undefined().describe('Session ended'),
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const token = readBearerToken(request.headers.authorization) ?? request.body?.refresh_token
      if (!token) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)
      await endSession(deps, token)
      return reply.code(204).send()
    },
  )
}

export default sessionRoutes
