/**
 * /perfil's calls (issue 23 §1), every one for the user of the bearer access token:
 * PATCH /me, POST /me/password, POST /me/email, GET and DELETE /sessions, DELETE /me; and
 * POST /email/confirm, which the link mailed to a new address opens (no login needed).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ACCOUNT_MESSAGES,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailSchema,
  deleteAccountSchema,
  emailChangedResponseSchema,
  errorResponseSchema,
  messageResponseSchema,
  sessionsResponseSchema,
  updateProfileSchema,
  userSchema,
} from '@vitrina/contracts'
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  endAllSessions,
  listSessions,
  requestEmailChange,
  updateName,
  type AccountDeps,
} from './account.js'
import { limitBy } from './rate-limits.js'
import { readBearerToken, type AuthUser } from './tokens.js'

const byUser = (request: FastifyRequest) => `user:${request.user.id}`

/**
 * The signed-in user of a route that needs none, when its bearer access token is valid; never an
 * error. Whether the session is still live does not matter to its one use (which session a
 * confirmed e-mail change leaves standing: an ended one stays ended).
 */
async function openerOf(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthUser | undefined> {
  const token = readBearerToken(request.headers.authorization)
  if (!token) return undefined
  try {
    return await app.tokens.verifyAccessToken(token)
  } catch {
    return undefined
  }
}

const accountRoutes: FastifyPluginAsyncZod<{ deps: AccountDeps }> = async (app, { deps }) => {
  const security = [{ bearerAuth: [] }]
  // Routes that check the password: 10 tries an hour per account, whoever holds its token.
  const passwordChecked = [
    app.authenticate,
    limitBy(app, {
      name: 'password-check',
      max: 10,
      timeWindow: '1 hour',
      key: byUser,
      failClosed: true,
    }),
  ]

  app.patch(
    '/me',
    {
      preHandler: [
        app.authenticate,
        limitBy(app, { name: 'profile', max: 30, timeWindow: '1 hour', key: byUser }),
      ],
      schema: {
        tags: ['auth'],
        summary: 'Change the name of the current user',
        security,
        body: updateProfileSchema,
        response: {
          200: userSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => updateName(deps, request.user.id, request.body.name),
  )

  app.post(
    '/me/password',
    {
      preHandler: passwordChecked,
      schema: {
        tags: ['auth'],
        summary: 'Change the password (current one required); the other sessions end',
        security,
        body: changePasswordSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await changePassword(deps, request.user, request.body)
      return { message: ACCOUNT_MESSAGES.passwordChanged }
    },
  )

  app.post(
    '/me/email',
    {
      preHandler: passwordChecked,
      schema: {
        tags: ['auth'],
        summary: 'Mail a confirmation link to a new address (the old one is told)',
        security,
        body: changeEmailSchema,
        response: {
          202: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await requestEmailChange(deps, request.user.id, request.body)
      return reply.code(202).send({ message: ACCOUNT_MESSAGES.emailChangeSent })
    },
  )

  app.post(
    '/email/confirm',
    {
      preHandler: limitBy(app, { name: 'email-confirm', max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: ['auth'],
        summary: 'Confirm a new e-mail address with the token of its link',
        description:
          'The reset links of the old address stop working, every session of the account ends ' +
          "but the bearer token's (when one of this account is sent), and the old address is told.",
        security: [{}, { bearerAuth: [] }],
        body: confirmEmailSchema,
        response: {
          200: emailChangedResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const opener = await openerOf(app, request)
      const user = await confirmEmailChange(deps, request.body.token, opener)
      return { message: ACCOUNT_MESSAGES.emailChanged, user }
    },
  )

  app.get(
    '/sessions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The live sessions of the current user (device, last use)',
        security,
        response: { 200: sessionsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { sessions: await listSessions(deps, request.user) }
    },
  )

  app.delete(
    '/sessions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          'End every session of the current user, this one included, and withdraw a pending e-mail change',
        security,
        response: { 204: z.undefined().describe('Sessions ended'), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await endAllSessions(deps, request.user.id)
      return reply.code(204).send()
    },
  )

  app.delete(
    '/me',
    {
      preHandler: passwordChecked,
      schema: {
        tags: ['auth'],
        summary:
          'Delete the account (password required): user, business, products, images, sessions, mail',
        security,
        body: deleteAccountSchema,
        response: {
          204: z.undefined().describe('Account deleted'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, request.user.id, request.body.password)
      return reply.code(204).send()
    },
  )
}

export default accountRoutes
