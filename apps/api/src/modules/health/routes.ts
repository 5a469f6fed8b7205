/** ARCHITECTURE.md "Runtime": liveness and readiness. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { databaseFault, DATABASE_RETRY_AFTER_SECONDS } from '../../db/faults.js'

/** A balancer's health check must hear back in time even when the database does not answer. */
const READY_BUDGET_MS = 1_000

function withinBudget(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const budget = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within the budget')), READY_BUDGET_MS)
  })
  return Promise.race([work, budget]).finally(() => clearTimeout(timer))
}

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
        await withinBudget(app.database.ping())
        return { status: 'ok' as const }
      } catch (error) {
        request.log.warn({ fault: databaseFault(error) ?? String(error) }, 'database not ready')
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable' as const })
      }
    },
  )
}

export default healthRoutes
