/**
 * Logger options: request ids on every line, and nothing secret — no Authorization or cookie
 * headers, activation, password-reset and order-page tokens masked in logged URLs, and no query parameters of a failed statement.
 */
import type { FastifyServerOptions, FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import { serializeError } from './log-errors.js'

const TOKEN_IN_PATH = /(\/(?:activar|restablecer|confirmar-correo)\/)[^/?#]+/

/** The token of an order page (`/api/orders/P-7K3Q?t=…`, `/{identifier}/pedido/P-7K3Q?t=…`). */
const TOKEN_IN_QUERY = /([?&]t=)[^&#]*/g

export function maskUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1[oculto]').replace(TOKEN_IN_QUERY, '$1[oculto]')
}

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
