/**
 * Builds the Fastify app without listening (fastify/demo): tests call it with `app.inject`,
 * `server.ts` alone listens, logs and closes.
 */
import { randomUUID } from 'node:crypto'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import compress from '@fastify/compress'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import type { DatabaseHandle } from './db/client.js'
import { loggerOptions } from './lib/logger.js'
import configPlugin from './plugins/config.js'
import databasePlugin from './plugins/database.js'
import errorHandler from './plugins/error-handler.js'
import textInput from './plugins/text-input.js'
import security from './plugins/security.js'
import redis from './plugins/redis.js'
import rateLimit from './plugins/rate-limit.js'
import multipart from './plugins/multipart.js'
import httpCache from './plugins/http-cache.js'
import readCache from './plugins/read-cache.js'
import swagger from './plugins/swagger.js'
import auth from './plugins/auth.js'
import staticFilesAndPages from './plugins/static-files-and-pages.js'
import type { PageRenderer } from './plugins/static-files-and-pages.js'
import healthRoutes from './modules/health/routes.js'
import mail from './modules/mail/plugin.js'
import { mediaPlugin, mediaRoutes } from './modules/media/index.js'
import authRoutes from './modules/auth/routes.js'
import contactRoutes from './modules/contact/routes.js'
import productRoutes from './modules/products/routes.js'
import pagesRoutes from './modules/pages/routes.js'
import businessRoutes from './modules/businesses/routes.js'
import planRoutes from './modules/plans/routes.js'
import operatorPaymentRoutes from './modules/plans/operator-routes.js'
import operatorRoutes from './modules/operator/routes.js'
import orderRoutes from './modules/orders/routes.js'
import promotionRoutes from './modules/promotions/routes.js'
import insightsPlugin from './modules/insights/plugin.js'
import insightRoutes from './modules/insights/routes.js'
import storefrontAppRoutes from './modules/pwa/routes.js'
import catalogueIo from './modules/catalogue-io/plugin.js'
import feedRoutes from './modules/feeds/routes.js'
import { pixelRoutes, pixelsCsp } from './modules/pixels/index.js'
import { domainRoutes, domainsPlugin, hostRoutingPlugin } from './modules/domains/index.js'
import { paymentRoutes, paymentsPlugin } from './modules/payments/index.js'

export interface AppDependencies {
  /** An opened and migrated database. */
  database: DatabaseHandle
  /** Close the database when the app closes (the server does; tests reuse one per file). */
  closeDatabase?: boolean
  /** Replace the logger options (tests silence it). */
  logger?: FastifyServerOptions['logger']
  /**
   * Renders pages on the server (ADR 017); by default the web build's server entry when it is
   * built, `null` for none (tests give the web source's).
   */
  pageRenderer?: PageRenderer | null
}

const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/

export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    // A hop count trusts that many proxies nearest to us (what proxy-addr does with a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Issue 22 §2: the limits must reach http.createServer. Node enforces them only every
    // connectionsCheckingInterval (30 s by default), which let a slowloris connection live 42–90 s
    // against a 30 s limit; checking four times per headers limit (at most every second) cuts it
    // in time.
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.headersTimeoutMs / 4)),
    },
    return503OnClosing: true,
    // Accept a caller's request id only when it looks like one; otherwise make our own.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
        ? incoming
        : randomUUID()
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Issue 41: in production every request at info was 20,000 lines a session; they go at debug
    // (below). Errors and warnings keep their own lines and levels (error handler, plugins).
    logController: new LogController({ disableRequestLogging: config.env === 'production' }),
  }).withTypeProvider<ZodTypeProvider>()

  if (config.env === 'production') {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug(
        { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        'request completed',
      )
    })
  }

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(configPlugin, { config })
  await app.register(databasePlugin, {
    handle: deps.database,
    closeOnShutdown: deps.closeDatabase ?? false,
  })
  await app.register(errorHandler)
  await app.register(textInput)
  await app.register(security)
  // Issue 46 §3: a storefront of a shop with pixel ids allows their scripts' hosts (ADR 039).
  await app.register(pixelsCsp)
  await app.register(compress, { threshold: 1024 })
  await app.register(httpCache)
  await app.register(redis)
  await app.register(rateLimit)
  // Issue 46 §1: requests by Host (a shop's own domain, or a plain 404) before any cached reply.
  await app.register(hostRoutingPlugin)
  await app.register(readCache, config.readCache)
  await app.register(multipart)
  await app.register(swagger)
  await app.register(auth)
  await app.register(mail)
  await app.register(mediaPlugin)
  await app.register(insightsPlugin)
  // Shops' own domains: the service and its re-check job (issue 46 §1, ADR 038).
  await app.register(domainsPlugin)
  // Online payments with Mercado Pago: the service and its reconciliation job (issue 43, ADR 037).
  await app.register(paymentsPlugin)

  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(authRoutes, { prefix: '/auth' })
      await api.register(contactRoutes)
      await api.register(productRoutes, { prefix: '/products' })
      await api.register(businessRoutes, { prefix: '/businesses' })
      await api.register(pixelRoutes, { prefix: '/businesses' })
      await api.register(planRoutes)
      await api.register(operatorPaymentRoutes, { prefix: '/operator/payments' })
      await api.register(operatorRoutes, { prefix: '/operator' })
      await api.register(paymentRoutes)
      await api.register(orderRoutes)
      await api.register(promotionRoutes)
      await api.register(insightRoutes)
      await api.register(domainRoutes, { prefix: '/domains' })
    },
    { prefix: '/api' },
  )
  // Spreadsheet import and export of products, and the worker for imported images (ADR 028).
  await app.register(catalogueIo)

  // Stored images at the root: /media/* (outside /api).
  await app.register(mediaRoutes)
  await app.register(staticFilesAndPages, { renderer: deps.pageRenderer })
  // sitemap.xml and robots.txt.
  await app.register(pagesRoutes)
  // Installable storefronts: manifest, icons, service worker (ADR 026).
  await app.register(storefrontAppRoutes)
  // Each shop's Google Merchant Center and Meta catalogue feeds (issue 46 §2, ADR 033).
  await app.register(feedRoutes)
  return app
}
