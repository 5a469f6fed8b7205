/**
 * The activation link as the mail outbox delivers it without SMTP: the server logs one JSON line
 * `{"to": …, "activationLink": …}` per activation mail. Tests read it from the server's log file.
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
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const log = await readFile(serverLogFile(kind), 'utf8').catch(() => '')
        for (const line of log.split('\n').reverse()) {
          if (!line.includes('activationLink')) continue
          try {
            const entry = JSON.parse(line) as { to?: string; activationLink?: string }
            if (entry.to === email.toLowerCase() && entry.activationLink) {
              link = entry.activationLink
              return true
            }
          } catch {
            // not a JSON log line
          }
        }
        return false
      },
      { message: `activation mail for ${email}`, timeout: 15_000 },
    )
    .toBe(true)
  return link as string
}
