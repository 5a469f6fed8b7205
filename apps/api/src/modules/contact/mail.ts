/**
 * The mail a contact-form message becomes (SPEC §2.17): sent to the platform inbox with Reply-To
 * the sender, so answering it reaches them. Sender text is escaped in the HTML part and never
 * placed in a header except the bare e-mail address, which the schema keeps free of whitespace.
 */
import type { ContactMessage } from '@vitrina/contracts'
import { escapeHtml, type OutgoingMail } from '../mail/index.js'

/** Any control character (CR and LF included) becomes a space: the subject is a header. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
}

export function contactMail(message: ContactMessage, inbox: string): OutgoingMail {
  const text = [
    'Nuevo mensaje desde el formulario de contacto de Vitrina.',
    '',
    `Nombre: ${message.name}`,
    `Correo electrónico: ${message.email}`,
    '',
    message.message,
  ].join('\n')
  const html = `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #0d1b2a; line-height: 1.5">
    <p>Nuevo mensaje desde el formulario de contacto de Vitrina.</p>
    <p><strong>Nombre:</strong> ${escapeHtml(message.name)}<br />
    <strong>Correo electrónico:</strong> ${escapeHtml(message.email)}</p>
    <p style="white-space: pre-wrap">${escapeHtml(message.message)}</p>
  </body>
</html>
`
  return {
    to: inbox,
    subject: `Mensaje de contacto de ${oneLine(message.name)}`,
    text,
    html,
    kind: 'contact',
    replyTo: message.email,
  }
}
