/**
 * Token links are rendered when a mail is sent, not when it is written (issue 22): the outbox row
 * holds `…/auth/activar/{{token}}` and the id the token derives from (HMAC with the server's
 * secret, which the database does not hold). A retry renders the same link again.
 */
import type { MailRow } from '../../db/schema/index.js'

/** Where a mailed link's token goes, in the text and HTML bodies of the outbox row. */
export const TOKEN_PLACEHOLDER = '{{token}}'

export type DeriveToken = (tokenId: string) => string

export interface RenderedMail {
  text: string
  html: string | null
}

export function renderMail(row: Pick<MailRow, 'text' | 'html' | 'tokenId'>, derive: DeriveToken) {
  if (!row.tokenId) return { text: row.text, html: row.html }
  const token = derive(row.tokenId)
  return {
    text: row.text.replaceAll(TOKEN_PLACEHOLDER, token),
    html: row.html?.replaceAll(TOKEN_PLACEHOLDER, token) ?? null,
  } satisfies RenderedMail
}
