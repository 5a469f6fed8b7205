/** `/api/auth/*` (SPEC §7 auth calls, ARCHITECTURE.md "HTTP contract"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  activationParamsSchema,
  activationResponseSchema,
  AUTH_MESSAGES,
  errorResponseSchema,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  messageResponseSchema,
  registerResponseSchema,
  registerSchema,
  resendActivationSchema,
  resetPasswordSchema,
  resetTokenCheckResponseSchema,
  resetTokenCheckSchema,
  userSchema,
  ACCOUNT_MESSAGES,
} from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'
import { byAccount, limitBy } from './rate-limits.js'
import {
  activateAccount,
  getCurrentUser,
  login,
  registerUser,
  resendActivation,
  type AuthDeps,
} from './service.js'
import accountRoutes from './account-routes.js'
import housekeeping from './housekeeping.js'
import { checkPasswordResetToken, requestPasswordReset, resetPassword } from './password-reset.js'
import sessionRoutes from './session-routes.js'

/** Login's limits fail closed when the shared store is away (rate-limits.ts). */
const LOGIN = { failClosed: true } as const

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuthDeps = {
    db: app.db,
    tokens: app.tokens,
    mail: app.mail,
    config: app.config,
    log: app.log.child({ module: 'auth' }),
    refreshTokenTtl: app.config.refreshTokenTtl,
    refreshReuseGrace: app.config.refreshReuseGrace,
  }

  // Work done after the reply has gone (so its duration tells the caller nothing); close waits.
  const afterReply = new Set<Promise<void>>()
  function runAfterReply(task: () => Promise<void>) {
    setImmediate(() => {
      const work: Promise<void> = task()
        .catch((error: unknown) => deps.log.error({ err: error }, 'work after the reply failed'))
        .finally(() => afterReply.delete(work))
      afterReply.add(work)
    })
  }
  app.addHook('onClose', async () => {
    // setImmediate first: a task scheduled by the last reply has then joined the set.
    await new Promise((resolve) => setImmediate(resolve))
    await Promise.allSettled([...afterReply])
  })

  // JSON only: any other body (text, form, multipart) is a 415, never a half-understood request.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  )

  app.post(
    '/register',
    {
      preHandler: limitBy(app, { name: 'register', max: 5, timeWindow: '1 hour' }),
      schema: {
        tags: ['auth'],
        summary: 'Create an inactive account and e-mail its activation link',
        body: registerSchema,
        response: {
          201: registerResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await registerUser(deps, request.body)
      return reply.code(201).send({ message: AUTH_MESSAGES.registrationSuccess, user })
    },
  )

  app.post(
    '/activar/:token',
    {
      // Guessing tokens is hopeless (256 bits), but there is no reason to let anyone try fast.
      preHandler: limitBy(app, { name: 'activate', max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: ['auth'],
        summary: 'Activate an account with the token from its e-mail link',
        params: activationParamsSchema,
        response: {
          200: activationResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { alreadyActive } = await activateAccount(deps, request.params.token)
      const message = alreadyActive
        ? AUTH_MESSAGES.activationAlreadyActive
        : AUTH_MESSAGES.activationSuccess
      return { message, alreadyActive }
    },
  )

  // SPEC §5 "Other": an activation link without its token says so, instead of a bare 404.
  app.post(
    '/activar',
    {
      schema: {
        tags: ['auth'],
        summary: 'An activation call without a token: always 400',
        response: { 400: errorResponseSchema },
      },
    },
    async () => {
      throw new AppError('BAD_REQUEST', AUTH_MESSAGES.activationMissingToken)
    },
  )

  app.post(
    '/activation/resend',
    {
      preHandler: [
        limitBy(app, { name: 'resend', max: 20, timeWindow: '1 hour' }),
        limitBy(app, { name: 'resend-account', max: 3, timeWindow: '1 hour', key: byAccount }),
      ],
      schema: {
        tags: ['auth'],
        summary: 'Send a new activation link (same reply whether or not the account exists)',
        body: resendActivationSchema,
        response: {
          202: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await resendActivation(deps, request.body.email)
      return reply.code(202).send({ message: AUTH_MESSAGES.activationResent })
    },
  )

  app.post(
    '/password/forgot',
    {
      preHandler: [
        limitBy(app, { name: 'forgot', max: 20, timeWindow: '1 hour' }),
        limitBy(app, { name: 'forgot-account', max: 3, timeWindow: '1 hour', key: byAccount }),
      ],
      schema: {
        tags: ['auth'],
        summary:
          'Mail a password-reset link (the activation mail to an inactive account); same reply and timing whether or not the account exists',
        body: forgotPasswordSchema,
        response: {
          202: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body
      // Nothing about the account is looked at before the reply: existing or not, it is the same.
      runAfterReply(() => requestPasswordReset(deps, email))
      return reply.code(202).send({ message: ACCOUNT_MESSAGES.forgotSent })
    },
  )

  app.post(
    '/password/reset',
    {
      preHandler: limitBy(app, { name: 'reset', max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link; every session ends',
        body: resetPasswordSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body)
      return { message: ACCOUNT_MESSAGES.resetSuccess }
    },
  )

  app.post(
    '/password/reset/check',
    {
      preHandler: limitBy(app, { name: 'reset-check', max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: ['auth'],
        summary:
          'Whether a reset link is still usable, without spending it (the reset page asks on load)',
        body: resetTokenCheckSchema,
        response: {
          200: resetTokenCheckResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await checkPasswordResetToken(deps, request.body.token)
      return { valid: true as const }
    },
  )

  app.post(
    '/login',
    {
      // Checked before the password is, so a locked account answers the same 429 whatever the
      // password — the right one included. The hourly cap keeps one account at ≤ 100 guesses an
      // hour (ASVS 2.2.1) where the minute window alone allows 600.
      preHandler: [
        limitBy(app, { ...LOGIN, name: 'login', max: 10, timeWindow: '1 minute' }),
        limitBy(app, {
          ...LOGIN,
          name: 'login-account',
          max: 10,
          timeWindow: '1 minute',
          key: byAccount,
        }),
        limitBy(app, {
          ...LOGIN,
          name: 'login-account-hour',
          max: 100,
          timeWindow: '1 hour',
          key: byAccount,
        }),
      ],
      schema: {
        tags: ['auth'],
        summary: 'Log in: the user, a 15-minute access token and a refresh token',
        body: loginSchema,
        response: {
          200: loginResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => login(deps, request.body, request.headers['user-agent']),
  )

  app.get(
    '/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The user of the bearer access token',
        security: [{ bearerAuth: [] }],
        response: { 200: userSchema, 401: errorResponseSchema },
      },
    },
    async (request) => getCurrentUser(deps, request.user.id),
  )

  await app.register(sessionRoutes, { deps })
  await app.register(accountRoutes, {
    deps: { ...deps, media: app.media, invalidateReads: (id) => app.invalidateReads(id) },
  })
  await app.register(housekeeping)
}

export default authRoutes
