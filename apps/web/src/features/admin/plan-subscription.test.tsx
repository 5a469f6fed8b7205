/**
 * Issue 43 §5 on the owner's dashboard (ADR 040): «Pasar a Premium» offers the monthly Mercado
 * Pago subscription in pesos or dollars and sends the owner to authorize it; the plan panel
 * shows the subscription pending, active with its next charge, in grace after a failed charge
 * (a clear notice), cancelled with Premium until its date; «Cancelar suscripción» asks first.
 * axe at 375 and 1280 px.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  PLAN_TEXTS,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_TEXTS,
  formatPlanDate,
  type OwnerBusiness,
  type PlanSubscription,
} from '@vitrina/contracts'
import { mercadoPagoPage } from '../../api/plan'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { BUSINESS_ID, makeBusiness, makePlan, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const LIST = `GET /api/products/${BUSINESS_ID}/business`
const SUBSCRIPTION = `/api/businesses/${BUSINESS_ID}/plan/subscription`
const PAYMENT_INFO = {
  price: { uyu: 200, usd: 5 },
  months: [1, 3, 6, 12],
  instructions: { bankTransfer: 'BROU 001234567-00001, Vitrina SAS' },
  subscription: true,
}
const PAID_UNTIL = '2027-01-28T12:00:00.000Z'

function withSubscription(subscription: PlanSubscription, pro = true): OwnerBusiness {
  return makeBusiness({
    plan: makePlan(
      pro
        ? {
            requested: 'pro',
            effective: 'pro',
            paidUntil: PAID_UNTIL,
            usage: { limit: null },
            subscription,
          }
        : { subscription },
    ),
  })
}

function open(business: OwnerBusiness, routes: Parameters<typeof installFakeApi>[0] = {}) {
  signInOwner()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    [LIST]: () => ({ body: { items: [], total: 0, page: 1, pageSize: 12, priceMax: 0 } }),
    'GET /api/plans/payment': () => ({ body: PAYMENT_INFO }),
    ...routes,
  })
  renderApp('/admin/mi-negocio')
  return { fake, ui: userEvent.setup({ delay: null }) }
}

async function panel() {
  return within(await screen.findByTestId('suscripcion'))
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  window.innerWidth = 1024
})

describe('Premium by subscription, owner side (issue 43 §5)', () => {
  for (const width of [375, 1280]) {
    it(`offers the monthly subscription in dollars and sends the owner to Mercado Pago (${width} px)`, async () => {
      window.innerWidth = width
      window.dispatchEvent(new Event('resize'))
      const leave = vi.spyOn(mercadoPagoPage, 'open').mockImplementation(() => {})
      const { fake, ui } = open(makeBusiness(), {
        [`POST ${SUBSCRIPTION}`]: () => ({
          body: { url: 'https://mp.example/subscriptions/checkout?preapproval_id=abc' },
        }),
      })
      await ui.click(await screen.findByRole('button', { name: PLAN_TEXTS.upgrade }))
      const dialog = await screen.findByRole('dialog')
      const offer = within(
        await within(dialog).findByRole('region', { name: SUBSCRIPTION_TEXTS.title }),
      )
      expect(offer.getByText(SUBSCRIPTION_TEXTS.intro)).toBeInTheDocument()
      expect(offer.getByText(SUBSCRIPTION_TEXTS.orTransfer)).toBeInTheDocument()
      expect(
        offer.getByRole('radio', { name: SUBSCRIPTION_TEXTS.currencyOption('UYU') }),
      ).toBeChecked()
      expect(offer.getByText('$ 200 por mes (UYU)')).toBeInTheDocument()
      // The manual transfer stays beside it.
      expect(within(dialog).getByRole('button', { name: PLAN_TEXTS.submit })).toBeInTheDocument()
      expect(await axeViolations(dialog)).toEqual([])

      await ui.click(offer.getByRole('radio', { name: 'US$ 5 por mes (USD)' }))
      await ui.click(offer.getByRole('button', { name: SUBSCRIPTION_TEXTS.subscribe }))
      await waitFor(() =>
        expect(leave).toHaveBeenCalledWith(
          'https://mp.example/subscriptions/checkout?preapproval_id=abc',
        ),
      )
      expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ currency: 'USD' })
    })
  }

  it('says in Spanish when the subscription cannot start', async () => {
    const { ui } = open(makeBusiness(), {
      [`POST ${SUBSCRIPTION}`]: () => ({
        status: 503,
        body: { statusCode: 503, error: 'x', message: SUBSCRIPTION_MESSAGES.unavailable },
      }),
    })
    await ui.click(await screen.findByRole('button', { name: PLAN_TEXTS.upgrade }))
    await ui.click(await screen.findByRole('button', { name: SUBSCRIPTION_TEXTS.subscribe }))
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.subscribeFailed)).toBeInTheDocument()
    expect(screen.getByText(SUBSCRIPTION_MESSAGES.unavailable)).toBeInTheDocument()
  })

  it('shows a pending subscription with the way back to Mercado Pago', async () => {
    open(
      withSubscription(
        {
          status: 'pending',
          currency: 'UYU',
          amount: 20000,
          authorizeUrl: 'https://mp.example/subscriptions/checkout?preapproval_id=abc',
        },
        false,
      ),
    )
    const box = await panel()
    expect(box.getByText(SUBSCRIPTION_TEXTS.status.pending)).toBeInTheDocument()
    expect(box.getByText(SUBSCRIPTION_TEXTS.pendingDetail)).toBeInTheDocument()
    expect(box.getByRole('link', { name: SUBSCRIPTION_TEXTS.continueAuthorizing })).toHaveAttribute(
      'href',
      'https://mp.example/subscriptions/checkout?preapproval_id=abc',
    )
  })

  for (const width of [375, 1280]) {
    it(`shows the grace after a failed charge as a clear notice (${width} px)`, async () => {
      window.innerWidth = width
      window.dispatchEvent(new Event('resize'))
      open(
        withSubscription({
          status: 'authorized',
          currency: 'UYU',
          amount: 20000,
          lastPayment: { status: 'rejected', at: '2026-12-28T12:00:00.000Z' },
          graceUntil: '2027-01-04T12:00:00.000Z',
        }),
      )
      const box = await panel()
      const alert = box.getByRole('alert')
      expect(alert).toHaveTextContent(SUBSCRIPTION_TEXTS.graceTitle)
      expect(alert).toHaveTextContent(
        SUBSCRIPTION_TEXTS.graceDetail(formatPlanDate('2027-01-04T12:00:00.000Z')),
      )
      expect(await axeViolations(screen.getByTestId('plan-del-negocio'))).toEqual([])
    })
  }

  it('an active subscription shows its next charge, and the owner cancels it after confirming', async () => {
    const active = withSubscription({
      status: 'authorized',
      currency: 'USD',
      amount: 500,
      nextPaymentDate: '2027-01-28T12:00:00.000Z',
      lastPayment: { status: 'approved', at: '2026-11-28T12:00:00.000Z' },
    })
    const { fake, ui } = open(active, {
      [`DELETE ${SUBSCRIPTION}`]: () => ({
        body: withSubscription({ status: 'cancelled', currency: 'USD', amount: 500 }),
      }),
    })
    const box = await panel()
    expect(box.getByText(SUBSCRIPTION_TEXTS.status.authorized)).toBeInTheDocument()
    expect(box.getByText(SUBSCRIPTION_TEXTS.monthly('US$ 5'))).toBeInTheDocument()
    expect(
      box.getByText(SUBSCRIPTION_TEXTS.nextCharge(formatPlanDate('2027-01-28T12:00:00.000Z'))),
    ).toBeInTheDocument()
    // A live subscription is not offered again.
    await ui.click(screen.getByRole('button', { name: PLAN_TEXTS.renew }))
    const renew = await screen.findByRole('dialog')
    expect(within(renew).queryByText(SUBSCRIPTION_TEXTS.subscribe)).not.toBeInTheDocument()
    await ui.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await ui.click(box.getByRole('button', { name: SUBSCRIPTION_TEXTS.cancel }))
    const confirm = await screen.findByRole('dialog', { name: SUBSCRIPTION_TEXTS.cancelConfirm })
    expect(within(confirm).getByText(SUBSCRIPTION_TEXTS.cancelConfirmDetail)).toBeInTheDocument()
    expect(within(confirm).getByRole('button', { name: SUBSCRIPTION_TEXTS.keep })).toBeEnabled()
    expect(await axeViolations(confirm)).toEqual([])
    await ui.click(within(confirm).getByRole('button', { name: SUBSCRIPTION_TEXTS.cancel }))
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.cancelled)).toBeInTheDocument()
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(true)
    expect(
      await screen.findByText(SUBSCRIPTION_TEXTS.cancelledUntil(formatPlanDate(PAID_UNTIL))),
    ).toBeInTheDocument()
    expect(
      screen.queryByRole('button', { name: SUBSCRIPTION_TEXTS.cancel }),
    ).not.toBeInTheDocument()
  })

  it('a subscription paused at Mercado Pago says so and may still be cancelled', async () => {
    open(withSubscription({ status: 'paused', currency: 'UYU', amount: 20000 }))
    const box = await panel()
    expect(box.getByText(SUBSCRIPTION_TEXTS.status.paused)).toBeInTheDocument()
    expect(box.getByRole('button', { name: SUBSCRIPTION_TEXTS.cancel })).toBeInTheDocument()
  })

  it('says in Spanish when cancelling fails', async () => {
    const { ui } = open(
      withSubscription({ status: 'authorized', currency: 'UYU', amount: 20000 }),
      {
        [`DELETE ${SUBSCRIPTION}`]: () => ({
          status: 503,
          body: { statusCode: 503, error: 'x', message: SUBSCRIPTION_MESSAGES.unavailable },
        }),
      },
    )
    const box = await panel()
    await ui.click(box.getByRole('button', { name: SUBSCRIPTION_TEXTS.cancel }))
    const confirm = await screen.findByRole('dialog')
    await ui.click(within(confirm).getByRole('button', { name: SUBSCRIPTION_TEXTS.cancel }))
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.cancelFailed)).toBeInTheDocument()
  })
})
