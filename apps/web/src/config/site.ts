/**
 * Public contact details of the platform. SPEC §2.17: the footer's contact details are
 * placeholders; the addresses match the API's CONTACT_INBOX / SUPPORT_EMAIL defaults and can be
 * replaced at build time.
 */
export const SITE = {
  name: 'Vitrina',
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL || 'hola@vitrina.uy',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'soporte@vitrina.uy',
  phone: import.meta.env.VITE_CONTACT_PHONE || '+598 2900 0000',
  address: 'Montevideo, Uruguay',
} as const
