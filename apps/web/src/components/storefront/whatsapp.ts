/** SPEC §2.5: phone numbers are reduced to digits for the WhatsApp link. */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '')
}

/** `https://wa.me/<digits>` (with a prefilled message when given), or null without a phone. */
export function whatsappUrl(phone: string | null | undefined, text?: string): string | null {
  const digits = phoneDigits(phone)
  if (!digits) return null
  return text
    ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}`
    : `https://wa.me/${digits}`
}
