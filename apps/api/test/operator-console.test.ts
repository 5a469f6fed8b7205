/**
 * Issue 23 §3 — the operator console's API (`/api/operator/*`): the role matrix over every route,
 * business search and detail, suspension and what it hides, the featured businesses, contact
 * messages, the mail outbox and the audit log.
 */
import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  AUTH_MESSAGES,
  BUSINESS_MESSAGES,
  FIELD_MESSAGES,
  OPERATOR_CONSOLE_MESSAGES as M,
  type Business,
  type OperatorBusiness,
} from '@vitrina/contracts'
import {
  businesses,
  contactMessages,
  mailOutbox,
  operatorAuditLog,
  planRequests,
  products,
} from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import {
  bearer,
  randomClientIp,
  registerAndLogin,
  registerOperator,
  type TestAccount,
} from './helpers/auth.js'
import { createTestBusiness, patchBusiness, uniqueIdentifier } from './helpers/catalogue.js'
import { mainImage, postProduct, productFields } from './helpers/products.js'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const LOGO = 'https://cdn.example.com/logo.png'

const t = useTestApp()

let operator: TestAccount
let owner: TestAccount

type Method = 'GET' | 'POST' | 'PUT'

function call(
  method: Method,
  url: string,
  account: TestAccount | null = operator,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: account ? bearer(account.accessToken) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

async function newShop(
  account?: TestAccount,
  options: { logo?: boolean; products?: number; name?: string } = {},
): Promise<{ owner: TestAccount; business: Business }> {
  const shopOwner = account ?? (await registerAndLogin(t.app))
  const business = await createTestBusiness(t.app, shopOwner, {
    identifier: uniqueIdentifier('op'),
    ...(options.name ? { name: options.name } : {}),
    ...(options.logo ? { logo: LOGO } : {}),
  })
  for (let i = 0; i < (options.products ?? 0); i++) {
    const created = await postProduct(
      t.app,
      shopOwner,
      productFields(business._id, { isFeatured: 'true' }),
      await mainImage(),
    )
    expect(created.statusCode, created.body).toBe(201)
  }
  return { owner: shopOwner, business }
}

async function sendContact(name: string) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/email/contact',
    remoteAddress: randomClientIp(),
    payload: { name, email: 'visita@example.com', message: 'Hola, quisiera saber más de Vitrina.' },
  })
  expect(sent.statusCode).toBe(201)
  const [row] = await t.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.name, name))
    .limit(1)
  return row!
}

async function auditOf(targetId: string) {
  return t.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.targetId, targetId))
    .orderBy(desc(operatorAuditLog.createdAt))
}

/** Routes (methods, HEAD aside) declared under /api/operator, read from the router's tree. */
function operatorRouteCount(): number {
  const lines = t.app.printRoutes({ commonPrefix: false }).split('\n')
  const start = lines.findIndex((line) => line.includes('/api/operator'))
  const rest = lines.slice(start)
  const end = rest.findIndex((line) => /^[├└]── \//.test(line) && !line.includes('/api/operator'))
  const section = rest.slice(0, end).join('\n')
  return section.match(/\b(GET|POST|PUT|PATCH|DELETE)\b/g)?.length ?? 0
}

/** A business with a pending Premium request, made by its owner; the request's id. */
async function pendingRequest(): Promise<string> {
  const { owner: shopOwner, business } = await newShop()
  const requested = await call('POST', `/api/businesses/${business._id}/plan`, shopOwner, {
    plan: 'pro',
    months: 1,
  })
  expect(requested.statusCode, requested.body).toBeLessThan(300)
  const [row] = await t.db
    .select({ id: planRequests.id })
    .from(planRequests)
    .where(eq(planRequests.businessId, business._id))
  return row!.id
}

beforeAll(async () => {
  operator = await registerOperator(t.app)
  owner = await registerAndLogin(t.app, { name: 'Dora Dueña' })
})

describe('role matrix: every /api/operator/* route', () => {
  it('answers 401 anonymous, 403 to an owner and 200 to an operator', async () => {
    const { business } = await newShop(undefined, { logo: true })
    const message = await sendContact(`Matriz ${Date.now()}`)
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'contact'))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
    // Two pending Premium requests (issue 23 §2): one to confirm, one to reject.
    const [toConfirm, toReject] = await Promise.all([pendingRequest(), pendingRequest()])
    // In this order for the operator: the suspension exists before it is lifted.
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/operator/businesses'],
      ['GET', `/api/operator/businesses/${business._id}`],
      ['POST', `/api/operator/businesses/${business._id}/suspend`, { reason: 'Prueba' }],
      ['POST', `/api/operator/businesses/${business._id}/unsuspend`],
      ['GET', '/api/operator/featured'],
      ['PUT', '/api/operator/featured', { businessIds: [] }],
      ['GET', '/api/operator/messages'],
      ['POST', `/api/operator/messages/${message.id}/read`],
      ['GET', '/api/operator/mail'],
      ['POST', `/api/operator/mail/${mail!.id}/retry`],
      ['GET', '/api/operator/audit'],
      ['GET', '/api/operator/insights'],
      ['GET', '/api/operator/payments'],
      ['POST', `/api/operator/payments/${toConfirm}/confirm`, { months: 1, reference: 'BROU 1' }],
      ['POST', `/api/operator/payments/${toReject}/reject`, { reason: 'Sin comprobante' }],
      // Issue 43 §5 (ADR 040)
      ['GET', '/api/operator/subscriptions'],
    ]
    const seen: string[] = []
    for (const [method, url, body] of routes) {
      const anonymous = await call(method, url, null, body)
      const asOwner = await call(method, url, owner, body)
      const asOperator = await call(method, url, operator, body)
      seen.push(
        `${method} ${url} ${anonymous.statusCode} ${asOwner.statusCode} ${asOperator.statusCode}`,
      )
      expect(anonymous.json().message).toBe(AUTH_MESSAGES.unauthorized)
      expect(asOwner.json().message).toBe(AUTH_MESSAGES.operatorOnly)
    }
    expect(seen).toEqual(routes.map(([method, url]) => `${method} ${url} 401 403 200`))
    // Every operator route the app declares is in the table (a new one must join it).
    expect(operatorRouteCount()).toBe(routes.length)
  })
})

describe('GET /api/operator/businesses', () => {
  let shop: { owner: TestAccount; business: Business }

  beforeAll(async () => {
    shop = await newShop(undefined, { products: 2, name: 'Mercería Ñandú' })
  })

  const list = (query: string) => call('GET', `/api/operator/businesses${query}`)

  it('finds a business by name (accents ignored), identifier and owner e-mail', async () => {
    for (const search of [
      'merceria nandu',
      shop.business.identifier,
      shop.owner.user.email.toUpperCase(),
    ]) {
      const reply = await list(`?search=${encodeURIComponent(search)}`)
      expect(reply.statusCode).toBe(200)
      const items = reply.json().items as OperatorBusiness[]
      expect(items.map((b) => b._id)).toEqual([shop.business._id])
      expect(items[0]).toMatchObject({
        ownerEmail: shop.owner.user.email,
        productCount: 2,
        suspendedAt: null,
        effectivePlan: 'free',
      })
    }
  })

  it('filters by plan and state, newest first, paginated', async () => {
    const pro = await newShop(undefined, {})
    const { setEffectivePlan } = await import('../src/modules/businesses/repository.js')
    await setEffectivePlan(t.db, pro.business.identifier, 'pro')
    const proOnly = (await list('?plan=pro&pageSize=48')).json().items as OperatorBusiness[]
    expect(proOnly.map((b) => b._id)).toContain(pro.business._id)
    expect(proOnly.every((b) => b.effectivePlan === 'pro')).toBe(true)

    const first = (await list('?pageSize=1')).json()
    const second = (await list('?pageSize=1&page=2')).json()
    expect(first.items).toHaveLength(1)
    expect(second.items[0]._id).not.toBe(first.items[0]._id)
    expect(first.total).toBeGreaterThanOrEqual(2)
    expect(first.items[0].createdAt >= second.items[0].createdAt).toBe(true)

    await call('POST', `/api/operator/businesses/${pro.business._id}/suspend`, operator, {
      reason: 'Filtro',
    })
    const suspended = (await list('?state=suspended&pageSize=48')).json()
      .items as OperatorBusiness[]
    expect(suspended.map((b) => b._id)).toContain(pro.business._id)
    expect(suspended.every((b) => b.suspendedAt !== null)).toBe(true)
    const active = (await list('?state=active&pageSize=48')).json().items as OperatorBusiness[]
    expect(active.map((b) => b._id)).not.toContain(pro.business._id)
  })

  it.each([
    ['?plan=gold', M.planFilterInvalid],
    ['?state=closed', M.stateFilterInvalid],
    ['?pageSize=500', FIELD_MESSAGES.pageSizeInvalid],
    ['?page=0', FIELD_MESSAGES.pageInvalid],
    [`?search=${'x'.repeat(101)}`, FIELD_MESSAGES.searchMax],
  ])('%s → 400 with its Spanish message', async (query, message) => {
    const reply = await list(query)
    expect(reply.statusCode).toBe(400)
    expect(JSON.stringify(reply.json())).toContain(message)
  })
})

describe('GET /api/operator/businesses/{id}', () => {
  it('shows the business, its owner and its history', async () => {
    const { business, owner: shopOwner } = await newShop()
    await call('POST', `/api/operator/businesses/${business._id}/suspend`, operator, {
      reason: 'Historial',
    })
    const reply = await call('GET', `/api/operator/businesses/${business._id}`)
    expect(reply.statusCode).toBe(200)
    const detail = reply.json()
    expect(detail.business).toMatchObject({ _id: business._id, suspensionReason: 'Historial' })
    expect(detail.owner).toMatchObject({
      id: shopOwner.user._id,
      name: shopOwner.user.name,
      email: shopOwner.user.email,
      isActive: true,
    })
    expect(detail.history).toHaveLength(1)
    expect(detail.history[0]).toMatchObject({
      action: 'business.suspend',
      operatorEmail: operator.user.email,
      reason: 'Historial',
    })
  })

  it.each([UNKNOWN_ID, 'no-es-un-id'])('404 for %s', async (id) => {
    const reply = await call('GET', `/api/operator/businesses/${id}`)
    expect(reply.statusCode).toBe(404)
    expect(reply.json().message).toBe(BUSINESS_MESSAGES.notFound)
  })
})

describe('suspending a storefront', () => {
  let shop: { owner: TestAccount; business: Business }
  let productId: string

  beforeAll(async () => {
    shop = await newShop(undefined, { logo: true, products: 1, name: 'Kiosco Suspendible' })
    const products = await t.app.inject({
      method: 'GET',
      url: `/api/products/${shop.business._id}/business`,
    })
    productId = products.json().items[0]._id
  })

  const suspend = (body: unknown, id = shop.business._id) =>
    call('POST', `/api/operator/businesses/${id}/suspend`, operator, body)
  const publicReads = () => [
    `/api/businesses/${shop.business.identifier}/identifier`,
    `/api/products/${shop.business._id}/business`,
    `/api/products/${shop.business._id}/business?search=camisa`,
    `/api/products/${shop.business._id}/business/featured`,
    `/api/products/${productId}`,
  ]

  it.each([
    [{}, M.reasonRequired],
    [{ reason: '   ' }, M.reasonRequired],
    [{ reason: 'x'.repeat(501) }, M.reasonMax],
  ])('refuses %j with a Spanish 400 and changes nothing', async (body, message) => {
    const reply = await suspend(body)
    expect(reply.statusCode).toBe(400)
    expect(JSON.stringify(reply.json())).toContain(message)
    expect(await auditOf(shop.business._id)).toHaveLength(0)
  })

  it('404 for an unknown business', async () => {
    const reply = await suspend({ reason: 'Nada' }, UNKNOWN_ID)
    expect(reply.statusCode).toBe(404)
    expect(reply.json().message).toBe(BUSINESS_MESSAGES.notFound)
  })

  it('hides the storefront from every public read, the directory, featured and the sitemap', async () => {
    // Warm the read cache first: the suspension must drop what it holds.
    for (const url of publicReads()) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200)
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200)
    }
    const featuredBefore = (await t.app.inject({ method: 'GET', url: '/api/businesses/featured' }))
      .json()
      .map((b: Business) => b._id)
    expect(featuredBefore).toContain(shop.business._id)

    const reply = await suspend({ reason: '  Contenido engañoso  ' })
    expect(reply.statusCode).toBe(200)
    expect(reply.json().business).toMatchObject({ suspensionReason: 'Contenido engañoso' })

    for (const url of publicReads()) {
      const read = await t.app.inject({ method: 'GET', url })
      expect(read.statusCode, url).toBe(404)
      expect(read.json().message, url).toBe(M.businessUnavailable)
    }
    const directory = await t.app.inject({
      method: 'GET',
      url: `/api/businesses?search=${encodeURIComponent('Kiosco Suspendible')}`,
    })
    expect(directory.json().total).toBe(0)
    const featured = await t.app.inject({ method: 'GET', url: '/api/businesses/featured' })
    expect(featured.json().map((b: Business) => b._id)).not.toContain(shop.business._id)
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(sitemap.body).not.toContain(`/${shop.business.identifier}`)
    // The read the storefront's pages are made from; the page's 404 with this title is the web
    // route's (apps/web/src/ssr/share-head.test.tsx).
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${shop.business.identifier}/identifier`,
    })
    expect(read.statusCode).toBe(404)
    expect(read.json().message).toBe(M.businessUnavailable)
  })

  it('the owner still reads and edits their business and products, and sees the reason', async () => {
    const mine = await call('GET', '/api/businesses/user/me', shop.owner)
    expect(mine.statusCode).toBe(200)
    expect(mine.json().suspension).toMatchObject({ reason: 'Contenido engañoso' })
    const products = await call('GET', `/api/products/${shop.business._id}/business`, shop.owner)
    expect(products.statusCode).toBe(200)
    expect(products.json().total).toBe(1)
    expect((await call('GET', `/api/products/${productId}`, shop.owner)).statusCode).toBe(200)
    const edited = await patchBusiness(t.app, shop.owner, shop.business._id, {
      description: 'Ahora con otra descripción',
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().suspension).toMatchObject({ reason: 'Contenido engañoso' })
    // Another signed-in user is still a stranger to it.
    const stranger = await call('GET', `/api/products/${shop.business._id}/business`, owner)
    expect(stranger.statusCode).toBe(404)
  })

  it('writes the audit entry (who, what, why, before/after) and refuses a second suspension', async () => {
    const [entry] = await auditOf(shop.business._id)
    expect(entry).toMatchObject({
      operatorId: operator.user._id,
      operatorEmail: operator.user.email,
      action: 'business.suspend',
      targetType: 'business',
      reason: 'Contenido engañoso',
      before: { suspendedAt: null, suspensionReason: null },
      after: { suspensionReason: 'Contenido engañoso' },
    })
    const again = await suspend({ reason: 'Otra vez' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(M.alreadySuspended)
    expect(await auditOf(shop.business._id)).toHaveLength(1)
  })

  it('lifting it brings the storefront back everywhere, once', async () => {
    const lifted = await call('POST', `/api/operator/businesses/${shop.business._id}/unsuspend`)
    expect(lifted.statusCode).toBe(200)
    expect(lifted.json().business).toMatchObject({ suspendedAt: null, suspensionReason: null })
    for (const url of publicReads()) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200)
    }
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(sitemap.body).toContain(`/${shop.business.identifier}`)
    const mine = await call('GET', '/api/businesses/user/me', shop.owner)
    expect(mine.json().suspension).toBeUndefined()
    const [entry] = await auditOf(shop.business._id)
    expect(entry).toMatchObject({
      action: 'business.unsuspend',
      before: { suspensionReason: 'Contenido engañoso' },
      after: { suspendedAt: null },
    })
    const again = await call('POST', `/api/operator/businesses/${shop.business._id}/unsuspend`)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(M.notSuspended)
    const unknown = await call('POST', `/api/operator/businesses/${UNKNOWN_ID}/unsuspend`)
    expect(unknown.statusCode).toBe(404)
  })
})

describe('featured businesses', () => {
  const landing = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/businesses/featured' }))
      .json()
      .map((b: Business) => b._id) as string[]
  const put = (businessIds: unknown) =>
    call('PUT', '/api/operator/featured', operator, { businessIds })

  it('without a choice, only businesses with a logo and at least one product qualify', async () => {
    await put([])
    const empty = await newShop(undefined, {})
    const logoOnly = await newShop(undefined, { logo: true })
    const productsOnly = await newShop(undefined, { products: 1 })
    const complete = await newShop(undefined, { logo: true, products: 1 })
    // Issue 25: hidden products are not on the storefront, so they do not make it qualify.
    const onlyHidden = await newShop(undefined, { logo: true, products: 1 })
    await t.db
      .update(products)
      .set({ status: 'hidden' })
      .where(eq(products.businessId, onlyHidden.business._id))
    const shown = await landing()
    expect(shown).not.toContain(onlyHidden.business._id)
    expect(shown).toContain(complete.business._id)
    expect(shown).not.toContain(empty.business._id)
    expect(shown).not.toContain(logoOnly.business._id)
    expect(shown).not.toContain(productsOnly.business._id)
    const selection = (await call('GET', '/api/operator/featured')).json()
    expect(selection.mode).toBe('automatic')
    expect(selection.items[0]._id).toBe(complete.business._id)
  })

  it('an operator picks and orders them; [] goes back to the rule', async () => {
    const a = await newShop(undefined, {})
    const b = await newShop(undefined, {})
    const before = await landing()
    const reply = await put([b.business._id, a.business._id])
    expect(reply.statusCode).toBe(200)
    expect(reply.json().mode).toBe('chosen')
    expect(reply.json().items.map((x: OperatorBusiness) => x._id)).toEqual([
      b.business._id,
      a.business._id,
    ])
    // The landing's read was cached before: the change drops it.
    expect(await landing()).toEqual([b.business._id, a.business._id])

    const [entry] = await auditOf('landing')
    expect(entry).toMatchObject({
      action: 'featured.update',
      targetType: 'featured',
      after: { businessIds: [b.business._id, a.business._id] },
    })

    // A chosen business that gets suspended leaves the landing.
    await call('POST', `/api/operator/businesses/${b.business._id}/suspend`, operator, {
      reason: 'Destacado suspendido',
    })
    expect(await landing()).toEqual([a.business._id])

    expect((await put([])).json().mode).toBe('automatic')
    expect(await landing()).toEqual(before)
  })

  it.each([
    [Array.from({ length: 7 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`), M.featuredMax],
    [[UNKNOWN_ID, UNKNOWN_ID], M.featuredDuplicate],
    [[UNKNOWN_ID], M.featuredUnknown],
    [['no-es-un-id'], M.featuredUnknown],
    ['texto', M.featuredInvalid],
  ])('refuses %j with a Spanish 400', async (ids, message) => {
    const reply = await put(ids)
    expect(reply.statusCode).toBe(400)
    expect(JSON.stringify(reply.json())).toContain(message)
  })

  it('refuses a suspended business', async () => {
    const shop = await newShop()
    await call('POST', `/api/operator/businesses/${shop.business._id}/suspend`, operator, {
      reason: 'No destacar',
    })
    const reply = await put([shop.business._id])
    expect(reply.statusCode).toBe(400)
    expect(reply.json().message).toBe(M.featuredSuspended)
  })
})

describe('contact messages', () => {
  it('lists newest first with the unread count; marking read is recorded once', async () => {
    const older = await sendContact(`Primera ${Date.now()}`)
    const newer = await sendContact(`Segunda ${Date.now()}`)
    const list = (await call('GET', '/api/operator/messages?unread=true')).json()
    const ids = list.items.map((m: { id: string }) => m.id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    expect(list.unreadCount).toBeGreaterThanOrEqual(2)

    const read = await call('POST', `/api/operator/messages/${older.id}/read`)
    expect(read.statusCode).toBe(200)
    expect(read.json().readAt).not.toBeNull()
    const unread = (await call('GET', '/api/operator/messages?unread=true')).json()
    expect(unread.items.map((m: { id: string }) => m.id)).not.toContain(older.id)
    expect(unread.unreadCount).toBe(list.unreadCount - 1)

    expect((await call('POST', `/api/operator/messages/${older.id}/read`)).statusCode).toBe(200)
    const entries = await auditOf(older.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      action: 'message.read',
      after: { readAt: expect.any(String) },
    })
  })

  it.each([UNKNOWN_ID, 'x'])('404 for an unknown message (%s)', async (id) => {
    const reply = await call('POST', `/api/operator/messages/${id}/read`)
    expect(reply.statusCode).toBe(404)
    expect(reply.json().message).toBe(M.messageNotFound)
  })
})

describe('mail outbox', () => {
  it('shows unsent mail as stored: the activation link keeps {{token}}', async () => {
    const account = await registerAndLogin(t.app)
    const reply = await call('GET', '/api/operator/mail?status=pending&pageSize=48')
    expect(reply.statusCode).toBe(200)
    const activation = reply
      .json()
      .items.find(
        (m: { to: string; kind: string }) => m.to === account.user.email && m.kind === 'activation',
      )
    expect(activation.text).toContain('{{token}}')
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, account.user.email), eq(mailOutbox.kind, 'activation')))
    const rendered = t.app.mail.render(row!).text
    const token = rendered.match(/\/auth\/activar\/([A-Za-z0-9_-]+)/)?.[1]
    expect(token).toBeDefined()
    expect(reply.body).not.toContain(token!)
  })

  it('lists failed mail with its last error and retries it (recorded); sent mail is not retried', async () => {
    const account = await registerAndLogin(t.app)
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, account.user.email))
    await t.db
      .update(mailOutbox)
      .set({ attempts: 8, lastError: 'SMTP 550 buzón inexistente' })
      .where(eq(mailOutbox.id, row!.id))
    const failed = (await call('GET', '/api/operator/mail?status=failed&pageSize=48')).json()
    const listed = failed.items.find((m: { id: string }) => m.id === row!.id)
    expect(listed).toMatchObject({
      status: 'failed',
      attempts: 8,
      lastError: 'SMTP 550 buzón inexistente',
    })

    const retried = await call('POST', `/api/operator/mail/${row!.id}/retry`)
    expect(retried.statusCode).toBe(200)
    expect(retried.json()).toMatchObject({ attempts: 0 })
    const [entry] = await auditOf(row!.id)
    expect(entry).toMatchObject({
      action: 'mail.retry',
      before: { attempts: 8, lastError: 'SMTP 550 buzón inexistente' },
      after: { attempts: 0 },
    })

    await t.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id))
    const sent = await call('POST', `/api/operator/mail/${row!.id}/retry`)
    expect(sent.statusCode).toBe(409)
    expect(sent.json().message).toBe(M.mailAlreadySent)
    const sentList = (await call('GET', '/api/operator/mail?status=sent')).json()
    expect(sentList.items.map((m: { id: string }) => m.id)).toContain(row!.id)
  })

  it('404 for an unknown mail; 400 for an unknown status', async () => {
    const unknown = await call('POST', `/api/operator/mail/${UNKNOWN_ID}/retry`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(M.mailNotFound)
    const status = await call('GET', '/api/operator/mail?status=lost')
    expect(status.statusCode).toBe(400)
    expect(JSON.stringify(status.json())).toContain(M.mailStatusInvalid)
  })
})

describe('GET /api/operator/audit', () => {
  it('lists every action newest first, filtered by target type', async () => {
    const all = (await call('GET', '/api/operator/audit?pageSize=48')).json()
    expect(all.total).toBeGreaterThan(0)
    const times = all.items.map((e: { createdAt: string }) => e.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const featured = (await call('GET', '/api/operator/audit?targetType=featured')).json()
    expect(featured.items.length).toBeGreaterThan(0)
    expect(featured.items.every((e: { targetType: string }) => e.targetType === 'featured')).toBe(
      true,
    )
    const invalid = await call('GET', '/api/operator/audit?targetType=planeta')
    expect(invalid.statusCode).toBe(400)
    expect(JSON.stringify(invalid.json())).toContain(M.auditTargetInvalid)
  })

  // Issue 41: the console showed UUIDs; an entry names its business and its operator.
  it('names the business an entry is about and the operator who acted', async () => {
    const entries = (
      await call('GET', '/api/operator/audit?targetType=business&pageSize=48')
    ).json().items as { targetId: string; targetName: string | null; operatorName: string | null }[]
    expect(entries.length).toBeGreaterThan(0)
    const [business] = await t.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, entries[0]!.targetId))
    expect(entries[0]!.targetName).toBe(business!.name)
    expect(
      entries.every((e) => typeof e.operatorName === 'string' && e.operatorName.length > 0),
    ).toBe(true)
    const featured = (await call('GET', '/api/operator/audit?targetType=featured')).json()
      .items as { targetName: string | null }[]
    expect(featured.every((e) => e.targetName === null)).toBe(true)
  })
})
