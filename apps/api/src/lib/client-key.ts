/**
 * Who a request comes from, for counting (rate limits, insights' visitors): an IPv4 client is its
 * address; an IPv6 client is its /64, because one subscriber is usually given a whole /64 and can
 * take a new address in it for every request. An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is
 * the IPv4 it carries. Anything unparsable is returned as it came (lower-cased).
 */
import { isIPv4, isIPv6 } from 'node:net'

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 counts as two). */
function ipv6Groups(address: string): number[] | undefined {
  const [head = '', tail, extra] = address.split('::')
  if (extra !== undefined) return undefined
  const parse = (part: string): number[] => {
    if (!part) return []
    const groups: number[] = []
    for (const piece of part.split(':')) {
      if (isIPv4(piece)) {
        const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number]
        groups.push((a << 8) | b, (c << 8) | d)
      } else groups.push(parseInt(piece, 16))
    }
    return groups
  }
  const first = parse(head)
  const last = parse(tail ?? '')
  const missing = 8 - first.length - last.length
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined
  const groups = [...first, ...Array<number>(missing).fill(0), ...last]
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined
}

export function clientKey(ip: string): string {
  const address = ip.trim().toLowerCase().split('%')[0]!
  if (isIPv4(address) || !isIPv6(address)) return address
  const groups = ipv6Groups(address)
  if (!groups) return address
  // ::ffff:a.b.c.d — an IPv4 client seen through a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!]
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}
