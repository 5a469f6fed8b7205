import { z } from 'zod'
import { AUTH_MESSAGES, FIELD_MESSAGES } from '../messages.public.js'
import { LIMITS } from '../limits.public.js'
import { fromCents, parsePriceInput } from '../money.public.js'

/**
 * SPEC §5: "a simple address pattern" — one plain address, local@domain.tld. The local part is
 * RFC 5322 dot-atom text (letters of any script allowed, RFC 6531), the domain dot-separated
 * labels. Nothing a mail library would read as a display name, a comment, a group or a list —
 * `"x" <victim@…>`, `a;victim@…`, `a,b@…` — so an address given by a visitor (the contact
 * form's Reply-To) or at registration is never more than the one mailbox it looks like.
 */
const ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+"
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?'
export const EMAIL_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'u')

/**
 * Characters no text column can hold: NUL (PostgreSQL refuses it in text) and UTF-16 surrogates
 * without their pair (not encodable as UTF-8). The API refuses them in every input with a 400
 * naming the field (`FIELD_MESSAGES.unstorableText`) before any schema or query sees them.
 */
export const UNSTORABLE_TEXT =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isStorableText(value: string): boolean {
  return !UNSTORABLE_TEXT.test(value)
}

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

/** Trimmed text that must not be empty; `message` for both missing and blank. */
export function requiredText(
  message: string,
  max: number,
  maxMessage: string = FIELD_MESSAGES.tooLong(max),
) {
  return z.string({ error: message }).trim().min(1, { message, abort: true }).max(max, maxMessage)
}

/** Trimmed optional text; blank becomes undefined so it is simply omitted. */
export function optionalText(max: number) {
  return z
    .string({ error: FIELD_MESSAGES.invalid })
    .trim()
    .max(max, FIELD_MESSAGES.tooLong(max))
    .transform((v) => (v === '' ? undefined : v))
    .optional()
}

/** Array length bound that stays silent when the value is not an array at all. */
export function maxItems(max: number) {
  return (items: readonly unknown[]) => items.length <= max
}

/**
 * Issue 41 §2: a price as text — typed in a form or sent in multipart — read by the one rule of
 * `parsePriceInput` (`1290,50` = `1.290,50` = `1290.50`; ambiguous text refused with its reason);
 * a number is taken as it is. Blank is `blank` (null, or undefined for "not given").
 */
export function priceTextSchema(blank: null | undefined) {
  return z.unknown().transform((v, ctx): number | null | undefined => {
    if (typeof v !== 'string') return v as number | null | undefined
    if (v.trim() === '') return blank
    const parsed = parsePriceInput(v)
    if (parsed.ok) return fromCents(parsed.cents)
    ctx.addIssue({ code: 'custom', message: parsed.message })
    return z.NEVER
  })
}
