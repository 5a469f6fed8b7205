/**
 * SPEC §5 — the landing's contact form. Apart from messages.public.ts so that a storefront's first
 * visit, which loads messages.public.ts with the app, does not download them (issue 21 §3;
 * apps/web/vite.config.ts): they come with the contact form.
 */
export const CONTACT_MESSAGES = {
  nameMin: 'El nombre debe tener al menos 2 caracteres',
  emailInvalid: 'Ingresa un correo electrónico válido',
  messageMin: 'El mensaje debe tener al menos 10 caracteres',
  nameSingleLine: 'El nombre no puede contener saltos de línea',
  successTitle: '¡Mensaje enviado!',
  successDescription: 'Gracias por contactarnos. Te responderemos lo antes posible.',
  failureTitle: 'Error al enviar el mensaje',
} as const
