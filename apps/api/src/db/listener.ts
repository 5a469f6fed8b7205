/**
 * LISTEN on PostgreSQL (issue 22 §3): one session of its own per process, outside the pool (a
 * pooled connection would be handed to requests and lose its LISTEN). It reconnects with back-off
 * when the connection drops, and a PING every 2 s notices a server that stopped answering without
 * closing the socket. Notifications sent while it was away are lost, so `onChange(true)` after a
 * reconnection tells the caller to assume it missed some (the read cache then drops everything).
 */
import pg from 'pg'

export interface ListenOptions {
  /** A fixed identifier of ours (letters, digits, `_`), never user input. */
  channel: string
  onMessage(payload: string): void
  /** Called when the session starts or stops listening. */
  onChange(listening: boolean): void
}

export interface Listener {
  close(): Promise<void>
}

export type ListenerFactory = (options: ListenOptions) => Listener

const PING_INTERVAL_MS = 2_000
const PING_TIMEOUT_MS = 1_000
const MAX_BACKOFF_MS = 2_000

export function listenPostgres(
  url: string,
  connectTimeoutMs: number | undefined,
  { channel, onMessage, onChange }: ListenOptions,
): Listener {
  if (!/^\w+$/.test(channel)) throw new Error(`invalid channel name: ${channel}`)
  let client: pg.Client | undefined
  let listening = false
  let closed = false
  let failures = 0
  let retry: NodeJS.Timeout | undefined

  /** Whether onChange was called yet (a first failure is news too). */
  let reported = false
  const setListening = (now: boolean) => {
    if (listening === now && reported) return
    reported = true
    listening = now
    onChange(now)
  }

  async function connect() {
    retry = undefined
    if (closed) return
    const session = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs ?? 2_000,
      query_timeout: PING_TIMEOUT_MS,
      keepAlive: true,
      // Tells it apart in pg_stat_activity (one per process, beside the pool).
      application_name: 'vitrina-listener',
    })
    client = session
    session.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload)
    })
    session.on('error', () => drop(session))
    session.on('end', () => drop(session))
    try {
      await session.connect()
      await session.query(`LISTEN ${channel}`)
      if (client !== session) return
      failures = 0
      setListening(true)
    } catch {
      drop(session)
    }
  }

  function drop(session: pg.Client) {
    if (client !== session) return
    client = undefined
    setListening(false)
    session.end().catch(() => {})
    if (closed) return
    failures += 1
    retry = setTimeout(() => void connect(), Math.min(100 * 2 ** (failures - 1), MAX_BACKOFF_MS))
    retry.unref()
  }

  const ping = setInterval(() => {
    const session = client
    if (session && listening) session.query('select 1').catch(() => drop(session))
  }, PING_INTERVAL_MS)
  ping.unref()

  void connect()
  return {
    async close() {
      closed = true
      clearInterval(ping)
      if (retry) clearTimeout(retry)
      const session = client
      client = undefined
      listening = false
      await session?.end().catch(() => {})
    },
  }
}
