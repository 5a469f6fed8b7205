/** SPEC §3 (contact message) and §5 (contact form rules). */
import { z } from 'zod'
import { LIMITS } from '../limits.js'
import { CONTACT_MESSAGES, FIELD_MESSAGES } from '../messages.js'
import { EMAIL_PATTERN } from './common.js'

export const contactMessageSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameMin })
    .trim()
    .min(LIMITS.contactNameMin, CONTACT_MESSAGES.nameMin)
    .max(LIMITS.nameMax, FIELD_MESSAGES.tooLong(LIMITS.nameMax)),
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
