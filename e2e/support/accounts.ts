/** Owners for journeys: registered through the API, activated through the e-mailed link. */
import { randomBytes } from 'node:crypto'
import { STORAGE_KEYS } from '@vitrina/contracts'
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

/** The session POST /api/auth/login answers (SPEC §9: the user and the token pair). */
interface LoginAnswer {
  user: unknown
  access_token: string
  refresh_token: string
}

/** Logs `owner` in through the API: the session as the login form receives it. */
export async function loginThroughApi(
  request: APIRequestContext,
  owner: Pick<TestOwner, 'email' | 'password'>,
): Promise<LoginAnswer> {
  const res = await request.post('/api/auth/login', {
    data: { email: owner.email, password: owner.password },
  })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as LoginAnswer
}

/**
 * Signs `owner` in for a journey whose subject is not the login form: the session from
 * POST /api/auth/login, stored in the page's origin under the keys the form stores it under, so
 * the page's next load starts signed in (it is not reloaded here). A page not yet on the site
 * opens `/robots.txt` first, the cheapest document of its origin. Returns the access token.
 *
 * The form itself is held by the journeys that test it (new owner, keyboard, account recovery,
 * sessions), through loginThroughUi.
 */
export async function signIn(
  page: Page,
  owner: Pick<TestOwner, 'email' | 'password'>,
): Promise<string> {
  const session = await loginThroughApi(page.request, owner)
  if (!page.url().startsWith('http')) await page.goto('/robots.txt')
  await page.evaluate(
    ({ keys, user, access, refresh }) => {
      localStorage.setItem(keys.user, JSON.stringify(user))
      localStorage.setItem(keys.accessToken, access)
      localStorage.setItem(keys.refreshToken, refresh)
    },
    {
      keys: STORAGE_KEYS,
      user: session.user,
      access: session.access_token,
      refresh: session.refresh_token,
    },
  )
  return session.access_token
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
