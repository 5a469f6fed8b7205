/**
 * Writes a benchmark catalogue straight into the app's tables: users (one shared argon2 hash),
 * businesses and products with realistic Spanish names, categories, prices, discounts, flags,
 * tags and specifications, and `search_text` computed by the app's own functions. Rows go in as
 * multi-row `INSERT … SELECT FROM unnest($1::…[], …)` batches — a handful of array parameters per
 * statement, a few thousand rows each — which is the fastest path available without COPY and
 * works the same on PostgreSQL (node-postgres) and PGlite.
 *
 * Products are interleaved across businesses in creation order, so one business's rows are spread
 * over the whole table: the realistic worst case for reading one tenant.
 */
import { hash } from '@node-rs/argon2'
import type { Database } from '../../apps/api/src/db/client.js'
import { searchTextOf } from '../../apps/api/src/modules/businesses/repository.js'
import { productSearchText } from '../../apps/api/src/modules/products/search.js'
import { between, pick, prng, uuid, type Random } from './random.js'
import {
  ARCHETYPES,
  CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  PALETTES,
  PRODUCT_PHRASES,
  STREETS,
} from './vocabulary.js'

export type BenchSize = 'tiny' | 'small' | 'large'

export const SIZES: Record<BenchSize, { businesses: number; productsPerBusiness: number }> = {
  tiny: { businesses: 3, productsPerBusiness: 60 },
  small: { businesses: 1, productsPerBusiness: 10_000 },
  large: { businesses: 10_000, productsPerBusiness: 100 },
}

/** Any client with node-postgres' `query(text, params)`: pg.Pool, pg.Client or PGlite. */
export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>
}

/** The driver client behind a Drizzle database (node-postgres Pool or PGlite). */
export function rawClient(db: Database): RawClient {
  return (db as unknown as { $client: RawClient }).$client
}

export interface GenerateOptions {
  size: BenchSize
  seed?: number
  /** Rows per INSERT statement. */
  batchSize?: number
  /** Prefix for identifiers and e-mails (lets the smoke test add a catalogue beside others). */
  prefix?: string
  onProgress?: (inserted: number, total: number) => void
}

/** Rows the load scenarios aim at: the first business and its first product. */
export interface CatalogueSample {
  businessId: string
  identifier: string
  productId: string
  category: string
  productCount: number
  /** The first businesses (up to 100): the distinct-URL scenarios spread over them. */
  businessIds: string[]
}

export interface GeneratedCatalogue {
  size: BenchSize
  seed: number
  businesses: number
  products: number
  ms: number
  sample: CatalogueSample
}

const BASE_TIME = Date.UTC(2025, 0, 1)
const PRICE_STEP = 10

/** A postgres array literal for text[] (each element quoted). */
function textArrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

function imageAsset(key: string, width = 640, height = 640) {
  const base = `/media/bench/${key}`
  return {
    url: `${base}-640.webp`,
    srcset: `${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-1280.webp 1280w`,
    width,
    height,
  }
}

interface BusinessPlan {
  id: string
  archetype: (typeof ARCHETYPES)[number]
}

async function insertUsersAndBusinesses(
  client: RawClient,
  random: Random,
  count: number,
  prefix: string,
  passwordHash: string,
  batchSize: number,
): Promise<{ plans: BusinessPlan[]; identifiers: string[] }> {
  const plans: BusinessPlan[] = []
  const identifiers: string[] = []
  for (let start = 0; start < count; start += batchSize) {
    const end = Math.min(count, start + batchSize)
    const u = { id: [] as string[], name: [] as string[], email: [] as string[] }
    const b = {
      id: [] as string[],
      name: [] as string[],
      identifier: [] as string[],
      description: [] as string[],
      category: [] as string[],
      categories: [] as string[],
      logo: [] as string[],
      address: [] as string[],
      phone: [] as string[],
      email: [] as string[],
      social: [] as string[],
      primary: [] as string[],
      secondary: [] as string[],
      features: [] as string[],
      slides: [] as string[],
      plan: [] as string[],
      search: [] as string[],
      created: [] as string[],
    }
    for (let i = start; i < end; i++) {
      // The first business is always the café, so search scenarios have something to find.
      const archetype = i === 0 ? ARCHETYPES[0]! : pick(random, ARCHETYPES)
      const userId = uuid(random)
      const businessId = uuid(random)
      const baseName = pick(random, archetype.names)
      const name = count > archetype.names.length ? `${baseName} ${pick(random, CITIES)}` : baseName
      const identifier = `${prefix}${slug(baseName)}-${i}`
      const description = `${archetype.description}. ${pick(random, CITIES)}, Uruguay.`
      const [primary, secondary] = pick(random, PALETTES)
      plans.push({ id: businessId, archetype })
      identifiers.push(identifier)
      u.id.push(userId)
      u.name.push(`${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`)
      u.email.push(`${identifier}@bench.vitrina.test`)
      b.id.push(businessId)
      b.name.push(name)
      b.identifier.push(identifier)
      b.description.push(description)
      b.category.push(archetype.category)
      b.categories.push(JSON.stringify(archetype.categories))
      b.logo.push(
        JSON.stringify({
          ...imageAsset(`logo-${i}`, 256, 256),
          favicon: `/media/bench/logo-${i}-32.png`,
        }),
      )
      b.address.push(
        `${pick(random, STREETS)} ${100 + Math.floor(random() * 3900)}, ${pick(random, CITIES)}`,
      )
      b.phone.push(
        `+598 9${Math.floor(between(random, 1, 9))} ${String(Math.floor(random() * 1e6)).padStart(6, '0')}`,
      )
      b.email.push(`hola@${slug(baseName)}.uy`)
      b.social.push(JSON.stringify({ instagram: `https://instagram.com/${slug(baseName)}` }))
      b.primary.push(primary)
      b.secondary.push(secondary)
      b.features.push(
        JSON.stringify({
          nationwide_shipping: random() < 0.6,
          same_day_delivery: random() < 0.3,
          physical_store: random() < 0.5,
          card_payment: random() < 0.8,
          mercadopago: random() < 0.7,
        }),
      )
      b.slides.push(JSON.stringify([{ image: imageAsset(`slide-${i}`, 1280, 720) }]))
      b.plan.push(random() < 0.2 ? 'pro' : 'free')
      b.search.push(searchTextOf({ name, description }))
      b.created.push(new Date(BASE_TIME + i * 60_000).toISOString())
    }
    await client.query(
      `INSERT INTO users (id, name, email, password_hash, is_active, activated_at)
       SELECT id, name, email, $4, true, now()
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS t(id, name, email)`,
      [u.id, u.name, u.email, passwordHash],
    )
    await client.query(
      `INSERT INTO businesses (id, user_id, name, identifier, description, category, categories,
         logo, address, phone, email, social_links, primary_color, secondary_color, bg_color,
         features, slides, plan_type, search_text, created_at, updated_at)
       SELECT id, user_id, name, identifier, description, category, categories, logo, address,
         phone, email, social, primary_color, secondary_color, primary_color, features, slides,
         plan, search, created, created
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::jsonb[], $8::jsonb[], $9::text[], $10::text[], $11::text[], $12::jsonb[], $13::text[],
         $14::text[], $15::jsonb[], $16::jsonb[], $17::text[], $18::text[], $19::timestamptz[])
         AS t(id, user_id, name, identifier, description, category, categories, logo, address,
           phone, email, social, primary_color, secondary_color, features, slides, plan, search,
           created)`,
      [
        b.id,
        u.id,
        b.name,
        b.identifier,
        b.description,
        b.category,
        b.categories,
        b.logo,
        b.address,
        b.phone,
        b.email,
        b.social,
        b.primary,
        b.secondary,
        b.features,
        b.slides,
        b.plan,
        b.search,
        b.created,
      ],
    )
  }
  return { plans, identifiers }
}

function productRow(random: Random, plan: BusinessPlan, n: number) {
  const { archetype } = plan
  const family = pick(random, archetype.families)
  const name = `${pick(random, family.nouns)} ${pick(random, archetype.qualifiers)}`
  const description = `${name}. ${pick(random, PRODUCT_PHRASES)} ${pick(random, PRODUCT_PHRASES)}`
  const price =
    Math.round(between(random, family.price[0], family.price[1]) / PRICE_STEP) * PRICE_STEP - 1
  const discount = random() < 0.25 ? 5 * Math.ceil(random() * 10) : 0
  const tags = [...new Set([pick(random, archetype.tags), pick(random, archetype.tags)])].slice(
    0,
    1 + Math.floor(random() * 2),
  )
  const specifications = archetype.specifications
    .filter(() => random() < 0.8)
    .map(([specName, values]) => ({ name: specName, value: pick(random, values) }))
  const code = random() < 0.7 ? `${slug(family.category).slice(0, 3).toUpperCase()}-${n}` : null
  const extra = Math.floor(random() * 3)
  return {
    name,
    description,
    info:
      random() < 0.5
        ? `${description} Consultá por envíos y cambios. Stock sujeto a disponibilidad.`
        : null,
    price,
    discount,
    isFeatured: random() < 0.15,
    isNew: random() < 0.1,
    code,
    image: JSON.stringify(imageAsset(`p-${n}`)),
    images: JSON.stringify(Array.from({ length: extra }, (_, k) => imageAsset(`p-${n}-${k}`))),
    tags,
    specifications: JSON.stringify(specifications),
    category: family.category,
    subCategory: family.subCategory,
    searchText: productSearchText({ name, description, code, tags }),
  }
}

async function insertProducts(
  client: RawClient,
  random: Random,
  plans: BusinessPlan[],
  perBusiness: number,
  batchSize: number,
  onProgress?: (inserted: number, total: number) => void,
): Promise<string> {
  const total = plans.length * perBusiness
  let firstProductId = ''
  for (let start = 0; start < total; start += batchSize) {
    const end = Math.min(total, start + batchSize)
    const cols: Record<string, unknown[]> = {}
    const push = (key: string, value: unknown) => (cols[key] ??= []).push(value)
    for (let i = start; i < end; i++) {
      const plan = plans[i % plans.length]!
      const id = uuid(random)
      if (i === 0) firstProductId = id
      const row = productRow(random, plan, i)
      push('id', id)
      push('business_id', plan.id)
      push('name', row.name)
      push('description', row.description)
      push('info', row.info)
      push('price', row.price)
      push('discount', row.discount)
      push('is_featured', row.isFeatured)
      push('is_new', row.isNew)
      push('code', row.code)
      push('image', row.image)
      push('images', row.images)
      push('tags', textArrayLiteral(row.tags))
      push('specifications', row.specifications)
      push('category', row.category)
      push('sub_category', row.subCategory)
      push('search_text', row.searchText)
      push('created', new Date(BASE_TIME + 86_400_000 + i * 1_000).toISOString())
    }
    await client.query(
      `INSERT INTO products (id, business_id, name, description, info, price, discount, is_offer,
         is_featured, is_new, code, image, images, tags, specifications, category, sub_category,
         search_text, created_at, updated_at)
       SELECT id, business_id, name, description, info, price, discount, discount > 0,
         is_featured, is_new, code, image, images, tags::text[], specifications, category,
         sub_category, search_text, created, created
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::numeric[],
         $7::int[], $8::boolean[], $9::boolean[], $10::text[], $11::jsonb[], $12::jsonb[],
         $13::text[], $14::jsonb[], $15::text[], $16::text[], $17::text[], $18::timestamptz[])
         AS t(id, business_id, name, description, info, price, discount, is_featured, is_new,
           code, image, images, tags, specifications, category, sub_category, search_text,
           created)`,
      [
        cols.id,
        cols.business_id,
        cols.name,
        cols.description,
        cols.info,
        cols.price,
        cols.discount,
        cols.is_featured,
        cols.is_new,
        cols.code,
        cols.image,
        cols.images,
        cols.tags,
        cols.specifications,
        cols.category,
        cols.sub_category,
        cols.search_text,
        cols.created,
      ],
    )
    onProgress?.(end, total)
  }
  return firstProductId
}

/**
 * Generates the catalogue of `size` into a migrated database, then VACUUM ANALYZEs it, as autovacuum
 * keeps a live one (index-only scans need the visibility map).
 */
export async function generateCatalogue(
  db: Database,
  options: GenerateOptions,
): Promise<GeneratedCatalogue> {
  const started = performance.now()
  const seed = options.seed ?? 20_251_121
  const batchSize = options.batchSize ?? 5_000
  const { businesses, productsPerBusiness } = SIZES[options.size]
  const client = rawClient(db)
  const random = prng(seed)
  // One real argon2id hash for every account: hashing a million times would measure argon2.
  const passwordHash = await hash('Benchmark123')
  const { plans, identifiers } = await insertUsersAndBusinesses(
    client,
    random,
    businesses,
    options.prefix ?? '',
    passwordHash,
    Math.min(batchSize, 2_000),
  )
  const productId = await insertProducts(
    client,
    random,
    plans,
    productsPerBusiness,
    batchSize,
    options.onProgress,
  )
  await client.query('VACUUM ANALYZE users')
  await client.query('VACUUM ANALYZE businesses')
  await client.query('VACUUM ANALYZE products')
  await client.query('VACUUM ANALYZE product_search')
  await client.query('VACUUM ANALYZE product_words')
  await client.query('VACUUM ANALYZE product_counts')
  return {
    size: options.size,
    seed,
    businesses,
    products: businesses * productsPerBusiness,
    ms: Math.round(performance.now() - started),
    sample: {
      businessId: plans[0]!.id,
      identifier: identifiers[0]!,
      productId,
      category: ARCHETYPES[0]!.families[0]!.category,
      productCount: productsPerBusiness,
      businessIds: plans.slice(0, 100).map((p) => p.id),
    },
  }
}

/** The sample of an already generated catalogue: its oldest business and that one's first product. */
export async function loadSample(db: Database): Promise<CatalogueSample> {
  const client = rawClient(db)
  const { rows } = await client.query(
    `SELECT b.id AS "businessId", b.identifier,
       (SELECT p.id FROM products p WHERE p.business_id = b.id ORDER BY p.created_at, p.id LIMIT 1)
         AS "productId",
       (SELECT count(*)::int FROM products p WHERE p.business_id = b.id) AS "productCount"
     FROM businesses b ORDER BY b.created_at, b.id LIMIT 1`,
  )
  const row = rows[0] as Omit<CatalogueSample, 'category' | 'businessIds'> | undefined
  if (!row?.productId)
    throw new Error('no generated catalogue in this database: run bench/generate.ts')
  const first = await client.query('SELECT id FROM businesses ORDER BY created_at, id LIMIT 100')
  return {
    ...row,
    category: ARCHETYPES[0]!.families[0]!.category,
    businessIds: (first.rows as { id: string }[]).map((r) => r.id),
  }
}
