/** Signed-in browser state saved once and reused by several tests (Playwright storageState). */
import type { Browser } from '@playwright/test'
import { signIn, type TestOwner } from './accounts'

/** Demo owners seeded on the e2e server (README 'Demo data'). */
export const DEMO_PASSWORD = 'Vitrina2026'
export const demoOwner = (key: string): TestOwner => ({
  name: key,
  email: `demo+${key}@vitrina.uy`,
  password: DEMO_PASSWORD,
})

/** The demo operator (seed). */
export const DEMO_OPERATOR: TestOwner = {
  name: 'Operador',
  email: 'operador@vitrina.uy',
  password: DEMO_PASSWORD,
}

/** Signs `owner` in (signIn) in a fresh context and returns its storage state. */
export async function signedInState(browser: Browser, baseURL: string, owner: TestOwner) {
  const context = await browser.newContext({ baseURL })
  try {
    await signIn(await context.newPage(), owner)
    return await context.storageState()
  } finally {
    await context.close()
  }
}
