/**
 * The activation e-mail (SPEC §1: "activate their account through an e-mail link"), in Spanish,
 * as plain text and simple HTML. Everything that is not our own text is escaped.
 */
import { escapeHtml, type OutgoingMail } from '../mail/index.js'

/** A mail that carries a token link: activation, password reset, e-mail change. */
export interface LinkMailInput {
  to: string
  name: string
  /** The link with `{{token}}` in place of the token (rendered when sent). */
  link: string
  supportEmail: string
  ttlSeconds: number
}

export function describeDuration(seconds: number): string {
  const hours = Math.round(seconds / 3600)
  if (hours >= 1) return hours === 1 ? '1 hora' : `${hours} horas`
  const minutes = Math.max(1, Math.round(seconds / 60))
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`
}

export function activationMail(input: LinkMailInput): OutgoingMail {
  const validity = describeDuration(input.ttlSeconds)
  const subject = 'Activa tu cuenta de Vitrina'
  const text = [
    `Hola ${input.name}:`,
    '',
    'Gracias por registrarte en Vitrina. Para activar tu cuenta, abre este enlace:',
    '',
    input.link,
    '',
    `El enlace vence en ${validity} y solo puede usarse una vez.`,
    'Si no creaste esta cuenta, puedes ignorar este correo.',
    '',
    `¿Necesitas ayuda? Escríbenos a ${input.supportEmail}.`,
    '',
    'El equipo de Vitrina',
  ].join('\n')

  const name = escapeHtml(input.name)
  const link = escapeHtml(input.link)
  const support = escapeHtml(input.supportEmail)
  const html = `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #0d1b2a; line-height: 1.5">
    <p>Hola ${name}:</p>
    <p>Gracias por registrarte en Vitrina. Para activar tu cuenta, haz clic en el botón:</p>
    <p>
      <a href="${link}" style="display: inline-block; padding: 12px 20px; background: #0d1b2a; color: #ffffff; text-decoration: none; border-radius: 6px">Activar mi cuenta</a>
    </p>
    <p>Si el botón no funciona, copia este enlace en tu navegador:<br /><a href="${link}">${link}</a></p>
    <p>El enlace vence en ${validity} y solo puede usarse una vez. Si no creaste esta cuenta, puedes ignorar este correo.</p>
    <p>¿Necesitas ayuda? Escríbenos a <a href="mailto:${support}">${support}</a>.</p>
    <p>El equipo de Vitrina</p>
  </body>
</html>
`
  return { to: input.to, subject, text, html, kind: 'activation' }
}
