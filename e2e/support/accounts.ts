/** Owners for journeys: registered through the API, activated through the e-mailed link. */
import { randomBytes } from 'node:crypto'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { readActivationLink } from './mail'

export interface TestOwner {
  name: string
  email: string
  password: string
}

export function newOwner(prefix = 'owner'): TestOwner {
  const id = randomBytes(4).toString('hex')
  // The password shares nothing with the name or e-mail: those are refused (ADR 020).
  const secret = randomBytes(4).toString('hex')
  return { name: `Dueña ${id}`, email: `${prefix}-${id}@example.com`, password: `Segura${secret}A` }
}

/** Registers via POST /api/auth/register and opens the mailed link in the browser. */
export async function createActiveOwner(
  page: Page,
  request: APIRequestContext,
  server: 'main' | 'short' = 'main',
  owner: TestOwner = newOwner(),
): Promise<TestOwner> {
  const res = await request.post('/api/auth/register', {
    data: { name: owner.name, email: owner.email, password: owner.password },
  })
  expect(res.status(), await res.text()).toBe(201)
  const link = await readActivationLink(owner.email, server)
  await page.goto(new URL(link).pathname)
  await expect(page.getByText('¡Cuenta activada con éxito!')).toBeVisible()
  return owner
}

export async function loginThroughUi(page: Page, owner: TestOwner) {
  await page.goto('/auth/login')
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(owner.email)
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(owner.password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  // An owner with a business lands on the dashboard, one without on the wizard (issue 41), an
  // operator on the home page.
  await expect(page).toHaveURL(/\/(admin\/mi-negocio|plataforma\/nuevo)?$/)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('refresh_token'))).toBeTruthy()
}
