/** POST /api/email/contact (SPEC §7): the platform contact form. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CONTACT_MESSAGES,
  contactMessageSchema,
  errorResponseSchema,
  messageResponseSchema,
} from '@vitrina/contracts'
import { submitContactMessage } from './service.js'

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/email/contact',
    {
      // Each message becomes a mail to a person: 5 per hour per address keeps the inbox usable.
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags: ['contact'],
        summary: 'Enviar un mensaje de contacto a la plataforma',
        // The name is one line (contracts): it ends up in a mail subject, so CR/LF is refused.
        body: contactMessageSchema,
        response: {
          201: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await submitContactMessage(app.db, request.body, app.config.contactInbox)
      app.mail.wake()
      return reply.code(201).send({ message: CONTACT_MESSAGES.successDescription })
    },
  )
}

export default contactRoutes
