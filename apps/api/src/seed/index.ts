/**
 * Demo data (README "Demo accounts"): six Uruguayan businesses with their owners, categories,
 * logo, cover slides and products, created through the same services as the API — the same
 * validation, the same image pipeline, the same plan rules. Idempotent: a business whose
 * identifier already exists is left alone, so running it again adds only what is missing.
 */
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  createBusinessSchema,
  createProductSchema,
  storefrontPaths,
  type Business,
  type ImageAsset,
  type Product,
} from '@vitrina/contracts'
import type { Config } from '../config.js'
import type { DatabaseHandle, Executor } from '../db/client.js'
import { businesses, products, users } from '../db/schema/index.js'
import { hashPassword } from '../modules/auth/passwords.js'
import { activateUser, findUserByEmail, insertUser } from '../modules/auth/repository.js'
import {
  findBusinessByIdentifier,
  findBusinessByUserId,
  setEffectivePlan,
} from '../modules/businesses/repository.js'
import { toBusiness } from '../modules/businesses/mapper.js'
import { isIdentifierHeld } from '../modules/businesses/released-identifiers.js'
import { createBusiness } from '../modules/businesses/service.js'
import { createProduct } from '../modules/products/service.js'
import { DEMO_ORDERS, seedDemoOrders } from './orders.js'
import { seedDemoInsights } from './insights.js'
import { drawLogo, drawProduct, drawSlide, shade, type Palette } from './art.js'
import { cafeDelPuerto } from './businesses/cafe-del-puerto.js'
import { florDeCeibo } from './businesses/flor-de-ceibo.js'
import { huellitas } from './businesses/huellitas.js'
import { libreriaRayuela } from './businesses/libreria-rayuela.js'
import { puntaTech } from './businesses/punta-tech.js'
import { tejidosColonia } from './businesses/tejidos-colonia.js'
import type { DemoBusiness, DemoProduct } from './types.js'

export const DEMO_BUSINESSES: readonly DemoBusiness[] = [
  cafeDelPuerto,
  tejidosColonia,
  puntaTech,
  huellitas,
  libreriaRayuela,
  florDeCeibo,
]

/** Every demo owner's password: public on purpose (README), and never seeded in production. */
export const DEMO_PASSWORD = 'Vitrina2026'

export function demoEmail(demo: Pick<DemoBusiness, 'key'>): string {
  return `demo+${demo.key}@vitrina.uy`
}

/** The demo operator (issue 23 §3): opens /operador with DEMO_PASSWORD, like the demo owners. */
export const DEMO_OPERATOR = { email: 'operador@vitrina.uy', name: 'Operador de Vitrina' } as const

export interface DemoAccount {
  email: string
  password: string
  business: string
  url: string
}

export interface SeedReport {
  created: string[]
  skipped: string[]
  accounts: DemoAccount[]
  products: number
  ms: number
}

/** Products are created a few at a time: drawing and image processing overlap with the writes. */
const PRODUCT_CONCURRENCY = 3

async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** The owner account, active, created if missing (an earlier interrupted run may have made it). */
async function ensureOwner(db: Executor, demo: DemoBusiness): Promise<string> {
  const email = demoEmail(demo)
  const existing = await findUserByEmail(db, email)
  const user =
    existing ??
    (await insertUser(db, {
      name: demo.ownerName,
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    }))
  await activateUser(db, user.id, new Date())
  return user.id
}

/** The demo operator's account, active and with the operator role, created if missing. */
async function ensureOperator(db: Executor): Promise<void> {
  const user =
    (await findUserByEmail(db, DEMO_OPERATOR.email)) ??
    (await insertUser(db, {
      name: DEMO_OPERATOR.name,
      email: DEMO_OPERATOR.email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    }))
  await activateUser(db, user.id, new Date())
  await db.update(users).set({ role: 'operator' }).where(eq(users.id, user.id))
}

function paletteOf(demo: DemoBusiness): Palette {
  return {
    primary: demo.business.primaryColor ?? '#0D1B2A',
    secondary: demo.business.secondaryColor ?? '#E0E1DD',
  }
}

async function productImages(product: DemoProduct, palette: Palette) {
  const extras = Array.from({ length: product.extraImages ?? 0 }, (_, i) =>
    drawProduct(`${product.name} ${i + 1}`, product.motif, {
      primary: shade(palette.primary, 0.15 * (i + 1)),
      secondary: shade(palette.secondary, -0.06 * (i + 1)),
    }),
  )
  const [image, ...images] = await Promise.all([
    drawProduct(product.name, product.motif, palette),
    ...extras,
  ])
  return { image: [image!], images }
}

/** Spreads creation dates over the past weeks, so 'newest' and 'Nuevo' read naturally. */
async function backdate(db: Executor, created: { product: Product; daysAgo: number }[]) {
  for (const [index, { product, daysAgo }] of created.entries()) {
    // The minutes keep products of the same day in a stable order.
    const age = sql`make_interval(days => ${daysAgo}, mins => ${index})`
    await db
      .update(products)
      .set({ createdAt: sql`now() - ${age}`, updatedAt: sql`now() - ${age}` })
      .where(eq(products.id, product._id))
  }
}

/** Undoes a half-made business (its products go with it) and removes its images. */
async function discard(app: FastifyInstance, business: Business, made: Product[]) {
  await app.db.delete(businesses).where(eq(businesses.id, business._id))
  const assets: (ImageAsset | null)[] = [business.logo, ...business.slides.map((s) => s.image)]
  for (const product of made) assets.push(product.image, ...product.images)
  await app.media.deleteAssets(assets)
}

async function seedBusiness(app: FastifyInstance, demo: DemoBusiness): Promise<number> {
  const deps = { db: app.db, media: app.media, defaultExchangeRate: app.config.defaultExchangeRate }
  const userId = await ensureOwner(app.db, demo)
  const palette = paletteOf(demo)
  const [logo, ...slides] = await Promise.all([
    drawLogo(demo.business.name, demo.motif, palette),
    ...demo.slides.map((slide, i) => drawSlide(slide.headline, slide.motif, palette, i)),
  ])
  const business = toBusiness(
    await createBusiness(deps, userId, createBusinessSchema.parse(demo.business), {
      logo: [logo!],
      slides,
    }),
  )
  // The demo's pro business (Punta Tech, 21 products) asks for pro like any owner; the seed is
  // the operator and grants it, as `npm run plan -- punta-tech pro` would.
  if (business.planType === 'pro') await setEffectivePlan(app.db, business.identifier, 'pro')
  const made: Product[] = []
  try {
    const created = await mapLimit(demo.products, PRODUCT_CONCURRENCY, async (product) => {
      const input = createProductSchema.parse({ ...product, businessId: business._id })
      const saved = await createProduct(deps, userId, input, await productImages(product, palette))
      made.push(saved)
      return { product: saved, daysAgo: product.daysAgo }
    })
    await backdate(app.db, created)
    const demoOrders = DEMO_ORDERS[demo.key]
    if (demoOrders) {
      const row = await findBusinessByIdentifier(app.db, business.identifier)
      if (row) {
        await seedDemoOrders(app.db, row, demoOrders)
        await seedDemoInsights(app.db, row.id)
      }
    }
    return created.length
  } catch (error) {
    await discard(app, business, made)
    throw error
  }
}

/** Creates every demo business that does not exist yet. */
export async function seedDemoData(app: FastifyInstance): Promise<SeedReport> {
  const started = Date.now()
  const report: SeedReport = { created: [], skipped: [], accounts: [], products: 0, ms: 0 }
  for (const demo of DEMO_BUSINESSES) {
    const { identifier } = demo.business
    const account: DemoAccount = {
      email: demoEmail(demo),
      password: DEMO_PASSWORD,
      business: demo.business.name,
      url: `${app.config.publicUrl}${storefrontPaths.home(identifier)}`,
    }
    if (await findBusinessByIdentifier(app.db, identifier)) {
      report.skipped.push(identifier)
      report.accounts.push(account)
      continue
    }
    // Issue 40 §5: a demo shop whose account was deleted keeps its identifier held; not ours.
    if (await isIdentifierHeld(app.db, identifier)) {
      report.skipped.push(identifier)
      continue
    }
    const owner = await findUserByEmail(app.db, account.email)
    if (owner && (await findBusinessByUserId(app.db, owner.id))) {
      // Someone renamed the demo business: it is theirs now, not ours to recreate.
      report.skipped.push(identifier)
      continue
    }
    report.products += await seedBusiness(app, demo)
    report.created.push(identifier)
    report.accounts.push(account)
  }
  await ensureOperator(app.db)
  report.accounts.push({
    email: DEMO_OPERATOR.email,
    password: DEMO_PASSWORD,
    business: 'Consola de operadores',
    url: `${app.config.publicUrl}/operador`,
  })
  report.ms = Date.now() - started
  return report
}

/**
 * SEED_DEMO: 'auto' seeds the embedded database on its first start (no business yet), 'always'
 * seeds any empty database, 'never' never does. PostgreSQL under 'auto' is left alone: a real
 * deployment must not get public demo passwords.
 */
export async function shouldSeedDemo(
  config: Pick<Config, 'seedDemo'>,
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
): Promise<boolean> {
  if (config.seedDemo === 'never') return false
  if (config.seedDemo === 'auto' && database.kind !== 'pglite') return false
  const [any] = await database.db.select({ id: businesses.id }).from(businesses).limit(1)
  return any === undefined
}

export function logDemoAccounts(app: FastifyInstance, report: SeedReport): void {
  app.log.info(
    { created: report.created, products: report.products, ms: report.ms },
    'datos de demostración creados',
  )
  for (const account of report.accounts) {
    app.log.info(
      `Cuenta demo: ${account.email} / ${account.password} → ${account.business} (${account.url})`,
    )
  }
}

/** server.ts: seed on the first start when SEED_DEMO allows it; a failure never stops the server. */
export async function seedOnFirstStart(app: FastifyInstance): Promise<void> {
  try {
    if (!(await shouldSeedDemo(app.config, app.database))) return
    logDemoAccounts(app, await seedDemoData(app))
  } catch (error) {
    app.log.error({ err: error }, 'no se pudieron crear los datos de demostración')
  }
}
