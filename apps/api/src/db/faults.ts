/**
 * Errors that mean "the database cannot answer now", not "this request is wrong" (issue 22 §2):
 * the error handler answers them with 503 and Retry-After. node-postgres reports them as socket
 * error codes, SQLSTATEs or plain messages; Drizzle wraps them in `cause`, and a host name with
 * several addresses gives an AggregateError.
 */

/** What clients are told to wait before trying again (Retry-After, seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])

const SQLSTATES = new Set([
  '57014', // query_canceled: DATABASE_STATEMENT_TIMEOUT_MS
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '53300', // too_many_connections
])

/** node-postgres's own messages: pool wait / connect / read time-outs and dead connections. */
const PG_MESSAGES = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^Query read timeout$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
]

interface ErrorLike {
  code?: unknown
  message?: unknown
  cause?: unknown
  errors?: unknown
}

/** The error, its causes and an AggregateError's members, nearest first. */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!error || typeof error !== 'object' || depth > 4) return
  const err = error as ErrorLike
  yield err
  if (Array.isArray(err.errors)) for (const inner of err.errors) yield* chain(inner, depth + 1)
  yield* chain(err.cause, depth + 1)
}

function isUnavailable(err: ErrorLike): boolean {
  const code = typeof err.code === 'string' ? err.code : ''
  if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')) return true
  return typeof err.message === 'string' && PG_MESSAGES.some((m) => m.test(err.message as string))
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const err of chain(error)) if (isUnavailable(err)) return true
  return false
}

/**
 * A short label to log instead of the error: a Drizzle error's message holds the statement and
 * its parameters (password hashes among them).
 */
export function databaseFault(error: unknown): string | undefined {
  for (const err of chain(error)) {
    if (!isUnavailable(err)) continue
    return typeof err.code === 'string' ? err.code : String(err.message)
  }
  return undefined
}

export function isQueryReadTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout'
}
