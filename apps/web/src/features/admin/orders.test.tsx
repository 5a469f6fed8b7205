/**
 * Issue 24 §3: the owner's orders at /admin/pedidos, against the fake API at the network
 * boundary — the list with its counts, filter, search and pages; an order's detail; its actions
 * (next statuses, cancel with a reason, notes, WhatsApp, a 409); the CSV export; the badge.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { focusManager } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DELIVERY_SETTINGS_MESSAGES,
  DELIVERY_TEXTS,
  ORDER_ADMIN_TEXTS as T,
  ORDER_STATUS_LABELS,
  ORDER_FINAL_TEXTS,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  PAYMENT_SETTINGS_TEXTS,
  nameWithVariant,
  orderStatusWhatsappText,
  VARIANT_MESSAGES,
  WHATSAPP_STATUS_TEXTS,
} from '@vitrina/contracts'
import type { OrderCounts, OrderListResponse, OwnerOrder } from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi, json } from '../../test/fake-api'
import type { RecordedCall } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { BUSINESS_ID, makeBusiness, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const business = makeBusiness()

let sequence = 0
function makeOrder(overrides: Partial<OwnerOrder> = {}): OwnerOrder {
  sequence += 1
  const n = String(sequence).padStart(12, '0')
  return {
    _id: `7d1e2d3f-4a5b-4c6d-8e7f-${n}`,
    code: `P-7K3${'ABCDEFGHJK'[sequence % 10]}`,
    status: 'nuevo',
    createdAt: '2026-11-20T15:30:00.000Z',
    updatedAt: '2026-11-20T15:30:00.000Z',
    business: { _id: BUSINESS_ID, name: business.name, identifier: business.identifier },
    items: [
      {
        productId: '9c1e2d3f-4a5b-4c6d-8e7f-000000000001',
        name: 'Camisa de lino',
        code: 'CAM-1',
        quantity: 2,
        price: 1290,
        discount: 0,
        unitPrice: 1290,
        lineTotal: 2580,
        currency: 'UYU',
        image: null,
      },
      {
        productId: '9c1e2d3f-4a5b-4c6d-8e7f-000000000002',
        name: 'Sombrero',
        code: null,
        quantity: 1,
        price: 20,
        discount: 25,
        unitPrice: 15,
        lineTotal: 15,
        currency: 'USD',
        image: null,
      },
    ],
    subtotals: { UYU: 2580, USD: 15 },
    deliveryFee: { UYU: 150 },
    totals: { UYU: 2730, USD: 15 },
    customer: { name: 'Lucía Gómez', phone: '099 123 456' },
    delivery: { method: 'delivery', address: 'Bv. Artigas 1500, apto 3' },
    payment: { type: 'transferencia', instructions: 'BROU 123' },
    notes: 'Tocar timbre 2',
    history: [
      { at: '2026-11-20T15:30:00.000Z', status: 'nuevo' },
      { at: '2026-11-20T16:00:00.000Z', note: 'Pagó por transferencia' },
    ],
    ...overrides,
  }
}

function counts(partial: Partial<OrderCounts> = {}): OrderCounts {
  return { ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])), ...partial } as OrderCounts
}

function listReply(items: OwnerOrder[], extra: Partial<OrderListResponse> = {}): OrderListResponse {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    counts: counts(
      Object.fromEntries(
        ORDER_STATUSES.map((s) => [s, items.filter((o) => o.status === s).length]),
      ),
    ),
    ...extra,
  }
}

type Routes = Parameters<typeof installFakeApi>[0]

function open(path: string, routes: Routes) {
  signInOwner()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    'GET /api/orders/counts': () => ({ body: { counts: counts() } }),
    ...routes,
  })
  const view = renderApp(path)
  const ui = userEvent.setup({ delay: null })
  return { fake, view, ui }
}

const query = (call: RecordedCall | undefined) =>
  Object.fromEntries(new URL(call?.path ?? '/', 'http://x').searchParams)

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('/admin/pedidos list', () => {
  it('explains where orders come from when the shop has none yet', async () => {
    open('/admin/pedidos', {
      'GET /api/orders': () => ({ body: listReply([], { counts: counts() }) }),
    })
    expect(
      await screen.findByRole('heading', { name: T.emptyTitle }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(screen.getByText(T.emptyBody)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: T.emptyVisit })).toHaveAttribute('href', '/tienda-ana')
    expect(screen.queryByRole('navigation', { name: T.filterLabel })).toBeNull()
    expect(await axeViolations()).toEqual([])
  })

  it('shows the counts per status, filters by status in the address, and pages', async () => {
    const first = makeOrder({ code: 'P-2222', customer: { name: 'Ana', phone: '099 1' } })
    const second = makeOrder({ code: 'P-3333', status: 'confirmado' })
    const { fake, view, ui } = open('/admin/pedidos', {
      'GET /api/orders': (call) =>
        query(call).status === 'confirmado'
          ? { body: listReply([second], { counts: counts({ nuevo: 3, confirmado: 1 }) }) }
          : {
              body: listReply([first, second], {
                total: 45,
                counts: counts({ nuevo: 3, confirmado: 1, entregado: 41 }),
              }),
            },
    })
    const filter = await screen.findByRole('navigation', { name: T.filterLabel })
    const all = within(filter).getByRole('link', { name: /Todos/ })
    expect(all).toHaveTextContent('Todos45')
    expect(all).toHaveAttribute('aria-current', 'page')
    expect(within(filter).getByRole('link', { name: /Nuevo/ })).toHaveTextContent('Nuevo3')
    expect(within(filter).getByRole('link', { name: /Entregado/ })).toHaveTextContent('Entregado41')
    // Newest first, as the API sends them.
    const codes = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))
    expect(codes).toEqual(['P-2222, Ana', 'P-3333, Lucía Gómez'])
    expect(query(fake.callsTo('GET /api/orders')[0])).toEqual({})
    expect(
      within(screen.getByRole('navigation', { name: 'Paginación' })).getByRole('link', {
        name: /3/,
      }),
    ).toHaveAttribute('href', '/admin/pedidos?page=3')

    await ui.click(within(filter).getByRole('link', { name: /Confirmado/ }))
    await waitFor(() => expect(view.location()).toBe('/admin/pedidos?estado=confirmado'))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    expect(query(fake.callsTo('GET /api/orders').at(-1))).toEqual({ status: 'confirmado' })
    expect(within(filter).getByRole('link', { name: /Confirmado/ })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('searches by code or customer once the owner stops typing, and keeps it in the address', async () => {
    const order = makeOrder({ code: 'P-7K3Q' })
    const { fake, view, ui } = open('/admin/pedidos', {
      'GET /api/orders': (call) =>
        query(call).search === 'Lucía'
          ? { body: listReply([order], { counts: counts({ nuevo: 2 }) }) }
          : query(call).search
            ? { body: listReply([], { counts: counts({ nuevo: 2 }) }) }
            : {
                body: listReply([order, makeOrder()], { counts: counts({ nuevo: 2 }) }),
              },
    })
    const search = await screen.findByRole('searchbox', { name: T.searchLabel })
    await ui.type(search, 'Lucía')
    await waitFor(() => expect(view.location()).toBe('/admin/pedidos?search=Luc%C3%ADa'))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    // One request for the whole word, not one a keystroke.
    const searches = fake.callsTo('GET /api/orders').filter((c) => query(c).search)
    expect(searches.map((c) => query(c).search)).toEqual(['Lucía'])

    await ui.clear(search)
    await ui.type(search, 'nadie')
    expect(await screen.findByText(T.noResults)).toBeInTheDocument()
    await ui.click(screen.getByRole('link', { name: T.clearFilters }))
    await waitFor(() => expect(view.location()).toBe('/admin/pedidos'))
    expect(search).toHaveValue('')
  })

  it('keeps an order opened while the search is still being typed open once the search applies', async () => {
    const order = makeOrder({ code: 'P-7K3Q' })
    const { view, ui } = open('/admin/pedidos', {
      'GET /api/orders': () => ({ body: listReply([order], { counts: counts({ nuevo: 1 }) }) }),
    })
    const search = await screen.findByRole('searchbox', { name: T.searchLabel })
    await ui.type(search, 'P-7K3Q')
    await ui.click(screen.getByRole('button', { name: new RegExp(T.openOrder('P-7K3Q')) }))
    await waitFor(() =>
      expect(view.location()).toBe(`/admin/pedidos?search=P-7K3Q&pedido=${order._id}`),
    )
    expect(
      screen.getByRole('button', { name: new RegExp(T.closeOrder('P-7K3Q')) }),
    ).toHaveAttribute('aria-expanded', 'true')
  })

  /*
   * The page follows the address when React renders again, and a navigation's render can come
   * after the search's pause ends (in the browser, the router's renders are transitions). Made
   * certain here: both steps run in one `act`, so React renders only once both have run, with
   * a fake clock for the search's pause.
   */
  describe('while the typed search waits for its pause', () => {
    /** Past SEARCH_DELAY_MS (350 ms), the search box's pause. */
    const PAUSE_MS = 1_000
    const endThePause = () => vi.advanceTimersByTime(PAUSE_MS)
    afterEach(() => vi.useRealTimers())

    async function openAndType() {
      const order = makeOrder({ code: 'P-7K3Q' })
      const opened = open('/admin/pedidos', {
        'GET /api/orders': () => ({ body: listReply([order], { counts: counts({ nuevo: 1 }) }) }),
      })
      const search = await screen.findByRole('searchbox', { name: T.searchLabel })
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      fireEvent.change(search, { target: { value: 'P-7K3Q' } })
      const toggle = screen.getByRole('button', { name: new RegExp(T.openOrder('P-7K3Q')) })
      return { order, search, toggle, ...opened }
    }

    /** Runs `steps` with no render between them: the page still shows the address it had. */
    function beforeThePageFollows(...steps: (() => void)[]) {
      act(() => {
        for (const step of steps) step()
        expect(screen.getByRole('searchbox', { name: T.searchLabel })).toHaveValue('P-7K3Q')
        expect(
          screen.getByRole('button', { name: new RegExp(T.openOrder('P-7K3Q')) }),
        ).toHaveAttribute('aria-expanded', 'false')
      })
      vi.useRealTimers()
    }

    async function expectOpenWithSearch(view: { location: () => string }, id: string) {
      await waitFor(() => expect(view.location()).toBe(`/admin/pedidos?search=P-7K3Q&pedido=${id}`))
      const toggle = screen.getByRole('button', { name: new RegExp(T.closeOrder('P-7K3Q')) })
      expect(toggle).toHaveAttribute('aria-expanded', 'true')
      const card = screen.getByRole('article', { name: 'P-7K3Q, Lucía Gómez' })
      expect(within(card).getByText('Tocar timbre 2')).toBeInTheDocument()
    }

    it('keeps an order opened in the pause open when the pause ends before the page shows it', async () => {
      const { order, search, toggle, fake, view } = await openAndType()
      beforeThePageFollows(() => fireEvent.click(toggle), endThePause)
      await expectOpenWithSearch(view, order._id)
      await waitFor(() =>
        expect(query(fake.callsTo('GET /api/orders').at(-1))).toEqual({ search: 'P-7K3Q' }),
      )
      expect(search).toHaveValue('P-7K3Q')
      // And nothing later closes it.
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
      expect(view.location()).toBe(`/admin/pedidos?search=P-7K3Q&pedido=${order._id}`)
    })

    it('keeps an order opened in the pause open when the search is sent before the page shows it', async () => {
      const { order, toggle, view } = await openAndType()
      beforeThePageFollows(
        () => fireEvent.click(toggle),
        () => fireEvent.submit(screen.getByRole('search', { name: T.searchLabel })),
      )
      await expectOpenWithSearch(view, order._id)
    })

    it('keeps the search when an order is opened after the pause, before the page shows the search', async () => {
      const { order, toggle, view } = await openAndType()
      beforeThePageFollows(endThePause, () => fireEvent.click(toggle))
      await expectOpenWithSearch(view, order._id)
    })

    it('keeps a payment filter chosen in the pause', async () => {
      const { fake, view } = await openAndType()
      const select = screen.getByRole('combobox', {
        name: PAYMENT_SETTINGS_TEXTS.ordersFilterLabel,
      })
      beforeThePageFollows(
        () => fireEvent.change(select, { target: { value: 'aprobado' } }),
        endThePause,
      )
      await waitFor(() =>
        expect(view.location()).toBe('/admin/pedidos?pago=aprobado&search=P-7K3Q'),
      )
      await waitFor(() =>
        expect(query(fake.callsTo('GET /api/orders').at(-1))).toEqual({
          payment: 'aprobado',
          search: 'P-7K3Q',
        }),
      )
      expect(select).toHaveValue('aprobado')
    })

    it('keeps a status chosen in the pause', async () => {
      const { view } = await openAndType()
      const tabs = screen.getByRole('navigation', { name: T.filterLabel })
      beforeThePageFollows(
        () => fireEvent.click(within(tabs).getByRole('link', { name: /Nuevo/ })),
        endThePause,
      )
      await waitFor(() => expect(view.location()).toBe('/admin/pedidos?estado=nuevo&search=P-7K3Q'))
      expect(within(tabs).getByRole('link', { name: /Nuevo/ })).toHaveAttribute(
        'aria-current',
        'page',
      )
    })
  })
})

describe('an order', () => {
  it('opens to its items, totals per currency, customer, delivery, payment, notes and history', async () => {
    const order = makeOrder({ code: 'P-7K3Q' })
    const { ui, view } = open('/admin/pedidos', {
      'GET /api/orders': () => ({ body: listReply([order]) }),
    })
    const toggle = await screen.findByRole('button', { name: /Ver el pedido P-7K3Q/ })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveTextContent('$ 2.730,00 y US$ 15,00')
    await ui.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(view.location()).toBe(`/admin/pedidos?pedido=${order._id}`)

    const card = screen.getByRole('article', { name: 'P-7K3Q, Lucía Gómez' })
    const items = within(card).getByRole('heading', { name: T.itemsTitle }).parentElement!
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 × Camisa de lino · CAM-1$ 1.290,00 c/u$ 2.580,00', '1 × SombreroUS$ 15,00'])
    expect(within(card).getByText(T.subtotal).nextSibling).toHaveTextContent(
      '$ 2.580,00 y US$ 15,00',
    )
    expect(within(card).getByText(T.deliveryFee).nextSibling).toHaveTextContent('$ 150,00')
    expect(within(card).getByText(T.total).nextSibling).toHaveTextContent('$ 2.730,00 y US$ 15,00')
    expect(within(card).getByRole('link', { name: '099 123 456' })).toHaveAttribute(
      'href',
      'tel:099123456',
    )
    expect(within(card).getByText('Envío a domicilio')).toBeInTheDocument()
    expect(within(card).getByText('Bv. Artigas 1500, apto 3')).toBeInTheDocument()
    expect(within(card).getByText('Transferencia bancaria')).toBeInTheDocument()
    expect(within(card).getByText('Tocar timbre 2')).toBeInTheDocument()
    expect(within(card).getByText(T.historyCreated)).toBeInTheDocument()
    expect(within(card).getByText('Pagó por transferencia')).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])

    await ui.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(view.location()).toBe('/admin/pedidos')
  })

  it('opens an order given in the address even when it is not on the page shown', async () => {
    const order = makeOrder({ code: 'P-9999' })
    const { fake } = open(`/admin/pedidos?pedido=${order._id}`, {
      'GET /api/orders': () => ({ body: listReply([makeOrder()]) }),
      [`GET /api/orders/${order._id}`]: () => ({ body: order }),
    })
    expect(await screen.findByRole('button', { name: /Ocultar el pedido P-9999/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(fake.callsTo(`GET /api/orders/${order._id}`)).toHaveLength(1)
  })

  it('offers only the allowed next statuses and sends the chosen one', async () => {
    let current = makeOrder({ code: 'P-7K3Q' })
    const { fake, ui } = open(`/admin/pedidos?pedido=${current._id}`, {
      'GET /api/orders': () => ({ body: listReply([current]) }),
      [`PATCH /api/orders/${current._id}`]: (call) => {
        current = { ...current, status: (call.body as { status: 'confirmado' }).status }
        return { body: current }
      },
    })
    await screen.findByRole('button', { name: 'Marcar como «Confirmado»' })
    expect(screen.queryByRole('button', { name: /Entregado/ })).toBeNull()
    expect(screen.getByRole('button', { name: T.cancelOrder })).toBeInTheDocument()

    await ui.click(screen.getByRole('button', { name: 'Marcar como «Confirmado»' }))
    await waitFor(() => expect(fake.callsTo(`PATCH /api/orders/${current._id}`)).toHaveLength(1))
    expect(fake.callsTo(`PATCH /api/orders/${current._id}`)[0]?.body).toEqual({
      status: 'confirmado',
    })
    expect(await screen.findByText(ORDER_MESSAGES.updated)).toBeInTheDocument()
    // Refetched: a confirmed order goes on to ready or sent.
    expect(
      await screen.findByRole('button', { name: 'Marcar como «Listo para retirar»' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Marcar como «Enviado»' })).toBeInTheDocument()
  })

  it('asks before "Entregado", a status with no way back (issue 41)', async () => {
    let current = makeOrder({ code: 'P-9X2M', status: 'enviado' })
    const { fake, ui } = open(`/admin/pedidos?pedido=${current._id}`, {
      'GET /api/orders': () => ({ body: listReply([current]) }),
      [`PATCH /api/orders/${current._id}`]: (call) => {
        current = { ...current, status: (call.body as { status: 'entregado' }).status }
        return { body: current }
      },
    })
    await ui.click(await screen.findByRole('button', { name: 'Marcar como «Entregado»' }))
    let dialog = await screen.findByRole('alertdialog', {
      name: ORDER_FINAL_TEXTS.title('P-9X2M', 'Entregado'),
    })
    expect(dialog).toHaveTextContent(ORDER_FINAL_TEXTS.description)
    expect(await axeViolations(dialog)).toEqual([])
    await ui.click(within(dialog).getByRole('button', { name: ORDER_FINAL_TEXTS.keep }))
    expect(fake.callsTo(`PATCH /api/orders/${current._id}`)).toHaveLength(0)

    await ui.click(screen.getByRole('button', { name: 'Marcar como «Entregado»' }))
    dialog = await screen.findByRole('alertdialog')
    await ui.click(
      within(dialog).getByRole('button', { name: ORDER_FINAL_TEXTS.confirm('Entregado') }),
    )
    await waitFor(() => expect(fake.callsTo(`PATCH /api/orders/${current._id}`)).toHaveLength(1))
    expect(fake.callsTo(`PATCH /api/orders/${current._id}`)[0]?.body).toEqual({
      status: 'entregado',
    })
    expect(await screen.findByText(T.noActions)).toBeInTheDocument()
  })

  it('closes a delivered order to changes', async () => {
    const order = makeOrder({ status: 'entregado' })
    open(`/admin/pedidos?pedido=${order._id}`, {
      'GET /api/orders': () => ({ body: listReply([order]) }),
    })
    expect(await screen.findByText(T.noActions)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: T.cancelOrder })).toBeNull()
  })

  it('cancels with a required reason, in a dialog', async () => {
    const order = makeOrder({ code: 'P-7K3Q' })
    const { fake, ui } = open(`/admin/pedidos?pedido=${order._id}`, {
      'GET /api/orders': () => ({ body: listReply([order]) }),
      [`PATCH /api/orders/${order._id}`]: () => ({ body: { ...order, status: 'cancelado' } }),
    })
    await ui.click(await screen.findByRole('button', { name: T.cancelOrder }))
    const dialog = await screen.findByRole('dialog', { name: T.cancelTitle('P-7K3Q') })
    await ui.click(within(dialog).getByRole('button', { name: T.cancelConfirm }))
    expect(await within(dialog).findByText(ORDER_MESSAGES.cancelReasonRequired)).toBeInTheDocument()
    expect(fake.callsTo(`PATCH /api/orders/${order._id}`)).toHaveLength(0)

    await ui.type(within(dialog).getByLabelText(`${T.cancelReason}*`), 'Sin stock')
    await ui.click(within(dialog).getByRole('button', { name: T.cancelConfirm }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fake.callsTo(`PATCH /api/orders/${order._id}`)[0]?.body).toEqual({
      status: 'cancelado',
      reason: 'Sin stock',
    })
  })

  it('saves an internal note, asking for one and keeping it under the limit', async () => {
    const order = makeOrder()
    const { fake, ui } = open(`/admin/pedidos?pedido=${order._id}`, {
      'GET /api/orders': () => ({ body: listReply([order]) }),
      [`PATCH /api/orders/${order._id}`]: () => ({ body: order }),
    })
    const note = await screen.findByLabelText(T.noteLabel)
    await ui.click(screen.getByRole('button', { name: T.noteSave }))
    expect(await screen.findByText(ORDER_MESSAGES.updateEmpty)).toBeInTheDocument()
    fireEvent.change(note, { target: { value: 'x'.repeat(1001) } })
    await ui.click(screen.getByRole('button', { name: T.noteSave }))
    expect(await screen.findByText(ORDER_MESSAGES.noteMax)).toBeInTheDocument()
    expect(fake.callsTo(`PATCH /api/orders/${order._id}`)).toHaveLength(0)

    await ui.clear(note)
    await ui.type(note, 'Retira el sábado')
    await ui.click(screen.getByRole('button', { name: T.noteSave }))
    await waitFor(() => expect(fake.callsTo(`PATCH /api/orders/${order._id}`)).toHaveLength(1))
    expect(fake.callsTo(`PATCH /api/orders/${order._id}`)[0]?.body).toEqual({
      note: 'Retira el sábado',
    })
    expect(await screen.findByText(T.noteSaved)).toBeInTheDocument()
    await waitFor(() => expect(note).toHaveValue(''))
  })

  it('shows the message of a 409 and refetches the list', async () => {
    const order = makeOrder()
    const refused = ORDER_MESSAGES.transitionRefused('Cancelado', 'Confirmado')
    const { fake, ui } = open(`/admin/pedidos?pedido=${order._id}`, {
      'GET /api/orders': () => ({ body: listReply([order]) }),
      [`PATCH /api/orders/${order._id}`]: () =>
        json(409, { statusCode: 409, error: 'Conflict', message: refused }),
    })
    await ui.click(await screen.findByRole('button', { name: 'Marcar como «Confirmado»' }))
    expect(await screen.findByText(refused)).toBeInTheDocument()
    await waitFor(() => expect(fake.callsTo('GET /api/orders').length).toBeGreaterThan(1))
  })

  it('shows the 409 of a confirmation without enough stock, naming the variant (issue 25)', async () => {
    const order = makeOrder()
    const refused = VARIANT_MESSAGES.confirmOutOfStock(nameWithVariant('Buzo canguro', 'M / Azul'))
    const { ui } = open(`/admin/pedidos?pedido=${order._id}`, {
      'GET /api/orders': () => ({ body: listReply([order]) }),
      [`PATCH /api/orders/${order._id}`]: () =>
        json(409, { statusCode: 409, error: 'Conflict', message: refused }),
    })
    await ui.click(await screen.findByRole('button', { name: 'Marcar como «Confirmado»' }))
    expect(
      await screen.findByText(
        'No hay stock suficiente de Buzo canguro (M / Azul) para confirmar el pedido',
      ),
    ).toBeInTheDocument()
  })

  it('an open order’s headings go down one level at a time (h1, the list’s h2, its sections’ h3)', async () => {
    const order = makeOrder()
    open(`/admin/pedidos?pedido=${order._id}`, {
      'GET /api/orders': () => ({ body: listReply([order]) }),
    })
    await screen.findByRole('link', {
      name: WHATSAPP_STATUS_TEXTS.linkLabel(ORDER_STATUS_LABELS.nuevo),
    })
    const main = screen.getByRole('main')
    const levels = within(main)
      .getAllByRole('heading')
      .map((h) => Number(h.tagName.slice(1)))
    expect(levels[0]).toBe(1)
    expect(within(main).getByRole('heading', { level: 2, name: T.listHeading })).toBeInTheDocument()
    levels.forEach((level, i) => {
      if (i > 0) expect(level - levels[i - 1]!, `heading ${i}: h${level}`).toBeLessThanOrEqual(1)
    })
  })

  it('shows the agency and the tracking code with the carrier’s link, as the shopper sees them', async () => {
    const order = makeOrder({
      status: 'enviado',
      delivery: {
        method: 'delivery',
        address: 'DAC Salto, Uruguay 651',
        detail: { kind: 'agency', agency: 'DAC', payAtDestination: true },
        tracking: {
          carrier: 'DAC',
          code: 'DAC123',
          url: 'https://www.dac.com.uy/envios/rastrear?guia=DAC123',
        },
      },
    })
    open(`/admin/pedidos?pedido=${order._id}`, {
      'GET /api/orders': () => ({ body: listReply([order]) }),
    })
    expect(
      await screen.findByText(
        `${DELIVERY_TEXTS.detailAgency('DAC')} · ${DELIVERY_TEXTS.payAtDestination}`,
      ),
    ).toBeInTheDocument()
    expect(screen.getByText(DELIVERY_TEXTS.trackingWith('DAC', 'DAC123'))).toBeInTheDocument()
    expect(screen.getByRole('link', { name: DELIVERY_TEXTS.trackingLink })).toHaveAttribute(
      'href',
      'https://www.dac.com.uy/envios/rastrear?guia=DAC123',
    )
  })

  it('opens WhatsApp to the customer with the message of the status', async () => {
    const order = makeOrder()
    open(`/admin/pedidos?pedido=${order._id}`, {
      'GET /api/orders': () => ({ body: listReply([order]) }),
    })
    // One place only (issue 44 §3: the section of links per status; the old button is gone).
    const link = await screen.findByRole('link', {
      name: WHATSAPP_STATUS_TEXTS.linkLabel(ORDER_STATUS_LABELS.nuevo),
    })
    expect(screen.getAllByRole('link', { name: /WhatsApp/ })).toEqual([link])
    expect(link).toHaveAttribute(
      'href',
      `https://wa.me/59899123456?text=${encodeURIComponent(orderStatusWhatsappText(order, 'nuevo', ''))}`,
    )
    expect(link).toHaveAttribute('target', '_blank')
  })
})

describe('CSV export', () => {
  afterEach(() => vi.useRealTimers())

  it('checks the dates with the contracts messages, then downloads the file with the token', async () => {
    const created: Blob[] = []
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob)
      return 'blob:csv'
    }
    URL.revokeObjectURL = () => {}
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this)
    })
    const csv = '\uFEFFcódigo;fecha\nP-7K3Q;2026-11-20\n'
    const { fake, ui } = open('/admin/pedidos', {
      'GET /api/orders': () => ({ body: listReply([makeOrder()]) }),
      'GET /api/orders/export.csv': () =>
        new Response(new TextEncoder().encode(csv), {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        }),
    })
    const from = await screen.findByLabelText(T.exportFrom)
    const to = screen.getByLabelText(T.exportTo)
    const download = screen.getByRole('button', { name: T.exportSubmit })

    fireEvent.change(from, { target: { value: '' } })
    await ui.click(download)
    expect(await screen.findByText(ORDER_MESSAGES.dateInvalid)).toBeInTheDocument()

    fireEvent.change(from, { target: { value: '2026-11-20' } })
    fireEvent.change(to, { target: { value: '2026-11-01' } })
    await ui.click(download)
    expect(await screen.findByText(ORDER_MESSAGES.rangeInvalid)).toBeInTheDocument()

    fireEvent.change(from, { target: { value: '2024-01-01' } })
    fireEvent.change(to, { target: { value: '2026-11-01' } })
    await ui.click(download)
    expect(await screen.findByText(ORDER_MESSAGES.rangeTooLong)).toBeInTheDocument()
    expect(fake.callsTo('GET /api/orders/export.csv')).toHaveLength(0)

    fireEvent.change(from, { target: { value: '2026-11-01' } })
    fireEvent.change(to, { target: { value: '2026-11-20' } })
    await ui.click(download)
    await waitFor(() => expect(clicked).toHaveLength(1))
    const [call] = fake.callsTo('GET /api/orders/export.csv')
    expect(query(call)).toEqual({ from: '2026-11-01', to: '2026-11-20' })
    expect(call?.headers.authorization).toBe('Bearer access-1')
    expect(clicked[0]?.download).toBe('pedidos-2026-11-01-a-2026-11-20.csv')
    expect(clicked[0]?.getAttribute('href')).toBe('blob:csv')
    // The bytes as sent: the BOM that makes Excel read UTF-8 is kept.
    const bytes = new Uint8Array(await created[0]!.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('says why when the export fails', async () => {
    const { ui } = open('/admin/pedidos', {
      'GET /api/orders': () => ({ body: listReply([makeOrder()]) }),
      'GET /api/orders/export.csv': () =>
        json(400, { statusCode: 400, error: 'Bad Request', message: ORDER_MESSAGES.rangeTooLong }),
    })
    await ui.click(await screen.findByRole('button', { name: T.exportSubmit }))
    expect(await screen.findByText(T.exportFailed)).toBeInTheDocument()
    expect(screen.getByText(ORDER_MESSAGES.rangeTooLong)).toBeInTheDocument()
  })
})

describe('new orders badge', () => {
  it('shows the new orders in the owner menu and on the dashboard, hidden at 0, refreshed on focus', async () => {
    let nuevo = 3
    const { fake, ui } = open('/admin/mi-negocio', {
      'GET /api/orders/counts': () => ({ body: { counts: counts({ nuevo }) } }),
      [`GET /api/products/${BUSINESS_ID}/business`]: () => ({
        body: { items: [], total: 0, page: 1, pageSize: 12, totalPages: 0 },
      }),
    })
    // The dashboard's route module may load cold here (the first test to open it).
    expect(
      await screen.findByRole('link', { name: 'Pedidos, 3 nuevos' }, { timeout: 15_000 }),
    ).toHaveAttribute('href', '/admin/pedidos')
    await ui.click(await screen.findByRole('button', { name: /Menú de Ana \(Pedidos, 3 nuevos\)/ }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Pedidos, 3 nuevos' })).toHaveAttribute(
      'href',
      '/admin/pedidos',
    )
    await ui.keyboard('{Escape}')

    nuevo = 0
    const before = fake.callsTo('GET /api/orders/counts').length
    act(() => {
      focusManager.setFocused(false)
      focusManager.setFocused(true)
    })
    await waitFor(() =>
      expect(fake.callsTo('GET /api/orders/counts').length).toBeGreaterThan(before),
    )
    expect(await screen.findByRole('link', { name: 'Pedidos' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /nuevos/ })).toBeNull()
    act(() => focusManager.setFocused(undefined))
  })

  it('shows them in the mobile menu too', async () => {
    const { ui } = open('/admin/pedidos', {
      'GET /api/orders/counts': () => ({ body: { counts: counts({ nuevo: 1 }) } }),
      'GET /api/orders': () => ({ body: listReply([makeOrder()]) }),
    })
    await screen.findByRole('heading', { level: 1, name: T.ordersTitle })
    await ui.click(screen.getByRole('button', { name: 'Abrir menú' }))
    expect(await screen.findByRole('link', { name: 'Pedidos, 1 nuevo' })).toHaveAttribute(
      'href',
      '/admin/pedidos',
    )
  })

  // Issue 41: no business, no orders to count — not asked at all (it was a console 404 on every
  // page), and the business itself is asked once across the page's parts.
  it('shows no badge to a user without a business, and does not ask for the counts', async () => {
    signInOwner()
    const fake = installFakeApi({
      'GET /api/businesses/user/me': () => ({ body: null }),
      'GET /api/orders/counts': () =>
        json(404, { statusCode: 404, error: 'Not Found', message: 'x' }),
    })
    renderApp('/plataforma/planes')
    const trigger = await screen.findByRole('button', { name: 'Menú de Ana' })
    await waitFor(() => expect(fake.callsTo('GET /api/businesses/user/me')).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(fake.callsTo('GET /api/orders/counts')).toHaveLength(0)
    expect(fake.callsTo('GET /api/businesses/user/me')).toHaveLength(1)
    expect(trigger).toHaveAccessibleName('Menú de Ana')
  })
})

// Issue 44 §2
describe('shipping an order with a tracking code (issue 44 §2)', () => {
  it('asks for the carrier and code, refuses a carrier without code, and sends both', async () => {
    let current = makeOrder({
      code: 'P-AG44',
      status: 'confirmado',
      delivery: {
        method: 'delivery',
        address: 'DAC Salto centro',
        detail: { kind: 'agency', agency: 'DAC', payAtDestination: true },
      },
    })
    const { fake, ui } = open(`/admin/pedidos?pedido=${current._id}`, {
      'GET /api/orders': () => ({ body: listReply([current]) }),
      [`PATCH /api/orders/${current._id}`]: (call) => {
        current = { ...current, status: 'enviado' }
        return { body: { ...current, ...(call.body as object) } }
      },
    })
    // The orders screen's route module may load cold (the first test to open it).
    await ui.click(
      await screen.findByRole('button', { name: 'Marcar como «Enviado»' }, { timeout: 15_000 }),
    )
    const dialog = await screen.findByRole('dialog', { name: DELIVERY_TEXTS.shipTitle('P-AG44') })
    const carrier = within(dialog).getByLabelText(DELIVERY_TEXTS.carrierLabel)
    expect(carrier).toHaveValue('DAC')
    expect(await axeViolations(dialog)).toEqual([])
    const submit = within(dialog).getByRole('button', { name: 'Marcar como «Enviado»' })
    await ui.click(submit)
    expect(
      await within(dialog).findByText(DELIVERY_SETTINGS_MESSAGES.trackingCodeRequired),
    ).toBeInTheDocument()
    expect(fake.callsTo(`PATCH /api/orders/${current._id}`)).toHaveLength(0)
    await ui.type(within(dialog).getByLabelText(DELIVERY_TEXTS.trackingCode), 'AB123')
    await ui.click(submit)
    await waitFor(() => expect(fake.callsTo(`PATCH /api/orders/${current._id}`)).toHaveLength(1))
    expect(fake.callsTo(`PATCH /api/orders/${current._id}`)[0]?.body).toEqual({
      status: 'enviado',
      tracking: { carrier: 'DAC', code: 'AB123' },
    })
  })
})

describe('/admin/pedidos: the online payment (issue 43 §4)', () => {
  it('shows each order’s payment state and filters by it through the address', async () => {
    const paid = makeOrder({
      payment: { type: 'mercadopago' },
      onlinePayment: {
        status: 'aprobado',
        label: 'Pago aprobado',
        paymentId: '1301',
        mayPay: false,
      },
    })
    const { fake, ui } = open('/admin/pedidos?pago=aprobado', {
      'GET /api/orders': () => ({ body: listReply([paid]) }),
    })
    const card = await screen.findByRole('article', { name: new RegExp(paid.code) })
    expect(within(card).getByText('Pago aprobado')).toBeInTheDocument()
    expect(query(fake.callsTo('GET /api/orders')[0])).toMatchObject({ payment: 'aprobado' })
    const select = screen.getByRole('combobox', { name: PAYMENT_SETTINGS_TEXTS.ordersFilterLabel })
    expect(select).toHaveValue('aprobado')
    await ui.selectOptions(select, 'reembolsado')
    await waitFor(() =>
      expect(query(fake.callsTo('GET /api/orders').at(-1))).toMatchObject({
        payment: 'reembolsado',
      }),
    )
    await ui.selectOptions(select, PAYMENT_SETTINGS_TEXTS.ordersFilterAll)
    await waitFor(() =>
      expect(query(fake.callsTo('GET /api/orders').at(-1)).payment).toBeUndefined(),
    )
    expect(await axeViolations()).toEqual([])
  })
})
