/**
 * Token links are rendered when a mail is sent, not when it is written (issue 22): the outbox row
 * holds `…/auth/activar/{{token}}` and the id the token derives from (HMAC with the server's
 * secret, which the database does not hold). A retry renders the same link again.
 *
 * Issue 44 §3: a shopper's mail (kind `shopper-…`) holds its order page's link the same way,
 * `…/pedido/P-7K3Q?t={{token}}` with the order's token id; its token is the order page's
 * (TokenService.deriveOrderToken, its own HMAC prefix), never an account mail's.
 */
import type { MailRow } from '../../db/schema/index.js'

/** Where a mailed link's token goes, in the text and HTML bodies of the outbox row. */
export const TOKEN_PLACEHOLDER = '{{token}}'

/** What a row's token opens: an account link (activation, reset, …) or an order's page. */
export type TokenPurpose = 'account' | 'order'

export type DeriveToken = (tokenId: string, purpose: TokenPurpose) => string

/** Kinds of the shoppers' mails (issue 44 §3): 'shopper-confirmado', 'shopper-pago', … */
export const SHOPPER_MAIL_PREFIX = 'shopper-'

/** A shopper's mail links to its order's page; every other mail with a token, to an account's. */
export function tokenPurposeOf(kind: string | undefined): TokenPurpose {
  return kind?.startsWith(SHOPPER_MAIL_PREFIX) ? 'order' : 'account'
}

export interface RenderedMail {
  text: string
  html: string | null
}

export type RenderableMail = Pick<MailRow, 'text' | 'html' | 'tokenId'> & { kind?: string }

export function renderMail(row: RenderableMail, derive: DeriveToken) {
  if (!row.tokenId) return { text: row.text, html: row.html }
  const token = derive(row.tokenId, tokenPurposeOf(row.kind))
  return {
    text: row.text.replaceAll(TOKEN_PLACEHOLDER, token),
    html: row.html?.replaceAll(TOKEN_PLACEHOLDER, token) ?? null,
  } satisfies RenderedMail
}
