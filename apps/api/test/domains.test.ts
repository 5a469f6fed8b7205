/**
 * Issue 46 §1 (ADR 038): a shop's own domain — the owner sets it (normalised, IDN in punycode,
 * the platform's and other shops' refused in Spanish), reads the DNS records to create, and
 * «Verificar» checks them against a DNS server this test runs on loopback; the states pending,
 * verified, failed (with the Spanish reason) and suspended with the shop; the certificate
 * question of the TLS proxy; one owner never reaching another's domain; and the re-check job
 * leasing each domain to one process at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import {
  DOMAIN_ERROR_MESSAGES,
  DOMAIN_MESSAGES,
  DOMAIN_TXT_PREFIX,
  type Business,
  type CustomDomain,
} from '@vitrina/contracts'
import { customDomains } from '../src/db/schema/index.js'
import { checkDueDomains } from '../src/modules/domains/index.js'
import { startTestApp, startTestApps } from './helpers/app.js'
import { bearer, registerAndLogin, registerOperator, type TestAccount } from './helpers/auth.js'
import { businessFields, postBusiness } from './helpers/catalogue.js'
import { startDnsServer, type DnsServer } from './helpers/dns-server.js'

const APEX_V4 = '203.0.113.10'
const APEX_V6 = '2001:db8::10'

let dns: DnsServer
let t: Awaited<ReturnType<typeof startTestApp>>

function domainEnv(server: DnsServer): Record<string, string> {
  return {
    DNS_SERVERS: server.address,
    DOMAIN_APEX_IPV4: APEX_V4,
    DOMAIN_APEX_IPV6: APEX_V6,
    RATE_LIMIT: 'false',
  }
}

beforeAll(async () => {
  dns = await startDnsServer()
  t = await startTestApp(domainEnv(dns))
})
afterAll(async () => {
  await t?.stop()
  await dns?.close()
})

async function ownerWithShop(app = t.app): Promise<TestAccount & { business: Business }> {
  const owner = await registerAndLogin(app)
  const created = await postBusiness(app, owner, businessFields())
  expect(created.statusCode, created.body).toBe(201)
  return { ...owner, business: created.json() as Business }
}

const setDomain = (owner: TestAccount, hostname: unknown, app = t.app) =>
  app.inject({
    method: 'PUT',
    url: '/api/domains/mine',
    headers: bearer(owner.accessToken),
    payload: { hostname },
  })
const getDomain = (owner: TestAccount, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/domains/mine', headers: bearer(owner.accessToken) })
const verify = (owner: TestAccount, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/domains/mine/verify',
    headers: bearer(owner.accessToken),
  })
const certificate = (domain: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/domains/certificate?domain=${encodeURIComponent(domain)}`,
  })

/** The TXT value the page tells the owner to publish. */
const txtOf = (domain: CustomDomain) => domain.records.find((r) => r.type === 'TXT')!.value

describe('setting the domain', () => {
  it('needs a signed-in owner with a shop', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/domains/mine' })).statusCode).toBe(401)
    const noShop = await registerAndLogin(t.app)
    const res = await getDomain(noShop)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(DOMAIN_MESSAGES.noBusiness)
  })

  it('refuses malformed names and the platform’s own host in Spanish, storing nothing', async () => {
    const owner = await ownerWithShop()
    const cases: [unknown, string][] = [
      ['', DOMAIN_MESSAGES.required],
      [undefined, DOMAIN_MESSAGES.required],
      ['tienda', DOMAIN_MESSAGES.invalid],
      ['tienda.uy/productos', DOMAIN_MESSAGES.invalid],
      ['tienda.uy:8443', DOMAIN_MESSAGES.invalid],
      ['192.168.0.1', DOMAIN_MESSAGES.invalid],
      ['-mal.uy', DOMAIN_MESSAGES.invalid],
      ['ana@tienda.uy', DOMAIN_MESSAGES.invalid],
      [`${'a'.repeat(64)}.uy`, DOMAIN_MESSAGES.invalid],
      [`${'a.'.repeat(140)}uy`, DOMAIN_MESSAGES.tooLong],
      ['vitrina.test', DOMAIN_MESSAGES.platformHost],
      ['https://Tienda.VITRINA.test/', DOMAIN_MESSAGES.platformHost],
    ]
    for (const [hostname, message] of cases) {
      const res = await setDomain(owner, hostname)
      expect(res.statusCode, String(hostname)).toBe(400)
      expect(res.json().message, String(hostname)).toBe(message)
    }
    expect((await getDomain(owner)).json()).toEqual({ domain: null })
  })

  it('normalises the name, writes IDN in punycode and lists the records to create', async () => {
    const owner = await ownerWithShop()
    const res = await setDomain(owner, '  https://Tienda.Café-Ejemplo.com.uy./ ')
    expect(res.statusCode, res.body).toBe(200)
    const domain = res.json() as CustomDomain
    expect(domain).toMatchObject({
      hostname: 'tienda.xn--caf-ejemplo-dbb.com.uy',
      displayName: 'tienda.café-ejemplo.com.uy',
      apex: false,
      state: 'pending',
      error: null,
      checkedAt: null,
      url: 'https://tienda.xn--caf-ejemplo-dbb.com.uy',
    })
    expect(domain.records).toEqual([
      expect.objectContaining({
        type: 'CNAME',
        name: 'tienda.xn--caf-ejemplo-dbb.com.uy',
        value: 'vitrina.test',
      }),
      expect.objectContaining({
        type: 'TXT',
        name: '_vitrina.tienda.xn--caf-ejemplo-dbb.com.uy',
        value: expect.stringMatching(new RegExp(`^${DOMAIN_TXT_PREFIX}[\\w-]{24}$`)),
      }),
    ])
    expect((await getDomain(owner)).json()).toEqual({ domain })

    // The same name again keeps its token; an apex gets A and AAAA instead of a CNAME.
    expect(txtOf((await setDomain(owner, 'tienda.xn--caf-ejemplo-dbb.com.uy')).json())).toBe(
      txtOf(domain),
    )
    const apex = (await setDomain(owner, 'ejemplo-apex.com.uy')).json() as CustomDomain
    expect(apex.apex).toBe(true)
    expect(apex.records.map((r) => [r.type, r.name, r.value])).toEqual([
      ['A', 'ejemplo-apex.com.uy', APEX_V4],
      ['AAAA', 'ejemplo-apex.com.uy', APEX_V6],
      ['TXT', '_vitrina.ejemplo-apex.com.uy', expect.any(String)],
    ])
    expect(txtOf(apex)).not.toBe(txtOf(domain))
    expect((await setDomain(owner, 'midominio.uy')).json().apex).toBe(true)
  })

  it("refuses another shop's domain with 409, and one owner never reaches another's", async () => {
    const ana = await ownerWithShop()
    const bruno = await ownerWithShop()
    const anaDomain = (await setDomain(ana, 'tienda-de-ana.com.uy')).json() as CustomDomain

    const taken = await setDomain(bruno, 'TIENDA-DE-ANA.com.uy')
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe(DOMAIN_MESSAGES.takenByOtherShop)
    expect((await getDomain(bruno)).json()).toEqual({ domain: null })

    // Bruno's verify and delete act on his own (none): Ana's domain is untouched.
    expect((await verify(bruno)).json().message).toBe(DOMAIN_MESSAGES.noDomain)
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/domains/mine',
      headers: bearer(bruno.accessToken),
    })
    expect(removed.statusCode).toBe(404)
    expect((await getDomain(ana)).json()).toEqual({ domain: anaDomain })

    // Once Ana lets it go, Bruno may take it.
    const anaRemoves = await t.app.inject({
      method: 'DELETE',
      url: '/api/domains/mine',
      headers: bearer(ana.accessToken),
    })
    expect(anaRemoves.statusCode).toBe(204)
    expect((await setDomain(bruno, 'tienda-de-ana.com.uy')).statusCode).toBe(200)
  })
})

describe('an apex without the platform’s addresses', () => {
  it('is refused in Spanish when DOMAIN_APEX_IPV4/IPV6 are unset; a subdomain is not', async () => {
    const bare = await startTestApp({ DNS_SERVERS: dns.address, RATE_LIMIT: 'false' })
    try {
      const owner = await ownerWithShop(bare.app)
      const apex = await setDomain(owner, 'midominio.com.uy', bare.app)
      expect(apex.statusCode).toBe(400)
      expect(apex.json().message).toBe(DOMAIN_MESSAGES.apexUnsupported)
      expect((await getDomain(owner, bare.app)).json()).toEqual({ domain: null })
      expect((await setDomain(owner, 'www.midominio.com.uy', bare.app)).statusCode).toBe(200)
    } finally {
      await bare.stop()
    }
  })
})

describe('«Verificar»', () => {
  it('goes from pending to failed with each Spanish reason, then verified', async () => {
    const owner = await ownerWithShop()
    const name = 'tienda.verificar.com.uy'
    const domain = (await setDomain(owner, name)).json() as CustomDomain
    expect(domain.state).toBe('pending')
    expect((await certificate(name)).statusCode).toBe(404)

    const expectFailed = async (error: keyof typeof DOMAIN_ERROR_MESSAGES) => {
      const res = await verify(owner)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ state: 'failed', error: DOMAIN_ERROR_MESSAGES[error] })
      expect(res.json().checkedAt).not.toBeNull()
      expect((await certificate(name)).statusCode).toBe(404)
    }
    await expectFailed('txt_missing')
    dns.set(`_vitrina.${name}`, { TXT: [`${DOMAIN_TXT_PREFIX}otro-token`, 'v=spf1 -all'] })
    await expectFailed('txt_mismatch')
    dns.set(`_vitrina.${name}`, { TXT: ['v=spf1 -all', txtOf(domain)] })
    await expectFailed('target_missing')
    dns.set(name, { CNAME: 'otra-plataforma.example' })
    await expectFailed('target_mismatch')
    dns.set(name, { fail: 'servfail' })
    await expectFailed('dns_unavailable')

    dns.set(name, { CNAME: 'Vitrina.Test.' })
    const verified = await verify(owner)
    expect(verified.json()).toMatchObject({ state: 'verified', error: null })
    expect(verified.json().verifiedAt).not.toBeNull()
    expect((await certificate(name)).statusCode).toBe(200)
    expect((await certificate(name.toUpperCase())).json()).toEqual({ ok: true })

    // A DNS that cannot answer keeps a live domain live; a removed record takes it down.
    dns.set(`_vitrina.${name}`, { fail: 'servfail' })
    expect((await verify(owner)).json()).toMatchObject({ state: 'verified' })
    dns.delete(`_vitrina.${name}`)
    expect((await verify(owner)).json()).toMatchObject({
      state: 'failed',
      error: DOMAIN_ERROR_MESSAGES.txt_missing,
      verifiedAt: null,
    })
    expect((await certificate(name)).statusCode).toBe(404)
  })

  it('verifies an apex by its A and AAAA addresses, every one of them the platform’s', async () => {
    const owner = await ownerWithShop()
    const name = 'apex-verificar.uy'
    const domain = (await setDomain(owner, name)).json() as CustomDomain
    dns.set(`_vitrina.${name}`, { TXT: [txtOf(domain)] })
    dns.set(name, { A: [APEX_V4, '198.51.100.7'] })
    expect((await verify(owner)).json()).toMatchObject({
      state: 'failed',
      error: DOMAIN_ERROR_MESSAGES.target_mismatch,
    })
    dns.set(name, { A: [APEX_V4], AAAA: [APEX_V6] })
    expect((await verify(owner)).json()).toMatchObject({ state: 'verified' })
  })

  it("shows 'suspended' while the shop is, and the proxy gets no certificate for it", async () => {
    const owner = await ownerWithShop()
    const name = 'suspendida.ejemplo.com.uy'
    const domain = (await setDomain(owner, name)).json() as CustomDomain
    dns.set(`_vitrina.${name}`, { TXT: [txtOf(domain)] })
    dns.set(name, { CNAME: 'vitrina.test' })
    expect((await verify(owner)).json().state).toBe('verified')
    expect((await certificate(name)).statusCode).toBe(200)

    const operator = await registerOperator(t.app)
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/operator/businesses/${owner.business._id}/suspend`,
      headers: bearer(operator.accessToken),
      payload: { reason: 'Prueba de dominios' },
    })
    expect(suspend.statusCode, suspend.body).toBe(200)
    expect((await getDomain(owner)).json().domain.state).toBe('suspended')
    expect((await certificate(name)).statusCode).toBe(404)

    const restore = await t.app.inject({
      method: 'POST',
      url: `/api/operator/businesses/${owner.business._id}/unsuspend`,
      headers: bearer(operator.accessToken),
    })
    expect(restore.statusCode, restore.body).toBe(200)
    expect((await getDomain(owner)).json().domain.state).toBe('verified')
    expect((await certificate(name)).statusCode).toBe(200)
  })
})

describe('the certificate question', () => {
  it('says yes to the platform host and no to unknown or malformed names', async () => {
    expect((await certificate('vitrina.test')).statusCode).toBe(200)
    for (const name of ['no-existe.com.uy', 'tienda', '', '127.0.0.1', 'a/b']) {
      const res = await certificate(name)
      expect(res.statusCode, name).toBe(404)
      expect(res.json()).toEqual({ ok: false })
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/domains/certificate' })).statusCode,
    ).toBe(404)
  })
})

describe('requests by Host', () => {
  const at = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } })

  it('answers a plain 404 for a Host that is no verified shop domain, never a shop', async () => {
    const owner = await ownerWithShop()
    await setDomain(owner, 'pendiente.host.com.uy')
    for (const host of ['pendiente.host.com.uy', 'nadie.com.uy', 'otro.ejemplo:8080']) {
      for (const url of ['/', '/productos', '/api/health', `/${owner.business.identifier}`]) {
        const res = await at(host, url)
        expect(res.statusCode, `${host}${url}`).toBe(404)
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
        expect(res.body).toBe(DOMAIN_MESSAGES.unknownHost)
      }
    }
    // The platform's own hosts are untouched.
    for (const host of [
      'vitrina.test',
      'www.vitrina.test',
      'localhost:3000',
      '127.0.0.1',
      '[::1]:80',
    ]) {
      expect((await at(host, '/api/health')).statusCode, host).toBe(200)
    }
  })

  it("serves a verified domain's storefront at the root, owner screens on the platform, and the API", async () => {
    const owner = await ownerWithShop()
    const name = 'rutas.host.com.uy'
    const domain = (await setDomain(owner, name)).json() as CustomDomain
    dns.set(`_vitrina.${name}`, { TXT: [txtOf(domain)] })
    dns.set(name, { CNAME: 'vitrina.test' })
    expect((await verify(owner)).json().state).toBe('verified')

    // The shop's pages at the root (domains-root.test.ts: rendered for the shop, at the domain).
    for (const url of ['/', '/?utm_source=ig', '/productos?categoria=Ropa', '/robots.txt']) {
      const res = await at(name.toUpperCase(), url)
      expect(res.statusCode, url).toBe(200)
    }
    // Its platform address answers 301 to the domain.
    const moved = await at('vitrina.test', `/${owner.business.identifier}/productos?categoria=Ropa`)
    expect(moved.statusCode).toBe(301)
    expect(moved.headers.location).toBe(`https://${name}/productos?categoria=Ropa`)
    for (const url of ['/admin/mi-negocio', '/auth/login', '/operador']) {
      const res = await at(name, url)
      expect(res.statusCode, url).toBe(301)
      expect(res.headers.location, url).toBe(`http://vitrina.test${url}`)
    }
    const health = await at(name, '/api/health')
    expect(health.statusCode).toBe(200)
    const business = await at(name, `/api/businesses/${owner.business.identifier}/identifier`)
    expect(business.json()._id).toBe(owner.business._id)

    // Suspended, the domain is unknown at once (the Host cache is dropped with the shop's reads);
    // back, it leads to the shop again.
    const operator = await registerOperator(t.app)
    const toggle = (action: 'suspend' | 'unsuspend') =>
      t.app.inject({
        method: 'POST',
        url: `/api/operator/businesses/${owner.business._id}/${action}`,
        headers: bearer(operator.accessToken),
        payload: action === 'suspend' ? { reason: 'Prueba de dominios' } : undefined,
      })
    expect((await toggle('suspend')).statusCode).toBe(200)
    expect((await at(name, '/')).statusCode).toBe(404)
    // Suspended, its platform address is not sent to the domain either.
    expect((await at('vitrina.test', `/${owner.business.identifier}`)).statusCode).not.toBe(301)
    expect((await toggle('unsuspend')).statusCode).toBe(200)
    expect((await at(name, '/')).statusCode).toBe(200)

    // Removed by its owner, it is unknown at once too.
    await t.app.inject({
      method: 'DELETE',
      url: '/api/domains/mine',
      headers: bearer(owner.accessToken),
    })
    expect((await at(name, '/')).body).toBe(DOMAIN_MESSAGES.unknownHost)
  })
})

describe('the re-check job', () => {
  it('checks each due domain once across several processes, and re-checks live ones', async () => {
    const server = await startDnsServer()
    const many = await startTestApps(3, domainEnv(server))
    try {
      const first = many.apps[0]!
      const names: string[] = []
      for (let i = 0; i < 6; i++) {
        const owner = await ownerWithShop(first)
        const name = `tienda${i}.trabajo.com.uy`
        const domain = (await setDomain(owner, name, first)).json() as CustomDomain
        server.set(`_vitrina.${name}`, { TXT: [txtOf(domain)] })
        server.set(name, { CNAME: 'vitrina.test' })
        names.push(name)
      }
      const counts = await Promise.all(
        many.apps.map((app) => checkDueDomains(app.domains, { limit: 2 })),
      )
      const more = await Promise.all(many.apps.map((app) => checkDueDomains(app.domains)))
      expect([...counts, ...more].reduce((a, b) => a + b, 0)).toBe(6)
      for (const name of names) expect(server.queriesFor(`_vitrina.${name}`), name).toBe(1)
      const rows = await many.db.select().from(customDomains)
      expect(rows.every((row) => row.status === 'verified')).toBe(true)
      // Nothing is due now (live domains wait DOMAIN_CHECK_LIVE_S).
      expect(await checkDueDomains(first.domains)).toBe(0)

      // When a live domain's record goes, its next re-check takes it down.
      server.delete(`_vitrina.${names[0]}`)
      await many.db.update(customDomains).set({ nextCheckAt: sql`now()` })
      expect(await checkDueDomains(first.domains)).toBe(6)
      const after = await many.db.select().from(customDomains)
      expect(after.find((row) => row.hostname === names[0])).toMatchObject({
        status: 'failed',
        lastError: 'txt_missing',
      })
      expect(after.filter((row) => row.status === 'verified')).toHaveLength(5)

      // Failed for a week: re-checked at the live pace, not every few minutes.
      await many.db
        .update(customDomains)
        .set({ nextCheckAt: sql`now()`, createdAt: sql`now() - interval '8 days'` })
        .where(eq(customDomains.hostname, names[0]!))
      expect(await checkDueDomains(first.domains)).toBe(1)
      const [stale] = await many.db
        .select({ inS: sql<number>`extract(epoch from next_check_at - now())::int` })
        .from(customDomains)
        .where(eq(customDomains.hostname, names[0]!))
      expect(stale!.inS).toBeGreaterThan(6 * 60 * 60 - 60)
    } finally {
      await many.stop()
      await server.close()
    }
    // Three apps and six owners: slow on a busy machine.
  }, 120_000)
})
