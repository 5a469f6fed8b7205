export {
  enqueueMail,
  enqueueShopperMail,
  isSuppressed,
  SHOPPER_MAIL_PREFIX,
  type OutgoingMail,
} from './outbox.js'
export { createMailSender, type DeliveryReport, type MailSender } from './sender.js'
export { escapeHtml } from './html.js'
export { renderMail, TOKEN_PLACEHOLDER, type RenderedMail } from './render.js'
export { default as mailPlugin } from './plugin.js'
