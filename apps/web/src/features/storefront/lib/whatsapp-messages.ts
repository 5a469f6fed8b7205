/**
 * The texts the storefront pre-fills in WhatsApp (SPEC §1 leaves 'Contactar' and the cart
 * without behaviour; here they open a chat with the business, the message already written).
 */
import { formatPrice } from '@vitrina/contracts'
import { cartLineTotal, cartTotals } from '../../../lib/cart'
import type { CartItem } from '../../../lib/cart'

/** 'Contactar' on a product page: names the product and links to it. */
export function productInquiryMessage({
  businessName,
  productName,
  productUrl,
  quantity,
}: {
  businessName: string
  productName: string
  productUrl: string
  quantity: number
}): string {
  const amount = quantity > 1 ? ` (${quantity} unidades)` : ''
  return [
    `¡Hola ${businessName}! Me interesa el producto "${productName}"${amount}.`,
    `¿Podrías darme más información?`,
    productUrl,
  ].join('\n')
}

/**
 * The order of the cart drawer: every line with its quantity, unit and line price and the
 * product's link, then the total per currency.
 */
export function cartOrderMessage({
  businessName,
  items,
  productUrl,
}: {
  businessName: string
  items: readonly CartItem[]
  productUrl: (productId: string) => string
}): string {
  const lines = items.map((item) => {
    const currency = item.currency || '$'
    return [
      `• ${item.quantity} × ${item.name}`,
      `  ${formatPrice(item.price, currency)} c/u = ${formatPrice(cartLineTotal(item), currency)}`,
      `  ${productUrl(item.productId)}`,
    ].join('\n')
  })
  const totals = cartTotals(items)
    .map((total) => formatPrice(total.amount, total.currency))
    .join(' + ')
  return [
    `¡Hola ${businessName}! Quiero hacer este pedido:`,
    '',
    ...lines,
    '',
    `Total: ${totals}`,
    '',
    '¿Me confirmas disponibilidad y cómo seguimos? ¡Gracias!',
  ].join('\n')
}
