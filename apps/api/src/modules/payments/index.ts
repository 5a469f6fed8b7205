/** The payments module's public face (issue 43, ADR 037). */
export { default as paymentsPlugin } from './plugin.js'
export { default as paymentRoutes } from './routes.js'
export { checkDuePayments, applyPayment, SIGNATURE_TOLERANCE_S } from './service.js'
// Issue 43 §5 (ADR 040): the plans module's subscriptions call Mercado Pago and verify its
// notifications with the same code.
export { call as callMercadoPago, MercadoPagoError, type MercadoPagoSettings } from './client.js'
export { verifyWebhookSignature } from './crypto.js'
export { notificationOf, notificationQuerySchema } from './notification.js'
