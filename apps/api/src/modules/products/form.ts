/**
 * SPEC §7: product create and update are multipart. Text parts arrive as strings, `tags[i]` as a
 * list, `specifications` and `imagesToDelete` as JSON text. Tags may also come as one `tags` part
 * holding a JSON list: the only way a PATCH can say "no tags now" (`tags` = `[]`), since sending
 * no `tags[i]` part means "tags unchanged". This turns the parts into the object
 * createProductSchema / updateProductSchema validate and reports failures like the global handler
 * does for JSON bodies (400, `errors: [{ path, message }]`).
 */
import { PRODUCT_MESSAGES, VARIANT_MESSAGES } from '@vitrina/contracts'
import { createFormParser, type FormFields } from '../../lib/multipart-form.js'

/** Optional texts a PATCH may clear by sending them blank (a cleared input in the edit form). */
export const CLEARABLE_FIELDS = ['code', 'info', 'subCategory'] as const
export type ClearableField = (typeof CLEARABLE_FIELDS)[number]

export const parseProductForm = createFormParser({
  json: {
    specifications: PRODUCT_MESSAGES.specificationsInvalid,
    imagesToDelete: PRODUCT_MESSAGES.imagesToDeleteInvalid,
    tags: PRODUCT_MESSAGES.tagsInvalid,
    // Issue 25: JSON text `[{ name, values }]` and `[{ options, price?, code?, stock?, … }]`.
    options: VARIANT_MESSAGES.optionsInvalid,
    variants: VARIANT_MESSAGES.variantsInvalid,
  },
  // `tags[i]` / repeated parts arrive as a list; a single `tags` part is JSON text.
  repeatableJson: ['imagesToDelete', 'tags'],
  // isOffer follows the discount (SPEC §3); the owner comes from the access token.
  ignored: ['isOffer', 'userId'],
})

/** The optional texts the form sent blank: on PATCH they are cleared rather than left as they were. */
export function clearedFields(fields: FormFields): Set<ClearableField> {
  return new Set(
    CLEARABLE_FIELDS.filter((name) => {
      const value = fields[name]
      return typeof value === 'string' && value.trim() === ''
    }),
  )
}
