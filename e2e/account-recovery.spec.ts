/**
 * Issue 23 §1: a user who forgot the password gets a link from the login page, sets a new one
 * (the old one and every earlier session stop working), and logs in with it — on a phone
 * (375 px) and on a desktop (1280 px). The link is read from the server log, as the activation
 * link is (no SMTP).
 */
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, PROFILE_TEXTS } from '@vitrina/contracts'
import { expect, test, type Page, type TestInfo } from './support/test'
import { createActiveOwner, loginThroughUi, newOwner } from './support/accounts'
import { readMailedLink } from './support/mail'
import { keepScreenshot } from './support/screens'

const NEW_PASSWORD = 'Caracol4Azul'

/** A full-page screenshot of each step (kept with VITRINA_E2E_SHOTS). */
const shot = (page: Page, testInfo: TestInfo, name: string) =>
  keepScreenshot(page, testInfo, `${name}-${page.viewportSize()?.width}.png`, { fullPage: true })

for (const width of [375, 1280]) {
  test.describe(`password reset at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 900 } })

    test('forgot password → mailed link → new password → login with it', async ({
      page,
      request,
      browser,
    }, testInfo) => {
      const owner = await createActiveOwner(page, request, 'main', newOwner('olvido'))
      // An earlier login on another device: the reset must end it.
      const other = await browser.newContext()
      const otherPage = await other.newPage()
      await loginThroughUi(otherPage, owner)

      await page.goto('/auth/login')
      await page.getByRole('link', { name: ACCOUNT_MESSAGES.forgotPasswordLink }).click()
      await expect(page).toHaveURL(/\/auth\/recuperar$/)
      await expect(page.getByRole('heading', { name: ACCOUNT_MESSAGES.forgotTitle })).toBeVisible()
      await shot(page, testInfo, 'recuperar')
      // Keyboard only: the e-mail field has focus, Enter sends.
      await page.keyboard.type(owner.email.toUpperCase())
      await page.keyboard.press('Enter')
      await expect(page.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.forgotSent)
      await shot(page, testInfo, 'recuperar-enviado')

      const link = await readMailedLink(owner.email, 'resetLink')
      expect(link).toMatch(/\/auth\/restablecer\/[A-Za-z0-9_-]{43}$/)
      await page.goto(new URL(link).pathname)
      await expect(page.getByRole('heading', { name: ACCOUNT_MESSAGES.resetTitle })).toBeVisible()
      const password = page.getByRole('textbox', {
        name: ACCOUNT_MESSAGES.newPasswordLabel,
        exact: true,
      })
      const confirm = page.getByRole('textbox', { name: ACCOUNT_MESSAGES.confirmNewPasswordLabel })
      await password.fill(NEW_PASSWORD)
      await confirm.fill('Caracol4Verde')
      await page.getByRole('button', { name: ACCOUNT_MESSAGES.resetSubmit }).click()
      await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.passwordsMismatch)
      await shot(page, testInfo, 'restablecer-error')
      await confirm.fill(NEW_PASSWORD)
      await page.getByRole('button', { name: ACCOUNT_MESSAGES.resetSubmit }).click()
      await expect(
        page.getByRole('heading', { name: ACCOUNT_MESSAGES.resetSuccessTitle }),
      ).toBeVisible()
      await shot(page, testInfo, 'restablecer-listo')

      // The link was single-use: opened again, it says so at once, before any typing (issue 41).
      await page.goto(new URL(link).pathname)
      await expect(page.getByRole('alert')).toContainText(ACCOUNT_MESSAGES.resetInvalid)
      await expect(password).toBeHidden()
      await shot(page, testInfo, 'restablecer-invalido')

      // The earlier session on the other device has ended.
      const stale = await otherPage.evaluate(async () => {
        const res = await fetch('/api/auth/me', {
          headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
        })
        return res.status
      })
      expect(stale).toBe(401)
      await other.close()

      // The old password no longer works; the new one does.
      await page.goto('/auth/login')
      await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(owner.email)
      await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(owner.password)
      await page.getByRole('button', { name: 'Iniciar sesión' }).click()
      await expect(page.getByText(AUTH_MESSAGES.invalidCredentials)).toBeVisible()
      await loginThroughUi(page, { ...owner, password: NEW_PASSWORD })

      // /perfil lists this session, and nothing on it is wider than the screen (at 375 px a long
      // e-mail address and the sessions button once pushed the page to 398 px).
      await page.goto('/perfil')
      await expect(page.getByRole('heading', { name: PROFILE_TEXTS.sessionsSection })).toBeVisible()
      await expect(page.getByText(PROFILE_TEXTS.thisDevice)).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await shot(page, testInfo, 'perfil')
    })
  })
}

test('a login refused for a not-activated account offers the activation mail again', async ({
  page,
  request,
}, testInfo) => {
  const owner = newOwner('sinactivar')
  const res = await request.post('/api/auth/register', {
    data: { name: owner.name, email: owner.email, password: owner.password },
  })
  expect(res.status()).toBe(201)
  const first = await readMailedLink(owner.email, 'activationLink')
  await page.goto('/auth/login')
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(owner.email)
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(owner.password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  const offer = page.getByRole('button', { name: ACCOUNT_MESSAGES.resendActivation })
  await expect(offer).toBeVisible()
  await offer.click()
  await expect(
    page.getByRole('status').filter({ hasText: AUTH_MESSAGES.activationResent }),
  ).toBeVisible()
  await shot(page, testInfo, 'login-sin-activar')
  const second = await readMailedLink(owner.email, 'activationLink', 'main', first)
  await page.goto(new URL(second).pathname)
  await expect(page.getByText(AUTH_MESSAGES.activationSuccess)).toBeVisible()
})
