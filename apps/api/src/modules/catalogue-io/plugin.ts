/**
 * Issue 27 §1: `/api/products/export`, `/api/products/import…` (docs/decisions/028) and the
 * background worker that downloads imported images (`app.importImages`), started when the app
 * is ready — which also picks up the items a stopped process left unfinished — and stopped
 * when it closes.
 */
import fp from 'fastify-plugin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  IMPORT_MESSAGES,
  errorResponseSchema,
  exportFormatSchema,
  idSchema,
  importJobSchema,
  importPreviewSchema,
  importQuerySchema,
  type ImportJob,
} from '@vitrina/contracts'
import { and, eq } from 'drizzle-orm'
import { AppError } from '../../lib/errors.js'
import { getOwnBusiness } from '../businesses/service.js'
import { CONTENT_TYPES, exportRows, templateRows, writeSheet } from './export.js'
import { FETCH_DEFAULTS, createImageWorker, jobItems, type ImageWorker } from './images.js'
import { ImportRefused, importProducts } from './import.js'
import { importJobs } from './tables.js'

declare module 'fastify' {
  interface FastifyInstance {
    importImages: ImageWorker
  }
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
}
/** A file (sent as bytes, never serialised). */
const fileSchema = z.instanceof(Buffer).describe('CSV or XLSX file')
const refusedSchema = importPreviewSchema.extend({ message: z.string() })

/** Uploads and their processing: counted like the product form's (100 an hour). */
const UPLOAD_RATE = { rateLimit: { max: 100, timeWindow: '1 hour' } }

function attachment(name: string) {
  return `attachment; filename="${name}"`
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/export',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Every product of the owner’s business as CSV or XLSX (issue 27 §1)',
        description:
          'CSV: UTF-8 with BOM, `;` between cells, decimal comma, Spanish headers. XLSX: one ' +
          'sheet "Productos". Image URLs are absolute. Importing the file back changes nothing.',
        security: [{ bearerAuth: [] }],
        querystring: exportFormatSchema,
        response: { 200: fileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const business = await getOwnBusiness(app.db, request.user.id)
      const { format } = request.query
      const rows = await exportRows(app.db, business.id, app.config.publicUrl, format)
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header(
          'content-disposition',
          attachment(`productos-${business.identifier}-${day}.${format}`),
        )
        .header('cache-control', 'no-store')
        .send(await writeSheet(rows, format))
    },
  )

  app.get(
    '/import/template',
    {
      schema: {
        tags: ['products'],
        summary: 'The import template: Spanish headers and one example row (issue 27 §1)',
        querystring: exportFormatSchema,
        response: { 200: fileSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { format } = request.query
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', attachment(`plantilla-productos.${format}`))
        .send(await writeSheet(templateRows(), format))
    },
  )

  app.post(
    '/import',
    {
      config: UPLOAD_RATE,
      preHandler: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Import products from a CSV or XLSX file (multipart `file`; issue 27 §1)',
        description:
          'dryRun=true (default): what would be created, updated and left unchanged, with ' +
          'row-level errors, writing nothing. dryRun=false: every row in one transaction, or a ' +
          '422 with the errors and nothing written. Rows match products by code. Images by URL ' +
          'are downloaded afterwards: follow jobId at GET /products/import/{jobId}.',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        querystring: importQuerySchema,
        response: {
          200: importPreviewSchema,
          ...errors,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: refusedSchema,
        },
      },
    },
    async (request, reply) => {
      // Refuse an owner without a business before reading the upload.
      await getOwnBusiness(app.db, request.user.id)
      const { files } = await app.media.readMultipart(request, { files: { file: { max: 1 } } })
      const file = files.file[0]
      if (!file) {
        throw new AppError('VALIDATION', IMPORT_MESSAGES.fileRequired, [
          { path: 'file', message: IMPORT_MESSAGES.fileRequired },
        ])
      }
      try {
        const { preview, removed } = await importProducts(
          app.db,
          request.user.id,
          file,
          request.query.dryRun,
          app.config.publicUrl,
        )
        await app.media.deleteAssets(removed)
        if (preview.jobId) app.importImages.wake()
        return preview
      } catch (error) {
        if (error instanceof ImportRefused) return reply.code(422).send(error.preview)
        throw error
      }
    },
  )

  app.get(
    '/import/:jobId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Progress of an import’s image downloads (issue 27 §1)',
        security: [{ bearerAuth: [] }],
        params: z.object({ jobId: z.string().max(100) }),
        response: { 200: importJobSchema, ...errors },
      },
    },
    async (request): Promise<ImportJob> => {
      const notFound = () => new AppError('NOT_FOUND', IMPORT_MESSAGES.jobNotFound)
      if (!idSchema.safeParse(request.params.jobId).success) throw notFound()
      const business = await getOwnBusiness(app.db, request.user.id)
      const [job] = await app.db
        .select()
        .from(importJobs)
        .where(and(eq(importJobs.id, request.params.jobId), eq(importJobs.businessId, business.id)))
      if (!job) throw notFound()
      const items = await jobItems(app.db, job.id)
      const done = items.filter((i) => i.status === 'done').length
      return {
        id: job.id,
        status: done === items.length ? 'done' : 'running',
        created: job.created,
        updated: job.updated,
        total: items.length,
        done,
        failures: items.flatMap((i) => i.failures.map((f) => ({ row: i.row, ...f }))),
      }
    },
  )
}

export default fp(
  async (app) => {
    const worker = createImageWorker({
      db: app.db,
      concurrency: app.config.importImageConcurrency,
      media: app.media,
      log: app.log.child({ module: 'import-images' }),
      fetch: { ...FETCH_DEFAULTS, allowLoopback: app.config.importFetchAllowLoopback },
      onChanged: (businessId) => app.invalidateReads(businessId),
    })
    app.decorate('importImages', worker)
    app.addHook('onReady', async () => worker.start())
    app.addHook('onClose', async () => worker.close())
    await app.register(routes, { prefix: '/api/products' })
  },
  { name: 'catalogue-io', dependencies: ['config', 'database', 'auth'] },
)
