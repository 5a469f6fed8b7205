/**
 * The owner's e-mail for a new order (issue 24 §3), written to the outbox in the order's own
 * transaction: an order that is saved always mails, a refused one never does. Sentences live in
 * ORDER_MAILS (@vitrina/contracts); everything the shopper typed is escaped in the HTML.
 */
import {
  ACCOUNT_MAILS,
  discountLineText,
  formatAmounts,
  orderDeliveryText,
  orderLineText,
  ORDER_MAILS as M,
  PAYMENT_METHOD_LABELS,
  type PublicOrder,
} from '@vitrina/contracts'
import { escapeHtml, type OutgoingMail } from '../mail/index.js'

function html(paragraphs: string[]): string {
  return `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #0d1b2a; line-height: 1.5">
${paragraphs.map((p) => `    <p style="white-space: pre-line">${p}</p>`).join('\n')}
  </body>
</html>
`
}

export function newOrderMail(
  owner: { to: string; name: string },
  order: PublicOrder,
  adminUrl: string,
): OutgoingMail {
  const items = order.items.map(orderLineText)
  const fee = formatAmounts(order.deliveryFee)
  const delivery = orderDeliveryText(order.delivery)
  const paragraphs = [
    ACCOUNT_MAILS.greeting(owner.name),
    M.newIntro(order.business.name, order.code),
    [
      M.items,
      ...items,
      ...(fee ? [M.deliveryFee(fee)] : []),
      ...(order.discounts ?? []).map(discountLineText),
      M.total(formatAmounts(order.totals)),
    ].join('\n'),
    [
      M.customer(order.customer.name, order.customer.phone),
      M.delivery(delivery),
      M.payment(PAYMENT_METHOD_LABELS[order.payment.type]),
      ...(order.notes ? [M.notes(order.notes)] : []),
    ].join('\n'),
    M.manage(adminUrl),
    ACCOUNT_MAILS.signature,
  ]
  return {
    to: owner.to,
    subject: M.newSubject(order.code),
    kind: 'order-new',
    text: paragraphs.join('\n\n'),
    html: html(paragraphs.map(escapeHtml)),
  }
}
