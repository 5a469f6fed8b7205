export { enqueueMail, type OutgoingMail } from './outbox.js'
export { createMailSender, type DeliveryReport, type MailSender } from './sender.js'
export { escapeHtml } from './html.js'
export { default as mailPlugin } from './plugin.js'
