/** Signed-in browser state saved once and reused by several tests (Playwright storageState). */
import type { Browser } from '@playwright/test'
import { loginThroughUi, type TestOwner } from './accounts'

/** Demo owners seeded on the e2e server (README 'Demo data'). */
export const DEMO_PASSWORD = 'Vitrina2026'
export const demoOwner = (key: string): TestOwner => ({
  name: key,
  email: `demo+${key}@vitrina.uy`,
  password: DEMO_PASSWORD,
})

/** Logs `owner` in through the login form in a fresh context and returns its storage state. */
export async function signedInState(browser: Browser, baseURL: string, owner: TestOwner) {
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    await loginThroughUi(page, owner)
    return await context.storageState()
  } finally {
    await context.close()
  }
}
