/**
 * SPEC §7: product create and update are multipart. Text parts arrive as strings, `tags[i]` as a
 * list, `specifications` and `imagesToDelete` as JSON text. This turns the parts into the object
 * createProductSchema / updateProductSchema validate and reports failures like the global handler
 * does for JSON bodies (400, `errors: [{ path, message }]`).
 */
import type { z } from 'zod'
import { API_MESSAGES, PRODUCT_MESSAGES, type FieldError } from '@vitrina/contracts'
import { validationError } from '../../lib/errors.js'

type Fields = Record<string, string | string[]>

/** JSON-text fields and the message used when one is not valid JSON. */
const JSON_FIELDS = {
  specifications: PRODUCT_MESSAGES.specificationsInvalid,
  imagesToDelete: PRODUCT_MESSAGES.imagesToDeleteInvalid,
} as const

/**
 * Sent by the SPEC §7 form but decided by the server: isOffer follows the discount (SPEC §3) and
 * the owner comes from the access token.
 */
const IGNORED_FIELDS = new Set(['isOffer', 'userId'])

/** Optional texts a PATCH may clear by sending them blank (a cleared input in the edit form). */
export const CLEARABLE_FIELDS = ['code', 'info', 'subCategory'] as const
export type ClearableField = (typeof CLEARABLE_FIELDS)[number]

function fail(errors: FieldError[]): never {
  throw validationError(errors[0]?.message ?? API_MESSAGES.validation, errors)
}

function formToInput(fields: Fields): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  const errors: FieldError[] = []
  for (const [name, value] of Object.entries(fields)) {
    if (IGNORED_FIELDS.has(name)) continue
    if (name === 'tags') {
      input.tags = Array.isArray(value) ? value : [value]
      continue
    }
    if (name in JSON_FIELDS) {
      const message = JSON_FIELDS[name as keyof typeof JSON_FIELDS]
      // imagesToDelete may also come as repeated parts (imagesToDelete[0], …).
      if (Array.isArray(value)) {
        if (name === 'imagesToDelete') input[name] = value
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
    input[name] = value
  }
  if (errors.length > 0) fail(errors)
  return input
}

/** Validates the text parts with a contracts schema; failures become the standard 400 body. */
export function parseProductForm<S extends z.ZodType>(schema: S, fields: Fields): z.output<S> {
  const result = schema.safeParse(formToInput(fields))
  if (result.success) return result.data
  fail(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  )
}

/** The optional texts the form sent blank: on PATCH they are cleared rather than left as they were. */
export function clearedFields(fields: Fields): Set<ClearableField> {
  return new Set(
    CLEARABLE_FIELDS.filter((name) => {
      const value = fields[name]
      return typeof value === 'string' && value.trim() === ''
    }),
  )
}
