/**
 * Issue 46 §1 (ADR 038): Debian's `caddy` in front of Vitrina, as the README configures it —
 * on-demand certificates from its internal CA, each one allowed by Vitrina's
 * GET /api/domains/certificate (`on_demand_tls { ask … }`). A verified shop domain is served
 * over HTTPS with a certificate for its name that chains to Caddy's root; an unverified one gets
 * no certificate (the TLS handshake fails). The names resolve to 127.0.0.1 by the client's own
 * connect (`servername` for SNI, the Host header for the route), as curl --resolve does.
 *
 * Skips, saying so, when /usr/bin/caddy is missing — except in CI, where .ci/run installs it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:https'
import { connect, createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TLSSocket } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomDomain } from '@vitrina/contracts'
import { startTestApp } from './helpers/app.js'
import { bearer, registerAndLogin } from './helpers/auth.js'
import { businessFields, postBusiness } from './helpers/catalogue.js'
import { startDnsServer, type DnsServer } from './helpers/dns-server.js'

const CADDY = '/usr/bin/caddy'
const hasCaddy = existsSync(CADDY)
if (!hasCaddy && process.env.CI) {
  throw new Error(`${CADDY} is missing: .ci/run installs Debian's caddy for this test`)
}
if (!hasCaddy) {
  console.warn(`domains-caddy.test.ts skipped: ${CADDY} is missing (apt-get install -y caddy)`)
}

const VERIFIED = 'tienda.verificada.com.uy'
const PENDING = 'tienda.pendiente.com.uy'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** The README's Caddyfile, with ports and storage of this test's own. */
function caddyfile(options: { httpsPort: number; httpPort: number; vitrina: number; dir: string }) {
  return `{
	admin off
	http_port ${options.httpPort}
	https_port ${options.httpsPort}
	storage file_system ${options.dir}/data
	skip_install_trust
	on_demand_tls {
		ask http://127.0.0.1:${options.vitrina}/api/domains/certificate
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy 127.0.0.1:${options.vitrina}
}
`
}

interface Answer {
  status: number
  location: string | undefined
  body: string
  subjectAltName: string | undefined
}

function getOverHttps(host: string, port: number, pathname: string, ca?: Buffer) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        servername: host,
        headers: { host },
        ...(ca ? { ca } : { rejectUnauthorized: false }),
        timeout: 15_000,
      },
      (res) => {
        const cert = (res.socket as TLSSocket).getPeerCertificate()
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            body,
            subjectAltName: cert.subjectaltname,
          }),
        )
      },
    )
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    req.end()
  })
}

describe.skipIf(!hasCaddy)('Caddy with on-demand TLS in front of Vitrina', () => {
  let dns: DnsServer
  let t: Awaited<ReturnType<typeof startTestApp>>
  let caddy: ChildProcess | undefined
  let caddyLog = ''
  let dir: string
  let httpsPort: number
  let verifiedIdentifier = ''

  beforeAll(async () => {
    dns = await startDnsServer()
    t = await startTestApp({ DNS_SERVERS: dns.address, RATE_LIMIT: 'false' })
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const vitrina = (t.app.server.address() as { port: number }).port

    // One shop with a verified domain, another with a pending one.
    for (const [name, verify] of [
      [VERIFIED, true],
      [PENDING, false],
    ] as const) {
      const owner = await registerAndLogin(t.app)
      const created = await postBusiness(t.app, owner, businessFields())
      expect(created.statusCode, created.body).toBe(201)
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/domains/mine',
        headers: bearer(owner.accessToken),
        payload: { hostname: name },
      })
      const domain = set.json() as CustomDomain
      if (!verify) continue
      verifiedIdentifier = (created.json() as { identifier: string }).identifier
      dns.set(`_vitrina.${name}`, { TXT: [domain.records.find((r) => r.type === 'TXT')!.value] })
      dns.set(name, { CNAME: 'vitrina.test' })
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/domains/mine/verify',
        headers: bearer(owner.accessToken),
      })
      expect(verified.json().state).toBe('verified')
    }

    dir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-caddy-'))
    httpsPort = await freePort()
    const httpPort = await freePort()
    const config = path.join(dir, 'Caddyfile')
    writeFileSync(config, caddyfile({ httpsPort, httpPort, vitrina, dir }))
    caddy = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    caddy.stdout?.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()))
    caddy.stderr?.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()))
    // Ready when it accepts connections on the HTTPS port.
    for (let i = 0; ; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = connect(httpsPort, '127.0.0.1')
        socket.on('connect', () => {
          socket.destroy()
          resolve(true)
        })
        socket.on('error', () => resolve(false))
      })
      if (up) break
      if (i > 100 || caddy.exitCode !== null) throw new Error(`caddy did not start:\n${caddyLog}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }, 60_000)

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      caddy.kill('SIGTERM')
      await new Promise((resolve) => caddy!.once('exit', resolve))
    }
    await t?.stop()
    await dns?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('serves a verified domain over HTTPS with a certificate for its name from Caddy’s CA', async () => {
    const first = await getOverHttps(VERIFIED, httpsPort, '/api/health')
    expect(first.status, caddyLog).toBe(200)
    expect(first.subjectAltName).toBe(`DNS:${VERIFIED}`)

    // The certificate chains to Caddy's internal root: a client trusting only that root accepts it.
    const root = readFileSync(path.join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt'))
    const trusted = await getOverHttps(VERIFIED, httpsPort, '/api/health', root)
    expect(trusted.status).toBe(200)
    expect(JSON.parse(trusted.body)).toMatchObject({ status: 'ok' })

    // The shop's storefront at the domain's root (its sitemap names the domain's pages).
    const home = await getOverHttps(VERIFIED, httpsPort, '/', root)
    expect(home.status).toBe(200)
    const sitemap = await getOverHttps(VERIFIED, httpsPort, '/sitemap.xml', root)
    expect(sitemap.status).toBe(200)
    expect(sitemap.body).toContain(`<loc>https://${VERIFIED}/</loc>`)
    expect(sitemap.body).not.toContain(verifiedIdentifier)
  }, 60_000)

  it('gets no certificate for a pending or unknown domain: the handshake fails', async () => {
    for (const name of [PENDING, 'nadie.com.uy']) {
      await expect(getOverHttps(name, httpsPort, '/api/health'), name).rejects.toThrow()
    }
    expect(caddyLog).toMatch(/certificate|ask/i)
  }, 60_000)
})
