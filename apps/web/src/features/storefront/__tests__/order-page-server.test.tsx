// @vitest-environment node
/**
 * The order page rendered by the server (issue 24 §2, ADR 021): loaded directly, its loader
 * reads the order with the token of the address; the HTML says noindex (React puts the page's
 * <meta> in the document's head when the browser takes over). A wrong token is a failed read:
 * the browser renders the page ('Pedido no encontrado').
 */
import { within } from '@testing-library/react'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../../ssr/entry-server'
import { readDocument, TEST_TEMPLATE } from '../../../ssr/test-document'
import { makeOrder, orderBusiness } from './order-fixtures'

const ORIGIN = 'https://vitrina.test'
const PATH = '/almacen-lucia/pedido/P-7K3Q?t=tok123'

function api(replies: Record<string, unknown>) {
  const asked: string[] = []
  const fetch = (input: RequestInfo | URL) => {
    const url = new URL(String(input), ORIGIN)
    const address = `${url.pathname}${url.search}`
    asked.push(address)
    const body = replies[address]
    return Promise.resolve(
      body === undefined
        ? Response.json({ message: 'Pedido no encontrado' }, { status: 404 })
        : Response.json(body),
    )
  }
  return { fetch, asked }
}

describe('order page, server render', () => {
  it('renders the order with noindex, and hands the browser its read', async () => {
    const replies = api({
      [`/api/businesses/${orderBusiness.identifier}/identifier`]: orderBusiness,
      '/api/orders/P-7K3Q?t=tok123': makeOrder(),
    })
    const page = await renderPage(`${ORIGIN}${PATH}`, { ...replies, template: TEST_TEMPLATE })
    const { head, body, state } = readDocument(page)
    if (body === null || state === null || 'redirect' in page) throw new Error('not rendered')
    expect(head).toContain('<meta name="robots" content="noindex" />')
    expect(head).toContain(`<title>Pedido P-7K3Q | ${orderBusiness.name}</title>`)
    expect(body).toContain('<meta name="referrer" content="no-referrer"/>')
    const { document } = new JSDOM(`<div id="root">${body}</div>`).window
    const view = within(document.body)
    expect(view.getByRole('heading', { level: 1, name: 'Pedido P-7K3Q' })).toBeTruthy()
    expect(view.getByText('BROU cuenta 001234567')).toBeTruthy()
    expect(state.complete).toBe(true)
    // One shopper's page: no copy anywhere, never indexed.
    expect(page.shared).toBeUndefined()
    expect(page.headers).toMatchObject({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' })
    expect(JSON.stringify(state.queries)).toContain('"orders","public","P-7K3Q","tok123"')
    expect(replies.asked).toContain('/api/orders/P-7K3Q?t=tok123')
  })

  it('leaves a wrong token to the browser', async () => {
    const replies = api({
      [`/api/businesses/${orderBusiness.identifier}/identifier`]: orderBusiness,
    })
    const page = await renderPage(`${ORIGIN}/almacen-lucia/pedido/P-7K3Q?t=wrong`, {
      ...replies,
      template: TEST_TEMPLATE,
    })
    const { head, body } = readDocument(page)
    expect(body).toBeNull()
    // The shell the browser renders it in still carries the order page's head: never indexed.
    expect(head).toContain('<meta name="robots" content="noindex" />')
    expect(page).toMatchObject({
      headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' },
    })
  })
})
