/**
 * A tiny SMTP server on loopback for delivery tests (EHLO, MAIL, RCPT, DATA, QUIT — enough for
 * nodemailer, no network).
 */
import { once } from 'node:events'
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  data: string
}

/**
 * A loopback SMTP server that accepts (or, while `rejectRecipients`, refuses) every mail;
 * `delayMs` holds each mail's final reply that long, as a slow server would.
 */
export async function startSmtpServer(options: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = []
  const sockets = new Set<Socket>()
  const state = { rejectRecipients: false }
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.setEncoding('utf8')
    const reply = (line: string) => socket.write(`${line}\r\n`)
    let buffer = ''
    let inData = false
    let mail: ReceivedMail = { from: '', to: [], data: '' }
    reply('220 localhost ESMTP prueba')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      let end: number
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            const done = mail
            mail = { from: '', to: [], data: '' }
            const accept = () => {
              received.push(done)
              reply('250 2.0.0 Ok: queued')
            }
            if (options.delayMs) setTimeout(accept, options.delayMs)
            else accept()
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`
          }
          continue
        }
        const verb = line.split(' ')[0]?.toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost')
        else if (verb === 'MAIL') {
          mail.from = line.slice(10)
          reply('250 2.1.0 Ok')
        } else if (verb === 'RCPT') {
          if (state.rejectRecipients) reply('550 5.1.1 Buzón no disponible')
          else {
            mail.to.push(line.slice(8))
            reply('250 2.1.5 Ok')
          }
        } else if (verb === 'DATA') {
          inData = true
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 Ok')
        else if (verb === 'QUIT') {
          reply('221 Bye')
          socket.end()
        } else reply('502 5.5.2 Command not recognized')
      }
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    async close() {
      for (const socket of sockets) socket.destroy()
      server.close()
      await once(server, 'close')
    },
  }
}
