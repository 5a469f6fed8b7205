/**
 * A tiny authoritative DNS server on loopback for the custom domain tests (issue 46 §1): UDP,
 * one question per query, A / AAAA / CNAME / TXT answers hand-encoded (RFC 1035 §4), NXDOMAIN
 * for an unknown name, an empty answer for a known name without that type, and on demand a
 * SERVFAIL or no answer at all (a timeout). `queries` counts the questions per name.
 *
 *   const dns = await startDnsServer()
 *   dns.set('tienda.ejemplo.uy', { CNAME: 'vitrina.test' })
 *   loadConfig({ DNS_SERVERS: dns.address, … })
 */
import { createSocket, type RemoteInfo } from 'node:dgram'
import { isIPv6 } from 'node:net'

export interface Zone {
  A?: string[]
  AAAA?: string[]
  CNAME?: string
  TXT?: string[]
  /** Answer SERVFAIL, or nothing (the resolver times out). */
  fail?: 'servfail' | 'silent'
}

const TYPES = { A: 1, CNAME: 5, TXT: 16, AAAA: 28 } as const

function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .filter(Boolean)
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')]))
  return Buffer.concat([...parts, Buffer.from([0])])
}

function ipv6Bytes(address: string): Buffer {
  if (!isIPv6(address)) throw new Error(`not IPv6: ${address}`)
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = address.includes('::') && tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left
  const out = Buffer.alloc(16)
  groups.forEach((group, i) => out.writeUInt16BE(parseInt(group, 16), i * 2))
  return out
}

function readQuestion(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = []
  let offset = 12
  while (msg[offset] !== 0 && offset < msg.length) {
    const length = msg[offset] as number
    labels.push(msg.subarray(offset + 1, offset + 1 + length).toString('ascii'))
    offset += length + 1
  }
  offset += 1
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(offset), end: offset + 4 }
}

function rdataOf(zone: Zone, type: number): Buffer[] {
  switch (type) {
    case TYPES.A:
      return (zone.A ?? []).map((a) => Buffer.from(a.split('.').map(Number)))
    case TYPES.AAAA:
      return (zone.AAAA ?? []).map(ipv6Bytes)
    case TYPES.CNAME:
      return zone.CNAME ? [encodeName(zone.CNAME)] : []
    case TYPES.TXT:
      return (zone.TXT ?? []).map((text) => {
        const bytes = Buffer.from(text, 'utf8')
        return Buffer.concat([Buffer.from([bytes.length]), bytes])
      })
    default:
      return []
  }
}

/** On loopback, at `port` (0: any free one; the e2e journey's server is told a fixed one). */
export async function startDnsServer(port = 0) {
  const zones = new Map<string, Zone>()
  const queries = new Map<string, number>()
  const socket = createSocket('udp4')

  socket.on('message', (msg: Buffer, from: RemoteInfo) => {
    const question = readQuestion(msg)
    queries.set(question.name, (queries.get(question.name) ?? 0) + 1)
    const zone = zones.get(question.name)
    if (zone?.fail === 'silent') return
    const rcode = !zone ? 3 : zone.fail === 'servfail' ? 2 : 0
    const answers = zone && rcode === 0 ? rdataOf(zone, question.type) : []
    const header = Buffer.alloc(12)
    header.writeUInt16BE(msg.readUInt16BE(0), 0)
    header.writeUInt16BE(0x8400 | 0x0100 | rcode, 2) // QR, AA, RD copied, rcode
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(answers.length, 6)
    const records = answers.map((rdata) => {
      const rr = Buffer.alloc(12)
      rr.writeUInt16BE(0xc00c, 0) // the question's name
      rr.writeUInt16BE(question.type, 2)
      rr.writeUInt16BE(1, 4) // IN
      rr.writeUInt32BE(60, 6)
      rr.writeUInt16BE(rdata.length, 10)
      return Buffer.concat([rr, rdata])
    })
    const reply = Buffer.concat([header, msg.subarray(12, question.end), ...records])
    socket.send(reply, from.port, from.address)
  })

  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve))
  const bound = socket.address().port
  return {
    /** For DNS_SERVERS. */
    address: `127.0.0.1:${bound}`,
    set(name: string, zone: Zone) {
      zones.set(name.toLowerCase(), zone)
    },
    delete(name: string) {
      zones.delete(name.toLowerCase())
    },
    /** Questions asked about `name` so far. */
    queriesFor(name: string): number {
      return queries.get(name.toLowerCase()) ?? 0
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}

export type DnsServer = Awaited<ReturnType<typeof startDnsServer>>
