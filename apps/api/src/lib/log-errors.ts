/**
 * The `err` serializer of every log line. A failed query must never reach the log with its
 * values: Drizzle's error message is `Failed query: … params: …` (issue 22 found an argon2 hash
 * there), and PostgreSQL's own texts quote values too (`invalid input syntax for type integer:
 * "…"`, `Key (email)=(…) already exists`). A database error is therefore logged as its SQLSTATE
 * code, severity and constraint name only — with the request id the request logger adds, that is
 * enough to find the statement — and the stack keeps our frames without the message line.
 */

interface SerializedError {
  [key: string]: unknown
  type: string
  message: string
  /** Pino's shape: always present, empty when there is none to show. */
  stack: string
  code?: string
  statusCode?: number
  constraint?: string
  cause?: SerializedError
}

/** Five characters with at least one digit: 'EPIPE' is a Node error code, not a SQLSTATE. */
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/

/** The SQLSTATE of a database error, on the error itself or its `cause` (PGlite, pg, Drizzle). */
function databaseCode(error: object): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && SQLSTATE.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

function isQueryError(error: object): boolean {
  return 'params' in error || 'query' in error || databaseCode(error) !== undefined
}

/** The stack's frames, without the first line (which repeats the message). */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line))
  return frames.length > 0 ? frames.join('\n') : undefined
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!error || typeof error !== 'object') {
    return { type: typeof error, message: String(error), stack: '' }
  }
  const e = error as Error & { code?: unknown; statusCode?: unknown; constraint?: unknown }
  const type = e.constructor?.name ?? 'Error'
  if (isQueryError(e)) {
    const code = databaseCode(e)
    const constraint = [e, e.cause].map((c) => (c as { constraint?: unknown })?.constraint)
    const named = constraint.find((c): c is string => typeof c === 'string')
    const frames = framesOf(e.stack)
    return {
      type,
      message: 'database query failed (parameters and values not logged)',
      ...(code ? { code } : {}),
      ...(named ? { constraint: named } : {}),
      stack: frames ?? '',
    }
  }
  return {
    type,
    message: e.message,
    stack: typeof e.stack === 'string' ? e.stack : '',
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(e.cause && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  }
}
