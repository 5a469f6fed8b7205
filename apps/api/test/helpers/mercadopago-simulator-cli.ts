/**
 * The Mercado Pago simulator as a process, for the e2e journeys (issue 43 §6): listens on
 * MERCADOPAGO_SIMULATOR_PORT with one account whose credentials the journey pastes, and the
 * platform's webhook secret the e2e server is given. `GET /` answers 200 (Playwright's
 * readiness check).
 *
 *   node --import tsx apps/api/test/helpers/mercadopago-simulator-cli.ts
 */
import { startMercadoPagoSimulator } from './mercadopago-simulator.js'

export const E2E_MERCADOPAGO = {
  webhookSecret: 'e2e-secreto-de-notificaciones',
  accessToken: 'APP_USR-e2e0000000000000-424242',
  publicKey: 'APP_USR-e2epublica000000000',
  /** Issue 43 §5: the platform's own account, billing Premium by subscription. */
  platformAccessToken: 'APP_USR-e2eplataforma000000-515151',
}

const port = Number(process.env.MERCADOPAGO_SIMULATOR_PORT ?? 4319)
const sim = await startMercadoPagoSimulator({
  webhookSecret: E2E_MERCADOPAGO.webhookSecret,
  port,
})
sim.addAccount({
  userId: 424242,
  firstName: 'Flor',
  lastName: 'de Ceibo',
  accessToken: E2E_MERCADOPAGO.accessToken,
  publicKey: E2E_MERCADOPAGO.publicKey,
})
sim.addAccount({
  userId: 515151,
  firstName: 'Vitrina',
  lastName: 'Plataforma',
  accessToken: E2E_MERCADOPAGO.platformAccessToken,
})
// Subscription notifications go where the application's panel says (the e2e server's route).
sim.subscriptionWebhookUrl = process.env.MERCADOPAGO_SIMULATOR_SUBSCRIPTION_WEBHOOK
console.info(`Mercado Pago simulator on ${sim.url}`)
const stop = () => void sim.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
