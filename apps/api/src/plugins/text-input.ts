/**
 * Refuses text PostgreSQL cannot store (NUL, lone surrogates) in the path parameters, the query
 * and a parsed body of every route, before its schema runs (lib/text-input.ts). Multipart bodies
 * are streamed by their routes and checked by `readMultipart` instead.
 */
import fp from 'fastify-plugin'
import { assertStorableText } from '../lib/text-input.js'

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      assertStorableText(request.params)
      assertStorableText(request.query)
      assertStorableText(request.body)
    })
  },
  { name: 'text-input' },
)
