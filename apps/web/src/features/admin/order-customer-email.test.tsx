/**
 * Issue 44 §3: the owner's order card shows the e-mail the shopper left (the address their
 * status mails go to) as a mailto link, and nothing when they left none. Axe clean at 375 and
 * 1280 px.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ORDER_STATUSES, SHOPPER_EMAIL_TEXTS, type OwnerOrder } from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { makeBusiness, makeOwnerOrder, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

// One confirmed order (makeOwnerOrder's): the list is not the empty shop's.
const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, s === 'confirmado' ? 1 : 0]))

function atWidth(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

async function openOrder(order: OwnerOrder) {
  signInOwner()
  installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
    'GET /api/orders/counts': () => ({ body: { counts } }),
    'GET /api/orders': () => ({
      body: { items: [order], total: 1, page: 1, pageSize: 20, counts },
    }),
  })
  renderApp('/admin/pedidos')
  const ui = userEvent.setup({ delay: null })
  await ui.click(
    await screen.findByRole('button', { name: /Ver el pedido P-7K3Q/ }, { timeout: 15_000 }),
  )
  return screen.getByRole('article', { name: `P-7K3Q, ${order.customer.name}` })
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe("the shopper's e-mail on the owner's order card", () => {
  for (const width of [375, 1280]) {
    it(`is a mailto link under the customer (axe at ${width} px)`, async () => {
      atWidth(width)
      const card = await openOrder(
        makeOwnerOrder({
          customer: {
            name: 'Lucía Pérez',
            phone: '099 555 123',
            email: 'lucia.perez.con.un.correo.largo@ejemplo.com.uy',
          },
        }),
      )
      const link = within(card).getByRole('link', {
        name: `${SHOPPER_EMAIL_TEXTS.ownerLabel}: lucia.perez.con.un.correo.largo@ejemplo.com.uy`,
      })
      expect(link).toHaveAttribute('href', 'mailto:lucia.perez.con.un.correo.largo@ejemplo.com.uy')
      expect(await axeViolations()).toEqual([])
    })
  }

  it('shows nothing when the shopper left no e-mail', async () => {
    const card = await openOrder(makeOwnerOrder())
    expect(within(card).queryByRole('link', { name: /mailto|Correo/ })).toBeNull()
    expect(within(card).getByRole('link', { name: '099 555 123' })).toBeInTheDocument()
  })
})
