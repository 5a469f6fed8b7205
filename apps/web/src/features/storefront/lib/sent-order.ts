/**
 * What the order page shows right after the cart sent the order (issue 24 §2): carried in the
 * navigation's state, never in the address (a shared link must not say 'just sent').
 */
export interface SentOrderState {
  whatsappUrl: string
  /** A window was opened on WhatsApp already (a computer); a phone taps the page's button. */
  openedWhatsapp: boolean
}
