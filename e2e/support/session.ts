/** Signed-in browser state saved once and reused by several tests (Playwright storageState). */
import { expect, type Browser, type Page } from '@playwright/test'
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

/** The demo operator (seed), signed in through the login form. */
export const DEMO_OPERATOR = { email: 'operador@vitrina.uy', password: DEMO_PASSWORD }

export async function loginOperator(page: Page) {
  await page.goto('/auth/login')
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(DEMO_OPERATOR.email)
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(DEMO_OPERATOR.password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('refresh_token'))).toBeTruthy()
}
