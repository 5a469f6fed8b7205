/**
 * Issue 26: a shopper's visit reaches the owner's insights. A shopper (a browser that is not a
 * headless one: those are ignored as bots) arrives at a demo shop from Instagram, searches for
 * something the shop does not have and opens a product; the events leave with sendBeacon once
 * the page is idle, and the owner sees them at /admin/estadisticas after the server's flush.
 */
import { request as httpRequest } from 'node:http'
import { demoOwner, signedInState } from './support/session'
import { expect, test } from './support/test'
import { firstProduct, listBusinesses } from './support/demo'

const STORE = 'cafe-del-puerto'
const SHOPPER_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const NOTHING = `unicornio${Date.now().toString(36)}`

/** POSTs JSON as a browser from another loopback address (Linux routes all of 127/8 to lo). */
function postFrom(localAddress: string, url: string, body: unknown): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': SHOPPER_BROWSER },
      },
      (res) => {
        res.resume()
        resolve(res.statusCode)
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

test('a visit, a search with no results and a product view reach the owner’s page', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const business = (await listBusinesses(request)).find((b) => b.identifier === STORE)
  if (!business) throw new Error(`demo business ${STORE} missing`)
  const product = await firstProduct(request, business._id)

  const shopper = await browser.newContext({ baseURL, userAgent: SHOPPER_BROWSER })
  try {
    const page = await shopper.newPage()
    const events: { businessId: string; events: Record<string, unknown>[] }[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/events')) events.push(JSON.parse(r.postData() ?? '{}'))
    })
    const sentEvents = () => events.flatMap((batch) => batch.events)

    // The visit leaves on its own once the page is idle, without any use of the page.
    await page.goto(`/${STORE}?utm_source=instagram`)
    await expect.poll(sentEvents).toEqual([{ type: 'visit', source: 'instagram' }])
    expect(events[0]!.businessId).toBe(business._id)

    // A search that finds nothing (the page starts at the first use: a key here), counted once
    // it settles.
    await page.goto(`/${STORE}/productos?search=${NOTHING}`)
    await page.keyboard.press('Shift')
    await expect
      .poll(sentEvents, { timeout: 15_000 })
      .toContainEqual({ type: 'search', query: NOTHING, results: 0 })
    // Issue 40 §5: the owner is shown only phrases searched by two visitors or more — a second
    // shopper, from another address, searches the same.
    expect(
      await postFrom('127.0.0.2', new URL('/api/events', baseURL).toString(), {
        businessId: business._id,
        events: [{ type: 'search', query: NOTHING, results: 0 }],
      }),
    ).toBe(202)

    await page.goto(`/${STORE}/productos/${product._id}`)
    await expect
      .poll(sentEvents, { timeout: 15_000 })
      .toContainEqual({ type: 'product_view', productId: product._id })
  } finally {
    await shopper.close()
  }

  const state = await signedInState(browser, baseURL as string, demoOwner('cafe'))
  const owner = await browser.newContext({ baseURL, storageState: state })
  try {
    const admin = await owner.newPage()
    await admin.goto('/admin/mi-negocio')
    await admin.getByRole('link', { name: 'Estadísticas' }).first().click()
    await expect(admin).toHaveURL(/\/admin\/estadisticas/)
    // The period lives in the address: the radio is checked once the navigation re-renders it
    // (`check()` reads it back at once and would see the old state).
    const week = admin.getByRole('radio', { name: 'Últimos 7 días' })
    await week.click({ force: true })
    await expect(week).toBeChecked()
    await expect(admin.getByRole('heading', { name: 'Estadísticas', level: 1 })).toBeVisible()
    // Written within a second or two; the page reads it again on reload.
    const zero = admin.getByRole('region', { name: 'Búsquedas sin resultados' })
    await expect(async () => {
      await admin.reload()
      // The page itself may take seconds to load on a busy machine.
      await expect(zero.getByText(NOTHING)).toBeVisible({ timeout: 8_000 })
    }).toPass({ timeout: 40_000 })
    await expect(
      admin.getByRole('region', { name: 'Productos más vistos' }).getByText(product.name),
    ).toBeVisible()
    await expect(
      admin.getByRole('region', { name: 'De dónde llegan' }).getByText('Instagram'),
    ).toBeVisible()
  } finally {
    await owner.close()
  }
})
