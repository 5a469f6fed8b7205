/**
 * Mailed links as the mail outbox delivers them without SMTP: the server logs one JSON line
 * `{"to": …, "activationLink": …}` per activation mail (`resetLink` for a password reset,
 * `emailChangeLink` for an e-mail change). Tests read them from the server's log file.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from '@playwright/test'

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
