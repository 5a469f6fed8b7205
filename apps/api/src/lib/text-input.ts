/**
 * Issue 22: a NUL byte in any text input reached PostgreSQL and answered 500. Every input — JSON
 * body, query, path parameters (plugins/text-input.ts) and multipart fields (readMultipart and
 * the form parser) — is walked once and refused with a 400 naming the first offending field.
 */
import { FIELD_MESSAGES, isStorableText } from '@vitrina/contracts'
import { validationError } from './errors.js'

/** The dotted path of the first string (or object key) that cannot be stored, or null. */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path
  if (!value || typeof value !== 'object' || depth > 32) return null
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key
    // A bad key is reported at its parent (echoing the key would echo the bad character).
    if (!isStorableText(key)) return path
    const found = findUnstorableText(item, itemPath, depth + 1)
    if (found !== null) return found
  }
  return null
}

/** Throws the 400 when `value` holds text that cannot be stored; `prefix` names its place. */
export function assertStorableText(value: unknown, prefix = ''): void {
  const path = findUnstorableText(value, prefix)
  if (path === null) return
  const field = path || prefix || 'body'
  const message = FIELD_MESSAGES.unstorableText(field)
  throw validationError(message, [{ path: field, message }])
}
