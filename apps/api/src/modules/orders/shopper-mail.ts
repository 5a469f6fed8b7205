/**
 * Issue 44 §3 and issue 43 §3 (ADR 035): the shopper's mails about their order — confirmado,
 * enviado (carrier, tracking code and the known carrier's link), listo para retirar, entregado,
 * cancelado (with the reason) and Mercado Pago's approval — in Spanish, under the shop's name,
 * in its colour, each with the link to the order's page.
 *
 * Written to the outbox in the transaction of the change that caused it (the status change, the
 * payment's move): of two concurrent changes only one commits, so only one mail exists, whatever
 * process ran it; an address that bounced before gets the mail recorded as skipped, never sent
 * (enqueueShopperMail). Nothing goes when the shopper left no address or the owner turned that
 * mail off (businesses.shopper_mails).
 *
 * The page's link needs the order's token, which the database does not hold: the body carries
 * `{{token}}` and the outbox row the order's token id, and the sender renders the token at send
 * time (mail/render.ts, TokenService.deriveOrderToken). An order made before migration 0035 has
 * no token id (its token was random and only its shopper has it): its mails link to the shop.
 */
import {
  formatAmounts,
  HEX_COLOR_PATTERN,
  DEFAULT_COLORS,
  orderLineText,
  readableTextColor,
  shopperMailOn,
  SHOPPER_MAILS as M,
  storefrontPaths,
  trackingUrl,
  type PublicOrder,
  type ShopperMailKind,
  type ShopperMailSwitches,
} from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import {
  enqueueShopperMail,
  escapeHtml,
  SHOPPER_MAIL_PREFIX,
  TOKEN_PLACEHOLDER,
  type OutgoingMail,
} from '../mail/index.js'
import type { StorefrontAddress } from '../domains/index.js'

/** What a shopper's mail reads of the shop. */
export interface ShopperMailShop {
  name: string
  identifier: string
  primaryColor: string
  /** The shop's public contact address: the mail's Reply-To. */
  email: string | null
  address: string | null
  shopperMails: ShopperMailSwitches | null
}

/** What a shopper's mail reads of the order. */
export interface ShopperMailOrder {
  order: PublicOrder
  customerEmail: string | null
  tokenId: string | null
}

export interface ShopperMailExtras {
  /** 'pago': the amount Mercado Pago charged, formatted, and whether it confirmed the order. */
  paid?: { total: string; confirmed: boolean }
}

/** The order page's link with `{{token}}` for the sender to fill, or the shop's page. */
export function shopperMailLink(
  where: StorefrontAddress,
  code: string,
  tokenId: string | null,
): { url: string; toOrder: boolean } {
  if (!tokenId) return { url: `${where.origin}${storefrontPaths.home(where.shop)}`, toOrder: false }
  const url = `${where.origin}${storefrontPaths.order(where.shop, code, TOKEN_PLACEHOLDER)}`
  return {
    url: url.replace(encodeURIComponent(TOKEN_PLACEHOLDER), TOKEN_PLACEHOLDER),
    toOrder: true,
  }
}

function button(
  url: string,
  label: string,
  { background, color }: { background: string; color: string },
): string {
  return `<a href="${escapeHtml(url)}" style="display: inline-block; background: ${background}; color: ${color}; padding: 12px 20px; border-radius: 8px; text-decoration: none; font-weight: bold">${escapeHtml(label)}</a>`
}

/** The shop's colour (its primary), and black or white text on it, whichever reads better. */
function coloursOf(primary: string): { background: string; color: string } {
  const background = HEX_COLOR_PATTERN.test(primary) ? primary : DEFAULT_COLORS.primaryColor
  return { background, color: readableTextColor(background) }
}

function html(
  shop: string,
  { background, color }: { background: string; color: string },
  blocks: { paragraphs: string[]; buttons: string[]; footer: string },
): string {
  return `<!doctype html>
<html lang="es">
  <body style="margin: 0; background: #f4f4f5; font-family: Arial, Helvetica, sans-serif; color: #0d1b2a; line-height: 1.5">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding: 24px 12px">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width: 560px; background: #ffffff; border-radius: 12px">
        <tr><td style="background: ${background}; color: ${color}; padding: 20px 24px; font-size: 20px; font-weight: bold; border-radius: 12px 12px 0 0">${escapeHtml(shop)}</td></tr>
        <tr><td style="padding: 24px">
${blocks.paragraphs.map((p) => `          <p style="margin: 0 0 16px; white-space: pre-line">${escapeHtml(p)}</p>`).join('\n')}
${blocks.buttons.map((b) => `          <p style="margin: 0 0 16px">${b}</p>`).join('\n')}
          <p style="margin: 24px 0 0; font-size: 13px; color: #52525b">${escapeHtml(blocks.footer)}</p>
        </td></tr>
      </table>
    </td></tr></table>
  </body>
</html>
`
}

/**
 * The mail of `kind` for this order, or null when it goes to nobody: no address left, or the
 * owner turned that mail off.
 */
export function shopperMail(
  kind: ShopperMailKind,
  shop: ShopperMailShop,
  { order, customerEmail, tokenId }: ShopperMailOrder,
  where: StorefrontAddress,
  extras: ShopperMailExtras = {},
): OutgoingMail | null {
  if (!customerEmail || !shopperMailOn(shop.shopperMails, kind)) return null
  const link = shopperMailLink(where, order.code, tokenId)
  const colours = coloursOf(shop.primaryColor)
  const lines: string[] = []
  const buttons: string[] = []
  const tracking = order.delivery.tracking
  switch (kind) {
    case 'confirmado':
      lines.push(
        [...order.items.map(orderLineText), M.total(formatAmounts(order.totals))].join('\n'),
      )
      break
    case 'enviado':
      if (tracking) {
        const url = tracking.url ?? trackingUrl(tracking.carrier, tracking.code)
        lines.push(
          [
            M.carrier(tracking.carrier),
            M.trackingCode(tracking.code),
            ...(url ? [M.trackingLink(url)] : []),
          ].join('\n'),
        )
        if (url) buttons.push(button(url, M.trackingButton, colours))
      }
      break
    case 'listo': {
      const detail = order.delivery.detail
      const point =
        detail?.kind === 'pickup' && detail.point
          ? `${detail.point.name}, ${detail.point.address}`
          : shop.address
      if (point) lines.push(M.pickupAt(point))
      break
    }
    case 'cancelado':
      if (order.cancelReason) lines.push(M.reason(order.cancelReason))
      break
    case 'pago':
      if (extras.paid) {
        lines.push(
          [
            M.paidAmount(extras.paid.total),
            ...(extras.paid.confirmed ? [M.paidConfirmed] : []),
          ].join('\n'),
        )
      }
      break
    case 'entregado':
      break
  }
  const linkLine = link.toOrder ? M.orderLink(link.url) : M.shopLink(shop.name, link.url)
  buttons.unshift(button(link.url, link.toOrder ? M.orderButton : M.shopButton, colours))
  const paragraphs = [
    M.greeting(order.customer.name),
    M.intro[kind](shop.name, order.code),
    ...lines,
    linkLine,
  ]
  const footer = M.why(shop.name)
  return {
    to: customerEmail,
    subject: M.subject[kind](shop.name, order.code),
    kind: `${SHOPPER_MAIL_PREFIX}${kind}`,
    text: [...paragraphs, footer].join('\n\n'),
    html: html(shop.name, colours, { paragraphs, buttons, footer }),
    ...(link.toOrder && tokenId ? { tokenId } : {}),
    ...(shop.email ? { replyTo: shop.email } : {}),
    fromName: shop.name,
  }
}

/**
 * Writes the mail in the caller's transaction (the change that caused it), unless it goes to
 * nobody; to a suppressed address it is recorded as skipped. true when a row was written.
 */
export async function queueShopperMail(
  tx: Executor,
  ...args: Parameters<typeof shopperMail>
): Promise<boolean> {
  const mail = shopperMail(...args)
  if (!mail) return false
  await enqueueShopperMail(tx, mail)
  return true
}
