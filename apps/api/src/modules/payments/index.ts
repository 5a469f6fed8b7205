/** The payments module's public face (issue 43, ADR 037). */
export { default as paymentsPlugin } from './plugin.js'
export { default as paymentRoutes } from './routes.js'
export { checkDuePayments, applyPayment, SIGNATURE_TOLERANCE_S } from './service.js'
