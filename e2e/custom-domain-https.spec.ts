/**
 * Issue 46 §1 (§4 "an e2e journey through Caddy over HTTPS on a custom domain"): Debian's Caddy
 * with its internal CA in front of the e2e server, as the README configures it (on-demand
 * certificates, each allowed by GET /api/domains/certificate). A demo owner connects
 * `tienda.cafe-e2e.test`, publishes its records on the journey's loopback DNS server (the server
 * asks it: playwright.config.ts `DNS_SERVERS`) and verifies it. Chromium, resolving the name to
 * 127.0.0.1, then browses the shop at https://tienda.cafe-e2e.test:{port}/ — the storefront at
 * the root, a product, the cart, an order, the order's page on the domain — and the shop's
 * platform address answers 301 to the domain. The domain is removed at the end (the demo shop is
 * other journeys' too).
 *
 * Skips, saying so, when /usr/bin/caddy is missing — except in CI, where .ci/run installs it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { customDomainPorts, servers } from '../playwright.config'
import { startDnsServer } from '../apps/api/test/helpers/dns-server'
import { accessToken } from './support/owner-api'
import { expectAccessibleScreens, stubWhatsApp } from './support/screens'
import { demoOwner, signedInState } from './support/session'
import { expect, test } from './support/test'

/**
 * The screens on the domain at 375 and 1280 px: no serious or critical axe finding (the
 * accessibility journey's bar for storefront pages), a screenshot of the viewport.
 */
const STOREFRONT_BAR = { seriousOnly: true, fullPage: false } as const

const CADDY = '/usr/bin/caddy'
const hasCaddy = existsSync(CADDY)
if (!hasCaddy && process.env.CI) {
  throw new Error(`${CADDY} is missing: .ci/run installs Debian's caddy for this journey`)
}

const STORE = 'cafe-del-puerto'
const DOMAIN = 'tienda.cafe-e2e.test'
const ORIGIN = `https://${DOMAIN}:${customDomainPorts.https}`

function caddyfile(dir: string): string {
  return `{
	admin off
	http_port ${customDomainPorts.http}
	https_port ${customDomainPorts.https}
	storage file_system ${dir}/data
	skip_install_trust
	on_demand_tls {
		ask http://127.0.0.1:${servers.main.port}/api/domains/certificate
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy 127.0.0.1:${servers.main.port}
}
`
}

/** Until something listens on the port (Caddy's HTTPS). */
async function listening(port: number, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    if (Date.now() > until) throw new Error(`nothing listens on ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

test('a shop on its own domain over HTTPS: browse, order, and the platform address moves there', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.skip(!hasCaddy, `${CADDY} is missing (apt-get install -y caddy)`)
  test.setTimeout(180_000)
  const dns = await startDnsServer(customDomainPorts.dns)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-caddy-'))
  let caddy: ChildProcess | undefined
  const state = await signedInState(browser, baseURL as string, demoOwner('cafe'))
  const owner = await browser.newContext({ baseURL, storageState: state })
  const ownerPage = await owner.newPage()
  await ownerPage.goto('/admin/mi-negocio')
  const token = await accessToken(ownerPage)
  const auth = { authorization: `Bearer ${token}` }
  const shopper = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`,
      // Caddy's internal CA is not this browser's: its service worker may register all the same.
      '--ignore-certificate-errors',
    ],
  })
  try {
    // The owner connects the domain; its records go up; «Verificar» finds them.
    const saved = await request.put('/api/domains/mine', {
      headers: auth,
      data: { hostname: DOMAIN },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    const records = ((await saved.json()) as { records: { type: string; value: string }[] }).records
    dns.set(`_vitrina.${DOMAIN}`, { TXT: [records.find((r) => r.type === 'TXT')!.value] })
    dns.set(DOMAIN, { CNAME: '127.0.0.1' })
    const verified = await request.post('/api/domains/mine/verify', { headers: auth })
    expect(((await verified.json()) as { state: string }).state).toBe('verified')

    writeFileSync(path.join(dir, 'Caddyfile'), caddyfile(dir))
    caddy = spawn(
      CADDY,
      ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        stdio: 'ignore',
        env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      },
    )
    await listening(customDomainPorts.https)

    // The shop's platform address answers 301 to the same page on the domain.
    const moved = await request.get(`/${STORE}/productos?oferta=true`, { maxRedirects: 0 })
    expect(moved.status()).toBe(301)
    expect(moved.headers().location).toBe(`${ORIGIN}/productos?oferta=true`)

    // The shopper, on the domain over HTTPS (Caddy's internal CA, not trusted by this browser).
    const context = await shopper.newContext({ ignoreHTTPSErrors: true, locale: 'es-UY' })
    await stubWhatsApp(context)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(`${ORIGIN}/`)
    await expect(page.getByRole('heading', { level: 1, name: 'Café del Puerto' })).toBeVisible()
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${ORIGIN}/`)
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    )
    await expectAccessibleScreens(page, testInfo, { name: 'custom-domain-home', ...STOREFRONT_BAR })

    // Client-side navigation stays on the domain, at the root.
    await page.getByRole('link', { name: 'Productos' }).first().click()
    await expect(page).toHaveURL(`${ORIGIN}/productos`)
    const card = page.locator('main a[href^="/productos/"]').first()
    await card.click()
    await expect(page).toHaveURL(new RegExp(`^${ORIGIN.replaceAll('.', '\\.')}/productos/[^/]+$`))
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(page.url())
    await expectAccessibleScreens(page, testInfo, {
      name: 'custom-domain-product',
      ...STOREFRONT_BAR,
    })

    // The cart and the order, through the domain's same-origin API.
    await page.getByRole('button', { name: 'Añadir al carrito' }).click()
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Carrito:/ })
      .first()
      .click()
    await page
      .getByRole('dialog', { name: 'Tu carrito' })
      .getByRole('button', { name: 'Enviar pedido por WhatsApp' })
      .click()
    const checkout = page.getByRole('dialog', { name: 'Enviar pedido por WhatsApp' })
    const form = checkout.getByRole('form', { name: 'Tus datos' })
    await form.getByRole('textbox', { name: 'Nombre' }).fill('Lucía Pérez')
    await form.getByRole('textbox', { name: 'Teléfono' }).fill('099 555 123')
    await form.getByRole('radio', { name: /Envío a domicilio/ }).check()
    await form.getByRole('textbox', { name: 'Dirección de entrega' }).fill('Sarandí 500, apto 3')
    await form.getByRole('radio', { name: /Transferencia bancaria/ }).check()
    const popup = page.waitForEvent('popup')
    await checkout.getByRole('button', { name: 'Enviar pedido' }).click()
    const whatsapp = await popup
    await whatsapp.waitForURL(/^https:\/\/wa\.me\//)
    const message = new URL(whatsapp.url()).searchParams.get('text') ?? ''
    const code = /P-[23456789A-Z]{4,8}/.exec(message)?.[0]
    expect(code, message).toBeTruthy()
    // The message's link is the order's page on the domain.
    expect(message).toContain(`${ORIGIN}/pedido/${code}?t=`)
    await whatsapp.close()

    await expect(page).toHaveURL(
      new RegExp(`^${ORIGIN.replaceAll('.', '\\.')}/pedido/${code}\\?t=`),
    )
    await expect(page.getByRole('heading', { level: 1, name: `Pedido ${code}` })).toBeVisible()
    // Opened afresh (the server's render of the order page, on the domain).
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: `Pedido ${code}` })).toBeVisible()
    await expectAccessibleScreens(page, testInfo, {
      name: 'custom-domain-order',
      ...STOREFRONT_BAR,
    })
    expect(errors).toEqual([])
    // The storefront's service worker took the whole domain as its scope.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(`${ORIGIN}/`)
    await context.close()
  } finally {
    await request.delete('/api/domains/mine', { headers: auth })
    await shopper.close()
    await owner.close()
    caddy?.kill('SIGTERM')
    await dns.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
