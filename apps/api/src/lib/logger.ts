/**
 * Logger options: request ids on every line, and nothing secret — no Authorization or cookie
 * headers, activation, password-reset and order-page tokens masked in logged URLs, and no query parameters of a failed statement.
 */
import type { FastifyServerOptions, FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import { maskUrlSecrets } from '@vitrina/contracts'
import { serializeError } from './log-errors.js'

/** A logged address, its tokens masked (contracts' `maskUrlSecrets`). */
export const maskUrl = maskUrlSecrets

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.password',
        '*.access_token',
        '*.refresh_token',
      ],
      censor: '[oculto]',
    },
    serializers: {
      // No query parameters or values from a failed statement (lib/log-errors.ts).
      err: serializeError,
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: maskUrl(request.url),
          remoteAddress: request.ip,
        }
      },
    },
    ...(config.env === 'development' && process.stdout.isTTY ? { transport: undefined } : {}),
  }
}
