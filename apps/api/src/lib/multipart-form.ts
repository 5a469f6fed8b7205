/**
 * SPEC §7: business and product writes are multipart. Text parts arrive as strings, some fields
 * as JSON text, some repeated (`tags[0]`, `tags[1]`, already gathered into lists by
 * `app.media.readMultipart`). A form parser turns the parts into the object a contracts schema
 * validates and reports failures exactly like the global handler does for JSON bodies
 * (400, `errors: [{ path, message }]`).
 */
import type { z } from 'zod'
import { API_MESSAGES, type FieldError } from '@vitrina/contracts'
import { validationError } from './errors.js'
import { assertStorableText } from './text-input.js'

export type FormFields = Record<string, string | string[]>

export interface FormSpec {
  /** JSON-text fields, with the message used when one is not valid JSON. Blank → not given. */
  json: Record<string, string>
  /** JSON-list fields that may also arrive as repeated parts (`imagesToDelete[0]`, …). */
  repeatableJson?: readonly string[]
  /** Fields always read as a list; `dropBlank` removes empty entries (and an empty list). */
  lists?: Record<string, { dropBlank: boolean }>
  /** Sent by the SPEC §7 form but decided by the server (owner from the token, derived flags). */
  ignored?: readonly string[]
  /** Text fields whose empty value means "not given" rather than "set to empty". */
  omitIfBlank?: readonly string[]
}

function fail(errors: FieldError[]): never {
  throw validationError(errors[0]?.message ?? API_MESSAGES.validation, errors)
}

function toInput(spec: FormSpec, fields: FormFields): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  const errors: FieldError[] = []
  for (const [name, value] of Object.entries(fields)) {
    if (spec.ignored?.includes(name)) continue
    const list = spec.lists?.[name]
    if (list) {
      const items = Array.isArray(value) ? value : [value]
      const kept = list.dropBlank ? items.filter((v) => v.trim() !== '') : items
      if (kept.length > 0 || !list.dropBlank) input[name] = kept
      continue
    }
    const jsonMessage = spec.json[name]
    if (jsonMessage !== undefined) {
      if (Array.isArray(value)) {
        if (spec.repeatableJson?.includes(name)) input[name] = value
        else errors.push({ path: name, message: jsonMessage })
        continue
      }
      if (value.trim() === '') continue
      try {
        input[name] = JSON.parse(value) as unknown
      } catch {
        errors.push({ path: name, message: jsonMessage })
      }
      continue
    }
    if (spec.omitIfBlank?.includes(name) && value === '') continue
    input[name] = value
  }
  if (errors.length > 0) fail(errors)
  return input
}

/** A parser for one form: validates the parts with a contracts schema or throws the 400. */
export function createFormParser(spec: FormSpec) {
  return function parseForm<S extends z.ZodType>(schema: S, fields: FormFields): z.output<S> {
    const input = toInput(spec, fields)
    // JSON-valued fields may carry `\u0000` escapes that only parsing turns into NUL.
    assertStorableText(input)
    const result = schema.safeParse(input)
    if (result.success) return result.data
    fail(
      result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    )
  }
}
