/**
 * `/api/domains` (issue 46 §1, ADR 038): the owner's own domain, and the certificate question a
 * TLS proxy asks before getting a certificate on demand (Caddy's `on_demand_tls { ask … }`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  customDomainReplySchema,
  customDomainSchema,
  domainInputSchema,
  errorResponseSchema,
} from '@vitrina/contracts'
import {
  getOwnDomain,
  mayHaveCertificate,
  removeOwnDomain,
  setOwnDomain,
  verifyOwnDomain,
} from './service.js'

const ownerErrors = { 401: errorResponseSchema, 404: errorResponseSchema }

const domainRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.domains

  app.get(
    '/mine',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['domains'],
        summary: "The signed-in owner's own domain, its DNS records and state (null: none)",
        security: [{ bearerAuth: [] }],
        response: { 200: customDomainReplySchema, ...ownerErrors },
      },
    },
    async (request) => ({ domain: await getOwnDomain(deps, request.user.id) }),
  )

  app.put(
    '/mine',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['domains'],
        summary: "Sets the shop's own domain (normalised; IDN in punycode)",
        description:
          'Another name replaces the current one and starts pending with a new TXT token; the ' +
          "same name keeps its state. 400 for a malformed name or the platform's own; 409 for " +
          "another shop's.",
        security: [{ bearerAuth: [] }],
        body: domainInputSchema,
        response: {
          200: customDomainSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          ...ownerErrors,
        },
      },
    },
    async (request) => setOwnDomain(deps, request.user.id, request.body.hostname),
  )

  app.delete(
    '/mine',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['domains'],
        summary: "Removes the shop's own domain (its storefront goes back to the platform's)",
        security: [{ bearerAuth: [] }],
        response: { 204: z.null(), ...ownerErrors },
      },
    },
    async (request, reply) => {
      await removeOwnDomain(deps, request.user.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/mine/verify',
    {
      preHandler: app.authenticate,
      // Each check is a few DNS queries.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['domains'],
        summary: "«Verificar»: checks the domain's DNS records now",
        security: [{ bearerAuth: [] }],
        response: { 200: customDomainSchema, 429: errorResponseSchema, ...ownerErrors },
      },
    },
    async (request) => verifyOwnDomain(deps, request.user.id),
  )

  app.get(
    '/certificate',
    {
      // Asked by the TLS proxy on every new name a client tries (and cached by it).
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['domains'],
        summary: 'Whether a TLS proxy may get a certificate for a host (on-demand TLS `ask`)',
        description:
          "200 for the platform's host and for a verified domain of a shop that is not " +
          'suspended; 404 for anything else (unknown, pending, failed, suspended, malformed).',
        querystring: z.object({ domain: z.string().max(300).optional() }),
        response: {
          200: z.object({ ok: z.literal(true) }),
          404: z.object({ ok: z.literal(false) }),
        },
      },
    },
    async (request, reply) => {
      const allowed = await mayHaveCertificate(
        app.db,
        app.config.domains,
        request.query.domain ?? '',
      )
      return allowed ? { ok: true as const } : reply.code(404).send({ ok: false as const })
    },
  )
}

export default domainRoutes
