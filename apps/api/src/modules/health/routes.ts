/** ARCHITECTURE.md "Runtime": liveness and readiness. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

const statusSchema = z.object({ status: z.literal('ok') })
const notReadySchema = z.object({ status: z.literal('unavailable') })

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: statusSchema } } },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/ready',
    { schema: { tags: ['health'], response: { 200: statusSchema, 503: notReadySchema } } },
    async (request, reply) => {
      try {
        await app.database.ping()
        return { status: 'ok' as const }
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready')
        return reply.code(503).send({ status: 'unavailable' as const })
      }
    },
  )
}

export default healthRoutes
