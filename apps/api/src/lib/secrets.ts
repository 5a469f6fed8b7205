import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * A secret that must survive restarts (JWT signing key) but need not be configured for a local
 * start: generated once and kept in the data folder with owner-only permissions, never committed.
 * With an in-memory data dir (tests) it lives for the process only.
 */
export async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  if (dataDir === ':memory:') return randomBytes(48).toString('base64url')
  const file = path.join(dataDir, name)
  try {
    const existing = (await readFile(file, 'utf8')).trim()
    if (existing.length >= 32) return existing
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'w' })
  return secret
}
