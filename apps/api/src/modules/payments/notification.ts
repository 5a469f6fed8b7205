/**
 * What a Mercado Pago notification request carries that Vitrina reads (ADR 037): the signature
 * headers and the query's `data.id` and type (`type`, or `topic` in the older format). The body
 * is never read. One reading for the shops' payment notifications and the platform's
 * subscription ones (ADR 040).
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Notification } from './service.js'

export const notificationQuerySchema = z
  .object({
    'data.id': z.string().max(100).optional(),
    type: z.string().max(100).optional(),
    topic: z.string().max(100).optional(),
    id: z.string().max(100).optional(),
  })
  .loose()

type NotificationQuery = z.infer<typeof notificationQuerySchema>

export function notificationOf(request: {
  headers: FastifyRequest['headers']
  query: NotificationQuery
}): Notification {
  const header = (name: string) => {
    const value = request.headers[name]
    return typeof value === 'string' ? value : undefined
  }
  return {
    signature: header('x-signature'),
    requestId: header('x-request-id'),
    dataId: request.query['data.id'],
    type: request.query.type ?? request.query.topic,
  }
}
