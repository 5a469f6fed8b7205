/**
 * Domain code throws `AppError(code, message)`; one table maps codes to HTTP statuses
 * (the documenso pattern). Messages are Spanish texts from @vitrina/contracts.
 */
import type { FieldError } from '@vitrina/contracts'

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  /** A service the request needs (the shared rate-limit store) cannot answer now. */
  UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export class AppError extends Error {
  override name = 'AppError'
  readonly statusCode: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message)
    this.statusCode = ERROR_STATUS[code]
  }
}

/** A 400 with per-field messages, for rules a schema alone cannot express. */
export function validationError(message: string, errors: FieldError[]): AppError {
  return new AppError('VALIDATION', message, errors)
}

interface DatabaseError {
  code?: string
  constraint?: string
  message?: string
  detail?: string
}

/**
 * The database error with SQLSTATE `code` that `error` is or wraps: node-postgres and PGlite both
 * expose the SQLSTATE as `code`, Drizzle puts the driver's error on `cause`.
 */
export function databaseErrorOf(error: unknown, code: string): DatabaseError | undefined {
  return [error, (error as { cause?: unknown } | null)?.cause].find(
    (e): e is DatabaseError => (e as DatabaseError | null)?.code === code,
  )
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const err = databaseErrorOf(error, '23505')
  if (!err) return false
  return !constraint || err.constraint === constraint || !!err.message?.includes(constraint)
}
