/**
 * Journey 4: sessions. This project runs against the server whose access tokens live 2 seconds
 * (playwright.config.ts), so expiry happens within the test. The API accepts 5 s of clock skew
 * (apps/api/src/modules/auth/tokens.ts), so a token is really refused 7 s after it was issued.
 */
import { expect, test, type Page } from './support/test'
import { createActiveOwner, loginThroughUi } from './support/accounts'

const EXPIRED_AFTER_MS = (2 + 5) * 1000 + 1_500
const storageKeys = ['access_token', 'refresh_token', 'user', 'business'] as const

function stored(page: Page) {
  return page.evaluate(
    (keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])),
    storageKeys as unknown as string[],
  )
}

test('an expired access token is renewed by one refresh and the page keeps working', async ({
  page,
  request,
}) => {
  const owner = await createActiveOwner(page, request, 'short')
  await loginThroughUi(page, owner)
  const before = await stored(page)

  await page.waitForTimeout(EXPIRED_AFTER_MS)
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'))
  await page.goto('/perfil')
  expect((await refreshed).status()).toBe(200)
  await expect(page.getByRole('heading', { name: owner.name })).toBeVisible()
  await expect(page.getByText(owner.email, { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/perfil$/)
  const after = await stored(page)
  expect(after.access_token).not.toBe(before.access_token)
  expect(after.refresh_token).not.toBe(before.refresh_token)
})

test('two tabs refreshing at the same moment both stay signed in', async ({
  page,
  context,
  request,
}) => {
  const owner = await createActiveOwner(page, request, 'short')
  await loginThroughUi(page, owner)
  const second = await context.newPage()
  await Promise.all([page.goto('/perfil'), second.goto('/perfil')])

  await page.waitForTimeout(EXPIRED_AFTER_MS)
  await Promise.all([page.reload(), second.reload()])
  for (const tab of [page, second]) {
    await expect(tab.getByRole('heading', { name: owner.name })).toBeVisible()
    await expect(tab).toHaveURL(/\/perfil$/)
  }

  // The token both tabs now share is the family's live one: a later expiry still renews.
  await page.waitForTimeout(EXPIRED_AFTER_MS)
  await second.reload()
  await expect(second.getByRole('heading', { name: owner.name })).toBeVisible()
  await expect(second).toHaveURL(/\/perfil$/)
})

test('logout clears the session everywhere and revokes the refresh token', async ({
  page,
  request,
}) => {
  const owner = await createActiveOwner(page, request, 'short')
  await loginThroughUi(page, owner)
  const { refresh_token: refreshToken } = await stored(page)

  await page.goto('/perfil')
  await page.getByRole('link', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect
    .poll(() => stored(page))
    .toEqual({
      access_token: null,
      refresh_token: null,
      user: null,
      business: null,
    })
  const reuse = await request.post('/api/auth/refresh', {
    headers: { authorization: `Bearer ${refreshToken}` },
  })
  expect(reuse.status()).toBe(401)

  await page.goto('/perfil')
  await expect(page).toHaveURL(/\/auth\/login$/)
})

test('an admin address while signed out goes to the login page', async ({ page }) => {
  await page.goto('/admin/mi-negocio')
  await expect(page).toHaveURL(/\/auth\/login$/)
  await page.goto('/admin/nuevo-producto')
  await expect(page).toHaveURL(/\/auth\/login$/)
})
