/**
 * One error handler (fastify/demo): Spanish `message`, `errors: [{path, message}]` on validation
 * failures, and a generic body for every 5xx so no SQL, stack or internal detail leaves the server.
 */
import { STATUS_CODES } from 'node:http'
import fp from 'fastify-plugin'
import type { FastifyError } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { API_MESSAGES, type ErrorResponse, type FieldError } from '@vitrina/contracts'
import { AppError } from '../lib/errors.js'
import { databaseFault, DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/faults.js'

function body(statusCode: number, message: string, errors?: FieldError[]): ErrorResponse {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(errors ? { errors } : {}),
  }
}

/** Fastify's own 4xx codes whose English text we replace with a Spanish one. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: API_MESSAGES.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: API_MESSAGES.malformedJson,
  FST_ERR_CTP_BODY_TOO_LARGE: API_MESSAGES.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: API_MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: API_MESSAGES.validation,
  FST_REQ_FILE_TOO_LARGE: API_MESSAGES.fileTooLarge,
  FST_FILES_LIMIT: API_MESSAGES.payloadTooLarge,
  FST_PARTS_LIMIT: API_MESSAGES.payloadTooLarge,
  FST_FIELDS_LIMIT: API_MESSAGES.payloadTooLarge,
  FST_INVALID_MULTIPART_CONTENT_TYPE: API_MESSAGES.unsupportedMediaType,
  FST_ERR_VALIDATION: API_MESSAGES.validation,
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply
          .code(error.statusCode)
          .send(body(error.statusCode, error.message, error.errors))
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message ?? API_MESSAGES.validation,
        }))
        return reply
          .code(400)
          .send(body(400, errors[0]?.message ?? API_MESSAGES.validation, errors))
      }
      const status = error.statusCode ?? 500
      if (status === 429) {
        return reply.code(429).send(body(429, API_MESSAGES.rateLimited))
      }
      if (status >= 400 && status < 500) {
        const message = (error.code && FASTIFY_CODES[error.code]) || API_MESSAGES.validation
        return reply.code(status).send(body(status, message))
      }
      if (isDatabaseUnavailable(error)) {
        // Stopped, unreachable or too slow: a retry soon may work, so no 500 (issue 22 §2).
        request.log.warn({ fault: databaseFault(error) }, 'database unavailable')
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send(body(503, API_MESSAGES.unavailable))
      }
      if (error.code === 'FST_ERR_REQUEST_TIMEOUT' || status === 503) {
        return reply.code(503).send(body(503, API_MESSAGES.timeout))
      }
      request.log.error({ err: error }, 'unhandled error')
      return reply.code(500).send(body(500, API_MESSAGES.internal))
    })

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send(body(404, API_MESSAGES.notFound))
    })
  },
  { name: 'error-handler' },
)

export { body as errorBody }
