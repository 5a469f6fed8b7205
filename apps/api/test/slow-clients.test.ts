/**
 * Issue 22 §2: a client that sends its request slowly (slowloris) or idles on a kept-alive
 * connection is cut within the configured time (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS,
 * KEEP_ALIVE_TIMEOUT_MS). Before, the limits were set after the server existed and Node checked
 * them every 30 s: a trickled request lived 42–90 s against a 30 s limit.
 *
 * Raw sockets against a listening server; no database work, so this runs in the PGlite project only.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp } from './helpers/app.js'
import { testEngine } from './helpers/database.js'

const HEADERS_MS = 400
const REQUEST_MS = 800
const KEEP_ALIVE_MS = 300
/** Longest wait for a cut before the test calls it a failure. */
const GIVE_UP_MS = 3_000

describe.runIf(testEngine === 'pglite')('slow clients', () => {
  let server: Awaited<ReturnType<typeof startTestApp>>
  let port: number
  beforeAll(async () => {
    server = await startTestApp({
      HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
    })
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    port = (server.app.server.address() as net.AddressInfo).port
  })
  afterAll(() => server.stop())

  /**
   * Opens a connection, sends `first`, then `drip` every 100 ms until the server closes it.
   * Resolves with the milliseconds from connecting to the close, and what the server sent.
   */
  function until(first: string, drip?: string) {
    return new Promise<{ ms: number; received: string }>((resolve, reject) => {
      const started = performance.now()
      let received = ''
      const socket = net.connect(port, '127.0.0.1', () => socket.write(first))
      const dripper = drip ? setInterval(() => socket.write(drip), 100) : undefined
      const giveUp = setTimeout(() => {
        socket.destroy()
        reject(new Error(`still open after ${GIVE_UP_MS} ms`))
      }, GIVE_UP_MS)
      socket.on('data', (chunk) => (received += chunk.toString()))
      socket.on('error', () => {})
      socket.on('close', () => {
        clearInterval(dripper)
        clearTimeout(giveUp)
        resolve({ ms: performance.now() - started, received })
      })
    })
  }

  it('creates the HTTP server with the configured limits', () => {
    expect(server.app.server.headersTimeout).toBe(HEADERS_MS)
    expect(server.app.server.requestTimeout).toBe(REQUEST_MS)
    expect(server.app.server.keepAliveTimeout).toBe(KEEP_ALIVE_MS)
  })

  it('cuts a client that trickles its headers after HEADERS_TIMEOUT_MS', async () => {
    const { ms } = await until('GET /api/health HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n')
    expect(ms).toBeGreaterThanOrEqual(HEADERS_MS - 50)
    expect(ms).toBeLessThan(HEADERS_MS + 500)
  })

  it('cuts a client that trickles its body after REQUEST_TIMEOUT_MS, with a 408', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1000\r\n\r\n{'
    const { ms, received } = await until(head, ' ')
    expect(received).toMatch(/^HTTP\/1\.1 408/)
    expect(ms).toBeGreaterThanOrEqual(REQUEST_MS - 50)
    expect(ms).toBeLessThan(REQUEST_MS + 500)
  })

  it('closes a kept-alive connection left idle after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const { ms, received } = await until('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n')
    expect(received).toMatch(/^HTTP\/1\.1 200/)
    expect(received).toMatch(/^keep-alive: timeout=0\b/im) // what the client is told: 0.3 s
    // Node closes the socket a fixed second after the advertised time, so that a client's request
    // sent just in time is not cut (HTTP_SERVER_KEEP_ALIVE_TIMEOUT_BUFFER).
    expect(ms).toBeGreaterThanOrEqual(KEEP_ALIVE_MS + 1_000 - 50)
    expect(ms).toBeLessThan(KEEP_ALIVE_MS + 1_000 + 500)
  })
})
