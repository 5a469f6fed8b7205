/**
 * Issue 27 §1: the SSRF guard of imported image URLs (modules/catalogue-io/safe-fetch.ts). No
 * private, loopback, link-local or otherwise internal address is ever connected to, whether
 * named directly, through a host name, or through a redirect; loopback passes only with the
 * test-only flag, used here to reach a local server.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_MESSAGES, IMPORT_MESSAGES } from '@vitrina/contracts'
import { loadConfig } from '../src/config.js'
import {
  FetchRefused,
  isAllowedAddress,
  safeFetch,
  type SafeFetchOptions,
} from '../src/modules/catalogue-io/safe-fetch.js'

const STRICT: SafeFetchOptions = {
  timeoutMs: 2_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
  allowLoopback: false,
}
const LOCAL: SafeFetchOptions = { ...STRICT, allowLoopback: true }

async function refusal(url: string, options: SafeFetchOptions): Promise<string> {
  try {
    await safeFetch(url, options)
  } catch (error) {
    expect(error).toBeInstanceOf(FetchRefused)
    return (error as Error).message
  }
  throw new Error(`${url} was fetched`)
}

describe('image URL guard', () => {
  let server: Server
  let base = ''
  let hits: string[] = []

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url!)
      if (req.url === '/ok') return res.writeHead(200).end('imagen')
      if (req.url === '/redirect-private') {
        return res.writeHead(302, { location: 'http://10.0.0.1/secreto' }).end()
      }
      if (req.url === '/redirect-metadata') {
        return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
      }
      if (req.url === '/redirect-ok') return res.writeHead(307, { location: '/ok' }).end()
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end()
      if (req.url === '/ftp') return res.writeHead(302, { location: 'ftp://example.com/a' }).end()
      if (req.url === '/big') {
        res.writeHead(200)
        for (let i = 0; i < 3; i++) res.write(Buffer.alloc(1024))
        return res.end()
      }
      if (req.url === '/declared-big') {
        return res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end()
      }
      if (req.url === '/slow') return // never answers
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('refuses internal addresses named directly', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.1.2.3:8080/a.png',
      'http://10.1.2.3/a.png',
      'http://172.16.0.1/a.png',
      'http://192.168.1.1/a.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/a.png',
      'http://0.0.0.0/a.png',
      'http://224.0.0.1/a.png',
      'http://[::1]/a.png',
      'http://[::]/a.png',
      'http://[fe80::1]/a.png',
      'http://[fd00::1]/a.png',
      'http://[ff02::1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'http://[::ffff:10.0.0.1]/a.png',
      'http://[64:ff9b::a00:1]/a.png',
      'http://2130706433/a.png', // 127.0.0.1 as one number (WHATWG URL normalises it)
      'http://0x7f.1/a.png',
    ]) {
      expect(await refusal(url, STRICT), url).toBe(IMPORT_MESSAGES.imageBlocked)
    }
  })

  it('checks IPv4-mapped and public addresses', () => {
    expect(isAllowedAddress('::ffff:192.168.0.1')).toBe(false)
    expect(isAllowedAddress('::ffff:c0a8:1')).toBe(false)
    expect(isAllowedAddress('93.184.216.34')).toBe(true)
    expect(isAllowedAddress('2606:2800:220:1::1')).toBe(true)
    expect(isAllowedAddress('127.0.0.1')).toBe(false)
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true)
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false)
  })

  it('refuses the IPv4-mapped and IPv4-translated ranges whatever they carry (issue 40 §5)', async () => {
    // ::ffff:0:0:0/96 (IPv4-translated): a translator in front of the network maps it to 127.0.0.1.
    for (const address of [
      '::ffff:0:7f00:1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:a00:1',
      '::ffff:0:808:808',
    ]) {
      expect(isAllowedAddress(address), address).toBe(false)
    }
    for (const url of ['http://[::ffff:0:7f00:1]/a.png', 'http://[::ffff:0:a9fe:a9fe]/latest/']) {
      expect(await refusal(url, STRICT), url).toBe(IMPORT_MESSAGES.imageBlocked)
    }
    // ::ffff:0:0/96 (IPv4-mapped): refused as a range too, except a public IPv4 it carries,
    // which is checked (and connected to) as that IPv4 address.
    expect(isAllowedAddress('::ffff:0:0')).toBe(false)
    expect(isAllowedAddress('::ffff:7f00:1')).toBe(false)
    expect(isAllowedAddress('::ffff:5db8:d822')).toBe(true)
  })

  it('refuses a host name that resolves to an internal address (any of its answers)', async () => {
    const resolve = async (host: string) =>
      host === 'rebind.example'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '127.0.0.1', family: 4 },
          ]
        : [{ address: '::1', family: 6 }]
    expect(await refusal('http://localhost.example/a.png', { ...STRICT, resolve })).toBe(
      IMPORT_MESSAGES.imageBlocked,
    )
    expect(await refusal('http://rebind.example/a.png', { ...STRICT, resolve })).toBe(
      IMPORT_MESSAGES.imageBlocked,
    )
    expect(await refusal('http://localhost/a.png', STRICT)).toBe(IMPORT_MESSAGES.imageBlocked)
  })

  it('connects to the address it checked, not to a second DNS answer', async () => {
    let calls = 0
    const port = new URL(base).port
    // First answer: the local server (allowed in this test); any later one would be elsewhere.
    const resolve = async () => {
      calls++
      return [{ address: calls === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }]
    }
    const body = await safeFetch(`http://images.example:${port}/ok`, { ...LOCAL, resolve })
    expect(body.toString()).toBe('imagen')
    expect(calls).toBe(1)
  })

  it('only fetches http and https', async () => {
    for (const url of ['ftp://example.com/a.png', 'file:///etc/passwd', 'gopher://x/', 'nada']) {
      expect(await refusal(url, STRICT)).toBe(IMPORT_MESSAGES.imageUrlInvalid)
    }
    expect(await refusal('http://user:pw@example.com/a.png', STRICT)).toBe(
      IMPORT_MESSAGES.imageBlocked,
    )
  })

  it('loopback is refused by default, even for the local server', async () => {
    expect(await refusal(`${base}/ok`, STRICT)).toBe(IMPORT_MESSAGES.imageBlocked)
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:' }).importFetchAllowLoopback).toBe(
      false,
    )
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: ':memory:',
        JWT_SECRET: 'x'.repeat(40),
        IMPORT_FETCH_ALLOW_LOOPBACK: 'true',
      }).importFetchAllowLoopback,
    ).toBe(false)
  })

  it('fetches from an allowed server and follows redirects, re-checking each hop', async () => {
    expect((await safeFetch(`${base}/ok`, LOCAL)).toString()).toBe('imagen')
    expect((await safeFetch(`${base}/redirect-ok`, LOCAL)).toString()).toBe('imagen')
    hits = []
    expect(await refusal(`${base}/redirect-private`, LOCAL)).toBe(IMPORT_MESSAGES.imageBlocked)
    expect(await refusal(`${base}/redirect-metadata`, LOCAL)).toBe(IMPORT_MESSAGES.imageBlocked)
    expect(await refusal(`${base}/ftp`, LOCAL)).toBe(IMPORT_MESSAGES.imageUrlInvalid)
    expect(await refusal(`${base}/loop`, LOCAL)).toBe(IMPORT_MESSAGES.imageTooManyRedirects)
    // The loop: the first request and 3 redirects followed, then refused.
    expect(hits.filter((h) => h === '/loop')).toHaveLength(4)
    expect(await refusal(`${base}/missing`, LOCAL)).toBe(IMPORT_MESSAGES.imageHttpStatus(404))
  })

  it('caps the size while downloading and enforces a deadline', async () => {
    const small = { ...LOCAL, maxBytes: 2048 }
    expect(await refusal(`${base}/big`, small)).toBe(API_MESSAGES.fileTooLarge)
    expect(await refusal(`${base}/declared-big`, LOCAL)).toBe(API_MESSAGES.fileTooLarge)
    const started = Date.now()
    expect(await refusal(`${base}/slow`, { ...LOCAL, timeoutMs: 300 })).toBe(
      IMPORT_MESSAGES.imageTimeout,
    )
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})
