/**
 * `app.payments` and `app.onlinePayments` (issue 43, ADR 037): the payment service's
 * dependencies, the orders module's hook, and the jobs — every minute each process claims the
 * pending payments due to be asked about again (a lease on the order row: one process per
 * payment) and refreshes OAuth tokens close to expiry (a lease on the account row). Not started
 * under NODE_ENV=test: tests run a round with `checkDuePayments(app.payments)`.
 */
import { runPeriodically } from '../../lib/periodic.js'
import fp from 'fastify-plugin'
import type { OnlinePayments } from '../orders/service.js'
import {
  checkDuePayments,
  onlinePaymentsFor,
  refreshExpiring,
  type PaymentDeps,
} from './service.js'

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentDeps
    onlinePayments: OnlinePayments
  }
}

const ROUND_MS = 60_000

export default fp(
  async (app) => {
    const deps: PaymentDeps = {
      db: app.db,
      publicUrl: app.config.publicUrl,
      mp: app.config.mercadoPago,
      // Issue 46 §1: the shopper comes back to the order page on the shop's own domain.
      ...(app.hasDecorator('storefrontAddress')
        ? { storefrontAddress: (identifier: string) => app.storefrontAddress(identifier) }
        : {}),
    }
    app.decorate('payments', deps)
    app.decorate('onlinePayments', onlinePaymentsFor(deps))
    if (app.config.env === 'test') return

    runPeriodically(app, {
      everyMs: ROUND_MS,
      task: async () => {
        const [checked, refreshed] = await Promise.all([
          checkDuePayments(deps),
          refreshExpiring(deps),
        ])
        if (checked + refreshed > 0) app.log.debug({ checked, refreshed }, 'payments checked')
        if (checked > 0) app.mail.wake()
      },
      failure: 'payment checks failed',
    })
  },
  { name: 'payments', dependencies: ['config', 'database'] },
)
