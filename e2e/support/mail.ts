/**
 * Mailed links as the mail outbox delivers them without SMTP. Under `npm start` (production) the
 * server prints one readable line per mail, `Enlace de activación para ana@…: http://…` (issue 41;
 * the labels of LINK_LINE_LABELS in apps/api/src/modules/auth/service.ts); otherwise it logs one
 * JSON line `{"to": …, "activationLink": …}` (`resetLink` for a password reset, `emailChangeLink`
 * for an e-mail change). Tests read either from the server's log file.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from '@playwright/test'

/** The server's readable labels (LINK_LINE_LABELS, apps/api/src/modules/auth/service.ts). */
const LINE_LABELS = {
  activationLink: 'Enlace de activación',
  resetLink: 'Enlace para restablecer la contraseña',
  emailChangeLink: 'Enlace para confirmar el correo nuevo',
} as const
const READABLE_LINE = /^(.+) para (\S+): (https?:\/\/\S+)$/

export function serverLogFile(kind: 'main' | 'short'): string {
  const dir = process.env.VITRINA_E2E_DIR
  if (!dir) throw new Error('VITRINA_E2E_DIR is set by playwright.config.ts')
  return path.join(dir, `${kind}.log`)
}

export async function readActivationLink(email: string, kind: 'main' | 'short' = 'main') {
  return readMailedLink(email, 'activationLink', kind)
}

/**
 * The newest link of one kind logged for `email`: `activationLink`, `resetLink` (password reset)
 * or `emailChangeLink`. `after` skips links already read (a second request for the same address).
 */
export async function readMailedLink(
  email: string,
  field: 'activationLink' | 'resetLink' | 'emailChangeLink',
  kind: 'main' | 'short' = 'main',
  after?: string,
) {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const log = await readFile(serverLogFile(kind), 'utf8').catch(() => '')
        for (const line of log.split('\n').reverse()) {
          const readable = READABLE_LINE.exec(line.trim())
          if (
            readable &&
            readable[1] === LINE_LABELS[field] &&
            readable[2] === email.toLowerCase()
          ) {
            if (readable[3] === after) return false
            link = readable[3]
            return true
          }
          if (!line.includes(field)) continue
          try {
            const entry = JSON.parse(line) as { to?: string } & Record<string, string | undefined>
            const found = entry[field]
            if (entry.to === email.toLowerCase() && found) {
              if (found === after) return false
              link = found
              return true
            }
          } catch {
            // not a JSON log line
          }
        }
        return false
      },
      { message: `${field} mail for ${email}`, timeout: 15_000 },
    )
    .toBe(true)
  return link as string
}
