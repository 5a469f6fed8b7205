import { GENERIC_MESSAGES } from '@vitrina/contracts'
import type { FieldError } from '@vitrina/contracts'

/**
 * A failed API call. `message` is the server's Spanish `message` (ARCHITECTURE.md error body)
 * or a generic Spanish text when the server could not be reached or sent no message.
 * `status` is 0 when no HTTP response arrived (network failure).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly errors?: FieldError[]

  constructor(status: number, message: string, errors?: FieldError[]) {
    super(message)
    this.status = status
    if (errors) this.errors = errors
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** Builds the ApiError for a non-2xx reply from its (possibly empty or non-JSON) body. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: unknown }
    if (typeof message === 'string' && message) {
      return new ApiError(
        status,
        message,
        Array.isArray(errors) ? (errors as FieldError[]) : undefined,
      )
    }
  }
  return new ApiError(status, GENERIC_MESSAGES.tryAgainLater)
}
