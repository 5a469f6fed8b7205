/**
 * Database faults made with local sockets, so no test ever stops or firewalls a real server:
 *
 *   const port = await closedPort()            // nothing listens: "database stopped"
 *   const hole = await blackHole()             // accepts and never answers: "packets dropped"
 *   const proxy = await faultyProxy(5432)      // forwards to a real server until told otherwise
 *   proxy.setMode('blackhole'); …; proxy.setMode('pass')
 */
import net from 'node:net'

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as net.AddressInfo).port
}

async function closeServer(server: net.Server, sockets: Set<net.Socket>) {
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

/** A local port with nothing listening on it: connecting is refused at once. */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  const port = await listen(server)
  await closeServer(server, new Set())
  return port
}

export interface FakeServer {
  port: number
  close(): Promise<void>
}

/** Completes the TCP handshake, then swallows every byte and never answers nor closes. */
export async function blackHole(): Promise<FakeServer> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('data', () => {})
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  const port = await listen(server)
  return { port, close: () => closeServer(server, sockets) }
}

export type ProxyMode = 'pass' | 'blackhole' | 'refuse'

export interface FaultyProxy extends FakeServer {
  /**
   * pass: forward both ways. blackhole: keep every connection open but drop what either side
   * sends, and never reach the target for new ones. refuse: reset new and open connections.
   */
  setMode(mode: ProxyMode): void
}

/** A TCP proxy to `targetPort` on this machine whose link can be cut or black-holed at will. */
export async function faultyProxy(targetPort: number): Promise<FaultyProxy> {
  let mode: ProxyMode = 'pass'
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  }
  const server = net.createServer((client) => {
    track(client)
    if (mode === 'refuse') return void client.resetAndDestroy()
    if (mode === 'blackhole') return void client.on('data', () => {})
    const upstream = net.connect(targetPort, '127.0.0.1')
    track(upstream)
    client.on('data', (chunk) => {
      if (mode === 'pass') upstream.write(chunk)
    })
    upstream.on('data', (chunk) => {
      if (mode === 'pass') client.write(chunk)
    })
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const port = await listen(server)
  return {
    port,
    setMode(next) {
      mode = next
      if (next === 'refuse') for (const socket of sockets) socket.resetAndDestroy()
    },
    close: () => closeServer(server, sockets),
  }
}
