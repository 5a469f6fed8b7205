/**
 * SPEC §7: business create and update are multipart. Text parts arrive as strings; features,
 * socialLinks, categories and slidesToDelete are JSON text. This turns the parts into the object
 * createBusinessSchema / updateBusinessSchema validate, and reports schema failures exactly like
 * the global handler does for JSON bodies (400, `errors: [{ path, message }]`).
 */
import type { z } from 'zod'
import { BUSINESS_MESSAGES, type FieldError } from '@vitrina/contracts'
import { validationError } from '../../lib/errors.js'

type Fields = Record<string, string | string[]>

/** JSON-text fields and the message used when one is not valid JSON. */
const JSON_FIELDS = {
  features: BUSINESS_MESSAGES.featuresInvalid,
  socialLinks: BUSINESS_MESSAGES.socialLinksInvalid,
  categories: BUSINESS_MESSAGES.categoriesInvalid,
  slidesToDelete: BUSINESS_MESSAGES.slidesToDeleteInvalid,
} as const

/** Fields that may legitimately repeat: cover slides given by URL (SPEC §2.13 "file or URL"). */
const LIST_FIELDS = new Set(['slides'])

/** JSON-list fields also accepted as repeated parts (`slidesToDelete[0]`, `slidesToDelete[1]`). */
const REPEATABLE_JSON_FIELDS = new Set(['slidesToDelete'])

/** `userId` is accepted for compatibility with SPEC §7 and ignored: the owner is the token's. */
const IGNORED_FIELDS = new Set(['userId'])

function fail(errors: FieldError[]): never {
  throw validationError(errors[0]?.message ?? BUSINESS_MESSAGES.categoriesInvalid, errors)
}

export function formToInput(fields: Fields): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  const errors: FieldError[] = []
  for (const [name, value] of Object.entries(fields)) {
    if (IGNORED_FIELDS.has(name)) continue
    if (LIST_FIELDS.has(name)) {
      const urls = (Array.isArray(value) ? value : [value]).filter((v) => v.trim() !== '')
      if (urls.length > 0) input[name] = urls
      continue
    }
    if (name in JSON_FIELDS) {
      const message = JSON_FIELDS[name as keyof typeof JSON_FIELDS]
      if (Array.isArray(value)) {
        if (REPEATABLE_JSON_FIELDS.has(name)) input[name] = value
        else errors.push({ path: name, message })
        continue
      }
      if (value.trim() === '') continue
      try {
        input[name] = JSON.parse(value) as unknown
      } catch {
        errors.push({ path: name, message })
      }
      continue
    }
    // `logo` as text is a URL; an empty one (a form's cleared input) means "not given".
    if (name === 'logo' && value === '') continue
    input[name] = value
  }
  if (errors.length > 0) fail(errors)
  return input
}

/** Validates with a contracts schema; failures become the standard 400 body. */
export function parseForm<S extends z.ZodType>(schema: S, fields: Fields): z.output<S> {
  const result = schema.safeParse(formToInput(fields))
  if (result.success) return result.data
  fail(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  )
}
