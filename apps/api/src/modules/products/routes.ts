/** `/api/products` (SPEC §7 product calls; ARCHITECTURE.md "HTTP contract"). */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  bulkRequestSchema,
  bulkResponseSchema,
  productMoveSchema,
  productOrderRequestSchema,
  createProductSchema,
  businessOptionsSchema,
  errorResponseSchema,
  productListQuerySchema,
  productCarouselsSchema,
  productListResponseSchema,
  productSchema,
  updateProductSchema,
} from '@vitrina/contracts'
import { UPLOAD_FIELDS } from '../media/index.js'
import { bulkEdit, moveProduct, reorderProducts } from './bulk.js'
import { clearedFields, parseProductForm } from './form.js'
import type { ProductFlag } from './repository.js'
import { SEARCH_RATE_LIMIT, SEARCH_STATEMENT_TIMEOUT_MS } from './search.js'
import {
  createProduct,
  deleteProduct,
  duplicateProduct,
  getProduct,
  getProductBySlug,
  listBusinessOptions,
  listCarousel,
  listCarousels,
  listProducts,
  loadOwnedProduct,
  updateProduct,
  type ProductDeps,
} from './service.js'

const UPLOADS = { files: { image: UPLOAD_FIELDS.image, images: UPLOAD_FIELDS.images } }

/** Ids are checked by the service: a malformed one is simply not found (404), like a missing one. */
const idParams = z.object({ id: z.string().max(100) })
const businessParams = z.object({ businessId: z.string().max(100) })
const slugParams = z.object({ business: z.string().max(100), slug: z.string().max(200) })

/** Errors every owner-only write can answer. */
const writeErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
}
/** …and a multipart one besides (see media/multipart.ts). */
const uploadErrors = {
  ...writeErrors,
  413: errorResponseSchema,
  415: errorResponseSchema,
  422: errorResponseSchema,
}

/** SPEC §2.5 carousels, by path segment. */
const CAROUSELS: Record<'featured' | 'new' | 'offer', ProductFlag> = {
  featured: 'isFeatured',
  new: 'isNew',
  offer: 'isOffer',
}

/** A non-blank `search` parameter (the limiter runs before the query is validated). */
function isSearch(query: unknown): boolean {
  const search = (query as { search?: unknown } | undefined)?.search
  return typeof search === 'string' ? search.trim() !== '' : search !== undefined
}

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ProductDeps = { db: app.db, media: app.media }
  const viewerOf = (request: FastifyRequest) => () => app.viewerId(request)
  // Searches run where the server cancels a statement after SEARCH_STATEMENT_TIMEOUT_MS.
  const listDbs = { db: app.db, searchDb: app.database.bounded(SEARCH_STATEMENT_TIMEOUT_MS) }

  app.get(
    '/:businessId/business',
    {
      // Issue 22 §4: a search reaches the database whatever the cache holds (each text is a new
      // URL), so searches are limited per client address; a plain list is not.
      config: {
        rateLimit: {
          ...SEARCH_RATE_LIMIT,
          allowList: (request) => !app.config.rateLimit || !isSearch(request.query),
        },
      },
      schema: {
        tags: ['products'],
        summary: "A business's products with filters, sorting and pages",
        description:
          'minPrice/maxPrice bound the final (discounted) price; search needs 3 characters, ' +
          'ignores case and accents, finds words by their beginning and forgives one typo in ' +
          'words of 5+ letters (codes and numbers only as written or by prefix); better matches ' +
          'come first, then the chosen order. Searches are limited per client address (429). ' +
          'priceMax is the ' +
          'highest final price of the filtered set without the price bounds. status (issue 25): ' +
          "'active' (default: the storefront's), 'hidden' or 'all' — honoured for the " +
          "business's owner (bearer token) only; for anyone else hidden products do not exist " +
          "('hidden' is an empty list, 'all' the active ones).",
        params: businessParams,
        querystring: productListQuerySchema,
        response: {
          200: productListResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) =>
      listProducts(listDbs, request.params.businessId, request.query, viewerOf(request)),
  )

  for (const [segment, flag] of Object.entries(CAROUSELS)) {
    app.get(
      `/:businessId/business/${segment}`,
      {
        schema: {
          tags: ['products'],
          summary: `The storefront's ${segment} products (at most 12, newest first)`,
          params: businessParams,
          response: { 200: z.array(productSchema), 404: errorResponseSchema },
        },
      },
      async (request) => listCarousel(app.db, request.params.businessId, flag, viewerOf(request)),
    )
  }

  app.get(
    '/:businessId/carousels',
    {
      schema: {
        tags: ['products'],
        summary: "The storefront home's three carousels in one reply (issue 42 §4)",
        description:
          'featured, new and offer: each the same list as /business/{featured|new|offer} (at ' +
          'most 12 products, newest first), read with one look-up of the business.',
        params: businessParams,
        response: { 200: productCarouselsSchema, 404: errorResponseSchema },
      },
    },
    async (request) => listCarousels(app.db, request.params.businessId, viewerOf(request)),
  )

  app.get(
    '/:businessId/options',
    {
      schema: {
        tags: ['products'],
        summary: "The option names and values of a business's active products (issue 25)",
        description:
          'Each option once (names compared ignoring case), its values in the order first ' +
          'seen, oldest product first: the storefront filter by option (option=Talle:M).',
        params: businessParams,
        response: { 200: businessOptionsSchema, 404: errorResponseSchema },
      },
    },
    async (request) => listBusinessOptions(app.db, request.params.businessId, viewerOf(request)),
  )

  app.get(
    '/:business/slug/:slug',
    {
      schema: {
        tags: ['products'],
        summary: 'One product by its address in the business (issue 27 §3)',
        description:
          'The business by its id or its storefront identifier. The product whose slug this is; or that had it (an old address: the reply carries ' +
          'the current slug, and the storefront answers 301 to it); or whose id this is (the ' +
          'old /{identifier}/productos/{id} addresses). Another business’s product, and a ' +
          'hidden one for the public, are 404.',
        params: slugParams,
        response: { 200: productSchema, 404: errorResponseSchema },
      },
    },
    async (request) =>
      getProductBySlug(app.db, request.params.business, request.params.slug, viewerOf(request)),
  )

  app.get(
    '/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'One product',
        params: idParams,
        response: { 200: productSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getProduct(app.db, request.params.id, viewerOf(request)),
  )

  app.post(
    '/',
    {
      // Image processing is the expensive part of the API.
      config: { rateLimit: { max: 100, timeWindow: '1 hour' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Create a product in the owner’s business (multipart)',
        description:
          'Multipart fields of SPEC §7: name, price, description, businessId, category and the ' +
          'image file always; discount, code, info, isFeatured, isNew, currency, subCategory, ' +
          'tags[i] (or one tags part of JSON text), specifications (JSON text) and up to 10 ' +
          'images files when present. isOffer is derived from the discount. Issue 25: options ' +
          '(JSON text [{ name, values }]), variants (JSON text [{ options, price?, code?, ' +
          'stock?, imageIndex? }]), trackStock, stock (a product without variants) and status.',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: { 201: productSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { fields, files } = await app.media.readMultipart(request, UPLOADS)
      const input = parseProductForm(createProductSchema, fields)
      const product = await createProduct(deps, request.user.id, input, {
        image: files.image ?? [],
        images: files.images ?? [],
      })
      return reply.code(201).send(product)
    },
  )

  app.post(
    '/:id/duplicate',
    {
      // Copies every stored image of the product: counted with the uploads.
      config: { rateLimit: { max: 100, timeWindow: '1 hour' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Duplicate a product of the owner’s business (issue 27 §2)',
        description:
          'A copy with its images (copied), options and variants, named "… (copia)", codes ' +
          'left blank. Counts against the plan like a new product.',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 201: productSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const product = await duplicateProduct(deps, request.user.id, request.params.id)
      return reply.code(201).send(product)
    },
  )

  app.post(
    '/bulk',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Change or delete many of the owner’s products at once (issue 27 §2)',
        description:
          'Exactly one of ids (at most 5,000, all the owner’s: any other refuses the request) ' +
          'or filter (the list query of GET /products/{businessId}/business; page and pageSize ' +
          'are ignored, hidden products are left out as in the list). action: price ' +
          '(change.percent or change.amount as a magnitude, change.direction raise (default) or ' +
          'lower — a negative value is refused; variant price overrides move too; rounded half up ' +
          'to the cent), flags (isFeatured, isNew, isOffer with discount), category (category, ' +
          'subCategory), status (active or hidden; showing counts against the plan) or delete ' +
          '(images removed after the commit). One transaction: a refused row changes nothing.',
        security: [{ bearerAuth: [] }],
        body: bulkRequestSchema,
        response: { 200: bulkResponseSchema, ...writeErrors },
      },
    },
    async (request) => bulkEdit(deps, request.user.id, request.body),
  )

  app.put(
    '/order',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Reorder some of the owner’s products (a page of the list; issue 27 §2)',
        description:
          'ids: the products in their new order. They take the positions they already hold, ' +
          'sorted: products elsewhere keep their place. The storefront shows this order when ' +
          'the business’s productOrder is manual (sold-out products still last).',
        security: [{ bearerAuth: [] }],
        body: productOrderRequestSchema,
        response: { 200: bulkResponseSchema, ...writeErrors },
      },
    },
    async (request) => reorderProducts(deps, request.user.id, request.body.ids),
  )

  app.post(
    '/:id/move',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Move a product to the start or the end of the manual order (issue 27 §2)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: productMoveSchema,
        response: { 200: bulkResponseSchema, ...writeErrors },
      },
    },
    async (request) => moveProduct(deps, request.user.id, request.params.id, request.body),
  )

  app.patch(
    '/:id',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Edit a product of the owner’s business (multipart: any subset)',
        description:
          'Any subset of the create fields but businessId, plus imagesToDelete (JSON list of ' +
          'image URLs), a new main image and new extra images (10 at most after the change). ' +
          'A blank code, info or subCategory clears it. Tags are unchanged unless sent: as ' +
          'tags[i] parts, or as one tags part holding a JSON list (tags = [] clears them). ' +
          'variants sent (with options) replace the stored ones, keeping the id of each ' +
          'combination still listed; options sent alone must fit the stored variants.',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: productSchema, ...uploadErrors },
      },
    },
    async (request) => {
      // Refuse strangers before reading (and buffering) their upload.
      await loadOwnedProduct(app.db, request.params.id, request.user.id)
      const { fields, files } = await app.media.readMultipart(request, UPLOADS)
      const input = parseProductForm(updateProductSchema, fields)
      return updateProduct(deps, request.user.id, request.params.id, input, clearedFields(fields), {
        image: files.image ?? [],
        images: files.images ?? [],
      })
    },
  )

  app.delete(
    '/:id',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Delete a product of the owner’s business and its images',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteProduct(deps, request.user.id, request.params.id)
      return reply.code(204).send(null)
    },
  )
}

export default productRoutes
