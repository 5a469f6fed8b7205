/**
 * The texts the storefront pre-fills in WhatsApp (SPEC §1 leaves 'Contactar' without
 * behaviour; here it opens a chat with the business, the message already written). The order's
 * message is the API's (issue 24: contracts orderWhatsappMessage, with the server's prices).
 */

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
