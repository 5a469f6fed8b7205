/**
 * `app.mail`: the outbox sender, started with the app and stopped on close. Modules write mail with
 * `enqueueMail(tx, ...)` inside their transaction and call `app.mail.wake()` after the commit.
 */
import fp from 'fastify-plugin'
import { createMailSender, type MailSender } from './sender.js'

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender
  }
}

export default fp(
  async (app) => {
    const sender = createMailSender({
      db: app.db,
      log: app.log.child({ module: 'mail' }),
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      // Issue 44 §3: a shopper's mail carries its order page's token (its own HMAC prefix).
      deriveToken: (tokenId, purpose) =>
        purpose === 'order'
          ? app.tokens.deriveOrderToken(tokenId)
          : app.tokens.deriveMailToken(tokenId),
    })
    app.decorate('mail', sender)
    app.addHook('onReady', async () => sender.start())
    app.addHook('onClose', async () => sender.close())
  },
  { name: 'mail', dependencies: ['config', 'database', 'auth'] },
)
