import { z } from 'zod'
import { AUTH_MESSAGES } from '../messages.js'
import { LIMITS } from '../limits.js'

/** SPEC §5: "a simple address pattern" — something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Trimmed, lower-cased e-mail with the SPEC §5 messages. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(LIMITS.emailMax, AUTH_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid)

export const idSchema = z.uuid()

/** ARCHITECTURE.md error body; `errors` only on validation failures (400). */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() })
export type FieldError = z.infer<typeof fieldErrorSchema>

export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
})
export type ErrorResponse = z.infer<typeof errorResponseSchema>

export const messageResponseSchema = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof messageResponseSchema>

/** `{ items, total, page, pageSize }` for every list that can grow. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  })
}

/** Query-string booleans arrive as text: only 'true' / '1' mean true. */
export const queryBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
