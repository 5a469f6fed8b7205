/** SPEC §3 (contact message) and §5 (contact form rules). */
import { z } from 'zod'
import { LIMITS } from '../limits.public.js'
import { CONTACT_MESSAGES } from '../contact-messages.js'
import { FIELD_MESSAGES } from '../messages.public.js'
import { EMAIL_PATTERN } from './common.js'

/** Control characters and line separators: a name reaches a mail subject, so it is one line. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f\u2028\u2029]/

export const contactMessageSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameMin })
    .trim()
    .min(LIMITS.contactNameMin, CONTACT_MESSAGES.nameMin)
    .max(LIMITS.nameMax, FIELD_MESSAGES.tooLong(LIMITS.nameMax))
    .refine((name) => !CONTROL_CHARACTERS.test(name), CONTACT_MESSAGES.nameSingleLine),
  email: z
    .string({ error: CONTACT_MESSAGES.emailInvalid })
    .trim()
    .max(LIMITS.emailMax, CONTACT_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, CONTACT_MESSAGES.emailInvalid),
  message: z
    .string({ error: CONTACT_MESSAGES.messageMin })
    .trim()
    .min(LIMITS.contactMessageMin, CONTACT_MESSAGES.messageMin)
    .max(LIMITS.contactMessageMax, FIELD_MESSAGES.tooLong(LIMITS.contactMessageMax)),
})
export type ContactMessage = z.infer<typeof contactMessageSchema>
export type ContactMessageInput = z.input<typeof contactMessageSchema>
