/** `/api/businesses` (SPEC §7 business calls; ARCHITECTURE.md "HTTP contract"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  businessListQuerySchema,
  businessListResponseSchema,
  businessSchema,
  createBusinessSchema,
  ownerBusinessSchema,
  errorResponseSchema,
  identifierAvailabilitySchema,
  identifierParamsSchema,
  updateBusinessSchema,
} from '@vitrina/contracts'
import { UPLOAD_FIELDS } from '../media/index.js'
import { insertPlanRequest, toOwnerBusiness } from '../plans/service.js'
import { parseForm } from './form.js'
import { SLIDE_FETCH_DEFAULTS } from './slide-urls.js'
import { findBusinessByUserId, followDefaultRate } from './repository.js'
import {
  checkIdentifierAvailability,
  createBusiness,
  getBusinessByIdentifier,
  getFeaturedBusinesses,
  listPublicBusinesses,
  loadOwnedBusiness,
  updateBusiness,
  type BusinessDeps,
} from './service.js'

const UPLOADS = { files: { logo: UPLOAD_FIELDS.logo, slides: UPLOAD_FIELDS.slides } }

/** Errors a multipart write can answer besides its own (see media/multipart.ts). */
const uploadErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
}

const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: BusinessDeps = {
    db: app.db,
    media: app.media,
    defaultExchangeRate: app.config.defaultExchangeRate,
    // Issue 41: slides given by URL are downloaded under the import's rules (and its test switch).
    slideFetch: { ...SLIDE_FETCH_DEFAULTS, allowLoopback: app.config.importFetchAllowLoopback },
  }

  // Issue 25: a new DEFAULT_EXCHANGE_RATE reprices the businesses that follow it, once the app is
  // up (without holding its start: the listing is right within moments; errors are logged).
  let following: Promise<void> | undefined
  app.addHook('onReady', async () => {
    following = followDefaultRate(app.db, deps.defaultExchangeRate)
      .then((moved) => {
        if (moved > 0) app.log.info({ moved }, 'businesses repriced at the default exchange rate')
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'default exchange rate not applied'))
  })
  app.addHook('onClose', async () => {
    await following
  })

  app.get(
    '/',
    {
      schema: {
        tags: ['businesses'],
        summary: 'Public directory of businesses, newest first, with optional search',
        querystring: businessListQuerySchema,
        response: { 200: businessListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => listPublicBusinesses(app.db, request.query),
  )

  app.get(
    '/featured',
    {
      schema: {
        tags: ['businesses'],
        summary: "The landing's featured businesses (at most 6)",
        description:
          'In the order an operator chose; with no choice, the newest businesses that have a ' +
          'logo and at least one product. Suspended businesses never appear.',
        response: { 200: z.array(businessSchema) },
      },
    },
    async () => getFeaturedBusinesses(app.db),
  )

  app.get(
    '/:identifier/identifier',
    {
      schema: {
        tags: ['businesses'],
        summary: 'A public business by its identifier (storefront)',
        description: "A business an operator suspended answers 404 'Negocio no disponible'.",
        params: identifierParamsSchema,
        response: { 200: businessSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getBusinessByIdentifier(app.db, request.params.identifier),
  )

  app.get(
    '/check/:identifier',
    {
      // Public and cheap, but an open oracle over every identifier needs a ceiling.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['businesses'],
        summary:
          'Whether an identifier can be used (malformed, reserved, taken and recently given up cannot)',
        description:
          "'held': another business gave it up less than 90 days ago (issue 40 §5). With the " +
          'bearer token of the business that gave it up, it is available to that business.',
        security: [{}, { bearerAuth: [] }],
        params: identifierParamsSchema,
        response: { 200: identifierAvailabilitySchema, 429: errorResponseSchema },
      },
    },
    async (request) =>
      checkIdentifierAvailability(app.db, request.params.identifier, async () => {
        const viewer = await app.viewerId(request)
        return viewer ? (await findBusinessByUserId(app.db, viewer))?.id : undefined
      }),
  )

  app.get(
    '/user/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['businesses'],
        summary: "The signed-in owner's business (null when there is none yet)",
        security: [{ bearerAuth: [] }],
        response: { 200: ownerBusinessSchema.nullable(), 401: errorResponseSchema },
      },
    },
    // Issue 41: no business yet is a normal state for a signed-in owner, asked on every page —
    // 200 with null, not a 404 that every browser console reports as an error.
    async (request) => {
      const row = await findBusinessByUserId(app.db, request.user.id)
      return row ? toOwnerBusiness(app.db, row) : null
    },
  )

  app.post(
    '/',
    {
      // Image processing is the expensive part of the API; a person creates one business.
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['businesses'],
        summary: 'Create the owner’s business (multipart: fields, logo, slides)',
        description:
          'Multipart fields of SPEC §7. features, socialLinks and categories are JSON text; ' +
          'logo and slides are files (or https URLs as text). A slide URL (http or https) is ' +
          'downloaded (private addresses refused, 5 MB, 10 s), checked like an upload and ' +
          'stored as our own image; one that fails is a 400 naming the slide and nothing is ' +
          'saved. userId is ignored: the owner is ' +
          'the bearer of the access token. slideOrder (JSON text, optional) is the order of the ' +
          'slides as the editor shows them: a list whose entries are a URL (a slides text part) ' +
          'or a whole number n (the n-th slides file part, from 0); slides it leaves out follow ' +
          'in the default order (URLs, then files).',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: { 201: ownerBusinessSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { fields, files } = await app.media.readMultipart(request, UPLOADS)
      const input = parseForm(createBusinessSchema, fields)
      // The wizard's Premium is a request for one month, recorded with the business (issue 23 §2).
      const planDeps = { payments: app.config.payments, supportEmail: app.config.supportEmail }
      const row = await createBusiness(
        deps,
        request.user.id,
        input,
        { logo: files.logo ?? [], slides: files.slides ?? [] },
        input.planType === 'pro'
          ? async (tx, inserted) => void (await insertPlanRequest(tx, planDeps, inserted, 1))
          : undefined,
      )
      if (input.planType === 'pro') app.mail.wake()
      return reply.code(201).send(await toOwnerBusiness(app.db, row))
    },
  )

  app.patch(
    '/:id',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['businesses'],
        summary: 'Edit the owner’s business (multipart: any subset, new slides, slidesToDelete)',
        description:
          'Any subset of the create fields (userId is ignored; new slide URLs are downloaded ' +
          'and stored as on create, stored slides are kept as they are), ' +
          'plus: slidesToDelete (JSON list of stored slide URLs); slideOrder (JSON text: the ' +
          'order after the change, each entry a URL — a kept slide or a new slides text part — ' +
          'or a whole number n, the n-th new slides file part from 0; entries naming no slide ' +
          'are ignored, slides left out follow in the default order: kept, new URLs, new files); ' +
          "removeLogo ('true'): the stored logo and its favicon are removed and their files " +
          'deleted after the commit; a logo file or URL sent with it wins. A blank logo text ' +
          'part means "not given", never "remove".',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        // Any text: a malformed id is simply an unknown business (404).
        params: z.object({ id: z.string() }),
        response: {
          200: ownerBusinessSchema,
          ...uploadErrors,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      // Refuse strangers before reading (and buffering) their upload.
      await loadOwnedBusiness(app.db, request.params.id, request.user.id)
      const { fields, files } = await app.media.readMultipart(request, UPLOADS)
      const input = parseForm(updateBusinessSchema, fields)
      const row = await updateBusiness(deps, request.user.id, request.params.id, input, {
        logo: files.logo ?? [],
        slides: files.slides ?? [],
      })
      return toOwnerBusiness(app.db, row)
    },
  )
}

export default businessRoutes
