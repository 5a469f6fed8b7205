/**
 * Issue 27 §1: downloading an image named in a spreadsheet without letting the sheet reach our
 * own network (SSRF; docs/decisions/028). Only http and https; the host is resolved here and every
 * address it resolves to must be public unicast (no private, loopback, link-local, unique-local,
 * multicast, unspecified, CGNAT, documentation, NAT64/6to4/Teredo, IPv4-translated or
 * IPv4-mapped private address); the socket connects to the address that was checked (a custom `lookup`, so a second
 * DNS answer cannot swap it — DNS rebinding); redirects are followed by hand, at most 3, each hop
 * checked again; the whole download has a deadline and a byte cap enforced while reading.
 * Issue 40 §4: past a grace period, a transfer that brings fewer than `minBytesPerSecond` over a
 * window (waiting for the answer included) is given up at once, not at the deadline.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { API_MESSAGES, IMPORT_MESSAGES } from '@vitrina/contracts'

export class FetchRefused extends Error {
  override name = 'FetchRefused'
}

const BLOCKED = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT; issue 40 §5): a translator sends it on to IPv4
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6')
}

/**
 * IPv4-mapped, ::ffff:0:0/96 (issue 40 §5). A mapped address is checked as the IPv4 it carries
 * (`unmapped`); one still IPv6 after that is refused whole. Kept apart from BLOCKED because
 * Node's BlockList matches every IPv4 address against an IPv6 rule for this range.
 */
const MAPPED = new BlockList()
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6')

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1, or its hex form) as the IPv4 it carries. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const lower = address.toLowerCase()
  const dotted = /^(?:0{0,4}:){0,5}ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower.replace(/^::/, '0:'))
  if (dotted) return { address: dotted[1]!, family: 'ipv4' }
  const hex = /^(?:0{0,4}:){0,5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(
    lower.replace(/^::/, '0:'),
  )
  if (hex) {
    const hi = parseInt(hex[1]!, 16)
    const lo = parseInt(hex[2]!, 16)
    return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 'ipv4' }
  }
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' }
}

export interface SafeFetchOptions {
  /** Whole download, all hops (ms). */
  timeoutMs: number
  maxBytes: number
  maxRedirects: number
  /** Below this rate over each `rateWindowMs`, after `rateGraceMs`, the transfer is aborted. */
  minBytesPerSecond?: number
  rateWindowMs?: number
  rateGraceMs?: number
  /** Test-only (IMPORT_FETCH_ALLOW_LOOPBACK): loopback addresses pass; never by default. */
  allowLoopback: boolean
  /** DNS resolution (tests give their own). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>
}

/** Whether an address may be connected to. */
export function isAllowedAddress(address: string, allowLoopback = false): boolean {
  const ip = unmapped(address)
  if (isIP(ip.address) === 0) return false
  if (allowLoopback && LOOPBACK.check(ip.address, ip.family)) return true
  if (ip.family === 'ipv6' && MAPPED.check(ip.address, 'ipv6')) return false
  return !BLOCKED.check(ip.address, ip.family)
}

const defaultResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true })

/** Resolves `host` and checks every answer; the first one is what the socket will use. */
async function checkedAddress(host: string, options: SafeFetchOptions) {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host
  const answers = isIP(bare)
    ? [{ address: bare, family: isIP(bare) }]
    : await (options.resolve ?? defaultResolve)(bare).catch(() => {
        throw new FetchRefused(IMPORT_MESSAGES.imageUnreachable)
      })
  if (answers.length === 0) throw new FetchRefused(IMPORT_MESSAGES.imageUnreachable)
  if (answers.some((a) => !isAllowedAddress(a.address, options.allowLoopback))) {
    throw new FetchRefused(IMPORT_MESSAGES.imageBlocked)
  }
  return answers[0]!
}

function parseUrl(text: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(text, base)
  } catch {
    throw new FetchRefused(IMPORT_MESSAGES.imageUrlInvalid)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused(IMPORT_MESSAGES.imageUrlInvalid)
  }
  if (url.username || url.password) throw new FetchRefused(IMPORT_MESSAGES.imageBlocked)
  return url
}

function request(url: URL, pinned: { address: string; family: number }, signal: AbortSignal) {
  // The socket connects to the checked address whatever the name resolves to now.
  const lookup: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) {
      ;(callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        pinned,
      ])
    } else callback(null, pinned.address, pinned.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = client.get(url, {
      lookup,
      signal,
      headers: { accept: 'image/*', 'user-agent': 'Vitrina-import/1' },
      agent: false,
    })
    req.on('response', resolve)
    req.on('error', reject)
  })
}

async function readCapped(
  response: IncomingMessage,
  maxBytes: number,
  received: { bytes: number },
): Promise<Buffer> {
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    throw new FetchRefused(API_MESSAGES.fileTooLarge)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length
    received.bytes += chunk.length
    if (size > maxBytes) {
      response.destroy()
      throw new FetchRefused(API_MESSAGES.fileTooLarge)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** Downloads `text` under the rules above; FetchRefused carries the Spanish reason. */
export async function safeFetch(text: string, options: SafeFetchOptions): Promise<Buffer> {
  const deadline = AbortSignal.timeout(options.timeoutMs)
  const slow = new AbortController()
  const signal = AbortSignal.any([deadline, slow.signal])
  const received = { bytes: 0 }
  let watch: NodeJS.Timeout | undefined
  if (options.minBytesPerSecond) {
    const windowMs = options.rateWindowMs ?? 2_000
    const minBytes = (options.minBytesPerSecond * windowMs) / 1000
    const started = Date.now()
    let counted = 0
    watch = setInterval(() => {
      const fresh = received.bytes - counted
      counted = received.bytes
      if (Date.now() - started >= (options.rateGraceMs ?? 0) && fresh < minBytes) {
        slow.abort()
      }
    }, windowMs)
    watch.unref()
  }
  let url = parseUrl(text)
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await checkedAddress(url.hostname, options)
      const response = await request(url, pinned, signal)
      const status = response.statusCode ?? 0
      if ([301, 302, 303, 307, 308].includes(status)) {
        response.resume()
        const location = response.headers.location
        if (!location) throw new FetchRefused(IMPORT_MESSAGES.imageHttpStatus(status))
        if (hop >= options.maxRedirects) {
          throw new FetchRefused(IMPORT_MESSAGES.imageTooManyRedirects)
        }
        url = parseUrl(location, url)
        continue
      }
      if (status < 200 || status >= 300) {
        response.resume()
        throw new FetchRefused(IMPORT_MESSAGES.imageHttpStatus(status))
      }
      return await readCapped(response, options.maxBytes, received)
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error
    if (slow.signal.aborted && !deadline.aborted) {
      throw new FetchRefused(IMPORT_MESSAGES.imageTooSlow)
    }
    if (signal.aborted) throw new FetchRefused(IMPORT_MESSAGES.imageTimeout)
    throw new FetchRefused(IMPORT_MESSAGES.imageUnreachable)
  } finally {
    clearInterval(watch)
  }
}
