/**
 * Issue 27 §1: importing products from a sheet (docs/decisions/028). Each row is checked with
 * the product form's own schema (createProductSchema) and the business's categories, and matched
 * to an existing product of the owner's business by its code (present and matching: update;
 * otherwise: create). A preview writes nothing; a confirmed import writes every row in one
 * transaction, with the business locked (the plan's limit counted like a create), or nothing.
 * Rows naming images by URL leave an import job the workers fill in afterwards (./images.ts).
 */
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  BUSINESS_MESSAGES,
  CATALOGUE_COLUMNS,
  CATALOGUE_IO_LIMITS,
  IMPORT_MESSAGES,
  PLAN_MESSAGES,
  PLANS,
  PRODUCT_MESSAGES,
  categoryKey,
  createProductSchema,
  variantIssues,
  type CatalogueColumn,
  type CreateProduct,
  type ImageAsset,
  type ImportPreview,
  type ImportRowError,
  type StoredProductCategory,
} from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import {
  products,
  productVariants,
  type ProductRow,
  type VariantRow,
} from '../../db/schema/index.js'
import { AppError } from '../../lib/errors.js'
import { lockBusiness } from '../businesses/index.js'
import { getOwnBusiness } from '../businesses/service.js'
import { productColumns } from '../products/service.js'
import { saveVariantsOfMany, variantsOf } from '../products/index.js'
import type { ParsedRow } from './parse.js'
import { readUploadedSheet } from './read-sheet.js'
import { CellError, columnOfPath, parseImageUrls, rowToInput, storedUrl } from './sheet.js'
import { importJobItems, importJobs } from './tables.js'

/** At most this many errors are listed (the count of rows in error is what matters past it). */
const MAX_ERRORS = 500
const INSERT_CHUNK = 500
/** Products of one batched UPDATE (their values travel as one jsonb parameter). */
const UPDATE_CHUNK = 500

interface RowPlan {
  number: number
  kind: 'create' | 'update' | 'unchanged'
  input: CreateProduct
  category: string
  subCategory: string | null
  existing?: ProductRow
  /** The sheet's image URLs (stored form); null: the product's images stay as they are. */
  urls: string[] | null
}

interface Plan {
  rows: RowPlan[]
  errors: ImportRowError[]
  errorRows: number
}

const header = (column: CatalogueColumn | undefined) => (column ? CATALOGUE_COLUMNS[column] : '')

function placementOf(categories: readonly StoredProductCategory[], input: CreateProduct) {
  const parent = categories.find((c) => categoryKey(c.name) === categoryKey(input.category))
  if (!parent) throw new CellError('category', PRODUCT_MESSAGES.categoryUnknown)
  if (!input.subCategory) return { category: parent.name, subCategory: null }
  const child = parent.subCategories.find(
    (s) => categoryKey(s.name) === categoryKey(input.subCategory!),
  )
  if (!child) throw new CellError('subCategory', PRODUCT_MESSAGES.subCategoryUnknown)
  return { category: parent.name, subCategory: child.name }
}

const urlsOf = (row: Pick<ProductRow, 'image' | 'images'>) =>
  [row.image, ...row.images].map((i) => i.url)

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  JSON.stringify(a) === JSON.stringify(b)

function variantKey(v: {
  options: Record<string, string>
  price?: number | null
  code?: string | null
  stock?: number | null
  imageIndex?: number | null
}) {
  return JSON.stringify([
    Object.entries(v.options).sort(),
    v.price ?? null,
    v.code ?? null,
    v.stock ?? null,
    v.imageIndex ?? null,
  ])
}

/** Whether the row would leave the stored product exactly as it is. */
function isUnchanged(
  plan: Omit<RowPlan, 'kind'>,
  existing: ProductRow,
  variants: readonly VariantRow[],
): boolean {
  const i = plan.input
  const hasVariants = i.variants.length > 0
  return (
    plan.urls === null &&
    existing.name === i.name &&
    existing.description === i.description &&
    existing.info === (i.info ?? null) &&
    Number(existing.price) === i.price &&
    existing.discount === i.discount &&
    existing.currency === i.currency &&
    existing.code === (i.code ?? null) &&
    existing.isFeatured === i.isFeatured &&
    existing.isNew === i.isNew &&
    existing.category === plan.category &&
    existing.subCategory === plan.subCategory &&
    sameList(existing.tags, i.tags) &&
    sameList(existing.specifications, i.specifications) &&
    sameList(existing.options, i.options) &&
    existing.trackStock === i.trackStock &&
    existing.status === i.status &&
    (hasVariants || existing.stock === (i.stock ?? null)) &&
    sameList(
      variants.map((v) => variantKey({ ...v, price: v.price === null ? null : Number(v.price) })),
      i.variants.map(variantKey),
    )
  )
}

/** Checks every row of the sheet against the business as it is in `db`. */
async function planRows(
  db: Executor,
  business: { id: string; categories: StoredProductCategory[]; effectivePlan: keyof typeof PLANS },
  sheet: readonly ParsedRow[],
  publicUrl: string,
): Promise<Plan> {
  const existing = await db.select().from(products).where(eq(products.businessId, business.id))
  const variants = await variantsOf(db, existing)
  const byCode = new Map<string, ProductRow[]>()
  for (const row of existing) {
    if (!row.code) continue
    const list = byCode.get(row.code)
    if (list) list.push(row)
    else byCode.set(row.code, [row])
  }
  const seenCodes = new Map<string, number>()
  const uncoded = new Map<string, ProductRow[]>()
  for (const row of existing) {
    if (row.code) continue
    const list = uncoded.get(row.name)
    if (list) list.push(row)
    else uncoded.set(row.name, [row])
  }
  const claimed = new Set<string>()
  // Issue 23 §2: showing a hidden product counts against the plan's visible products, as in the
  // form. Creates are bounded by `fits` (all products), so only updates are counted here.
  const visibleLimit = PLANS[business.effectivePlan].productLimit
  let visible = existing.filter((p) => p.status === 'active').length
  const plan: Plan = { rows: [], errors: [], errorRows: 0 }

  for (const { number, row } of sheet) {
    const errors: ImportRowError[] = []
    const fail = (column: CatalogueColumn | undefined, message: string) => {
      if (!errors.some((e) => e.column === header(column))) {
        errors.push({ row: number, column: header(column), message })
      }
    }
    let input: Record<string, unknown> | undefined
    let sheetUrls: string[] = []
    try {
      input = rowToInput(row, business.id)
    } catch (error) {
      if (!(error instanceof CellError)) throw error
      fail(error.column, error.message)
    }
    try {
      sheetUrls = parseImageUrls(row.images)
      if (sheetUrls.length > CATALOGUE_IO_LIMITS.maxImageUrls)
        fail('images', IMPORT_MESSAGES.imagesMax)
    } catch (error) {
      if (!(error instanceof CellError)) throw error
      fail(error.column, error.message)
    }
    const parsed = input ? createProductSchema.safeParse(input) : undefined
    if (parsed && !parsed.success) {
      for (const issue of parsed.error.issues) fail(columnOfPath(issue.path), issue.message)
    }
    const code = typeof input?.code === 'string' ? input.code.trim() : undefined
    if (code) {
      const first = seenCodes.get(code)
      if (first !== undefined) fail('code', IMPORT_MESSAGES.codeRepeated(first))
      else seenCodes.set(code, number)
      if ((byCode.get(code)?.length ?? 0) > 1) fail('code', IMPORT_MESSAGES.codeAmbiguous)
    }
    const match = code ? byCode.get(code)?.[0] : undefined
    // The product's own images are named by their stored (relative) URL; any other URL, ours
    // included, is downloaded like a foreign one.
    const own = new Set(match ? urlsOf(match) : [])
    const urls = sheetUrls.map((url) => {
      const stored = storedUrl(url, publicUrl)
      return own.has(stored) ? stored : url
    })
    if (!match && urls.length === 0) fail('images', PRODUCT_MESSAGES.mainImageRequired)

    if (parsed?.success && errors.length === 0) {
      const data = parsed.data
      try {
        const placement = placementOf(business.categories, data)
        const imageCount = urls.length > 0 ? urls.length : match ? 1 + match.images.length : 0
        for (const issue of variantIssues(data.options, data.variants, imageCount)) {
          fail(issue.path[0] === 'options' ? 'options' : 'variants', issue.message)
        }
        const sameImages = match && (urls.length === 0 || sameList(urls, urlsOf(match)))
        const rowPlan = {
          number,
          input: data,
          ...placement,
          existing: match,
          urls: sameImages ? null : urls,
        }
        if (errors.length === 0 && !match) {
          // A row without a code exactly like a product without one (an export read back) is
          // that product, unchanged: re-importing an export never duplicates anything.
          const twin = uncoded.get(data.name)?.find(
            (p) =>
              !claimed.has(p.id) &&
              sameList(
                urls.map((u) => storedUrl(u, publicUrl)),
                urlsOf(p),
              ) &&
              isUnchanged({ ...rowPlan, urls: null }, p, variants.get(p.id) ?? []),
          )
          if (twin) claimed.add(twin.id)
          plan.rows.push({ ...rowPlan, kind: twin ? 'unchanged' : 'create' })
        } else if (errors.length === 0) {
          const shows = match!.status !== 'active' && data.status === 'active'
          if (match!.status === 'active' && data.status !== 'active') visible--
          if (shows && visibleLimit !== null && visible + 1 > visibleLimit) {
            fail('status', PLAN_MESSAGES.visibleLimitReached)
          } else {
            if (shows) visible++
            plan.rows.push({
              ...rowPlan,
              kind: isUnchanged(rowPlan, match!, variants.get(match!.id) ?? [])
                ? 'unchanged'
                : 'update',
            })
          }
        }
      } catch (error) {
        if (!(error instanceof CellError)) throw error
        fail(error.column, error.message)
      }
    }
    if (errors.length > 0) {
      plan.errorRows++
      for (const e of errors) if (plan.errors.length < MAX_ERRORS) plan.errors.push(e)
    }
  }
  return plan
}

function fitsOf(plan: keyof typeof PLANS, count: number): number | null {
  const limit = PLANS[plan].productLimit
  return limit === null ? null : Math.max(0, limit - count)
}

function summary(plan: Plan, fits: number | null, dryRun: boolean): ImportPreview {
  const count = (kind: RowPlan['kind']) => plan.rows.filter((r) => r.kind === kind).length
  return {
    create: count('create'),
    update: count('update'),
    unchanged: count('unchanged'),
    rows: plan.rows.length + plan.errorRows,
    fits,
    withImages: plan.rows.filter((r) => r.kind !== 'unchanged' && r.urls !== null).length,
    errors: plan.errors,
    dryRun,
    jobId: null,
  }
}

/** The import refused as a whole: 422 with the preview (its errors) as the reply's body. */
export class ImportRefused extends Error {
  constructor(
    readonly preview: ImportPreview & { message: string },
    readonly statusCode = 422,
  ) {
    super(preview.message)
  }
}

/** The product's assets for the sheet's URLs: its own ones kept, others by URL for now. */
function interimImages(urls: readonly string[], current?: ProductRow): ImageAsset[] {
  const own = new Map(current ? [current.image, ...current.images].map((a) => [a.url, a]) : [])
  return urls.map((url) => own.get(url) ?? { url })
}

const isPending = (asset: ImageAsset) =>
  asset.srcset === undefined && /^https?:\/\//.test(asset.url)

export interface ImportOutcome {
  preview: ImportPreview
  /** Our own images no longer listed on updated products: delete after the commit. */
  removed: ImageAsset[]
}

/** A product's new values; a null image/images keeps the stored ones. */
type UpdateValues = ReturnType<typeof productColumns> & {
  id: string
  image: ImageAsset | null
  images: ImageAsset[] | null
}

/**
 * One UPDATE for many products of the business, each with its own values (jsonb_to_recordset of
 * one parameter). A null image/images keeps the stored ones. Row triggers (state, slug) run per
 * row as before; the statement-level ones (search words) once per statement instead of per row.
 */
async function updateProducts(
  tx: Executor,
  businessId: string,
  values: readonly UpdateValues[],
): Promise<void> {
  const records = values.map((v) => ({
    id: v.id,
    name: v.name,
    description: v.description,
    info: v.info,
    price: v.price,
    discount: v.discount,
    is_offer: v.isOffer,
    is_featured: v.isFeatured,
    is_new: v.isNew,
    currency: v.currency,
    code: v.code,
    tags: v.tags,
    specifications: v.specifications,
    category: v.category,
    sub_category: v.subCategory,
    search_text: v.searchText,
    options: v.options,
    track_stock: v.trackStock,
    stock: v.stock,
    status: v.status,
    image: v.image,
    images: v.images,
  }))
  await tx.execute(sql`UPDATE ${products} AS p SET
      name = v.name, description = v.description, info = v.info, price = v.price,
      discount = v.discount, is_offer = v.is_offer, is_featured = v.is_featured,
      is_new = v.is_new, currency = v.currency, code = v.code, tags = v.tags,
      specifications = v.specifications, category = v.category, sub_category = v.sub_category,
      search_text = v.search_text, options = v.options, track_stock = v.track_stock,
      stock = v.stock, status = v.status, image = coalesce(v.image, p.image),
      images = coalesce(v.images, p.images), updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(
      id uuid, name text, description text, info text, price numeric, discount int,
      is_offer boolean, is_featured boolean, is_new boolean, currency text, code text,
      tags text[], specifications jsonb, category text, sub_category text, search_text text,
      options jsonb, track_stock boolean, stock int, status text, image jsonb, images jsonb)
    WHERE p.id = v.id AND p.business_id = ${businessId}`)
}

/**
 * POST /products/import. dryRun: the preview. Otherwise everything in one transaction, or a
 * 422 (ImportRefused) with the errors and nothing written.
 */
export async function importProducts(
  db: Database,
  userId: string,
  buffer: Buffer,
  dryRun: boolean,
  publicUrl: string,
): Promise<ImportOutcome> {
  const business = await getOwnBusiness(db, userId)
  // Read (in a worker) before any transaction: a slow or refused file holds no lock.
  const sheet = await readUploadedSheet(buffer)
  if (dryRun) {
    const plan = await planRows(db, business, sheet, publicUrl)
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.businessId, business.id))
    return {
      preview: summary(plan, fitsOf(business.effectivePlan, row?.n ?? 0), true),
      removed: [],
    }
  }
  return db.transaction(async (tx) => {
    // Locked first: creates and other imports of the business wait, so the plan count holds.
    const locked = await lockBusiness(tx, business.id)
    if (!locked || locked.userId !== userId) {
      throw new AppError('NOT_FOUND', BUSINESS_MESSAGES.notFound)
    }
    const plan = await planRows(tx, locked, sheet, publicUrl)
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.businessId, locked.id))
    const fits = fitsOf(locked.effectivePlan, counted?.n ?? 0)
    const preview = summary(plan, fits, false)
    if (plan.errorRows > 0) {
      throw new ImportRefused({ ...preview, message: IMPORT_MESSAGES.rowsInvalid })
    }
    if (fits !== null && preview.create > fits) {
      throw new ImportRefused({ ...preview, message: IMPORT_MESSAGES.planLimit(fits) })
    }

    const removed: ImageAsset[] = []
    const pending: { productId: string; row: number; urls: string[] }[] = []
    // Creates: multi-row inserts with ids chosen here, so variants and jobs can point at them.
    const creates = plan.rows.filter((r) => r.kind === 'create')
    const variantRows: (typeof productVariants.$inferInsert)[] = []
    for (let at = 0; at < creates.length; at += INSERT_CHUNK) {
      const chunk = creates.slice(at, at + INSERT_CHUNK).map((r) => {
        const id = randomUUID()
        const [image, ...images] = interimImages(r.urls!)
        pending.push({ productId: id, row: r.number, urls: r.urls! })
        r.input.variants.forEach((v, position) =>
          variantRows.push({
            productId: id,
            businessId: locked.id,
            position,
            options: Object.fromEntries(r.input.options.map((o) => [o.name, v.options[o.name]!])),
            price: v.price ?? null,
            code: v.code ?? null,
            stock: v.stock ?? null,
            imageIndex: v.imageIndex ?? null,
          }),
        )
        return {
          id,
          ...productColumns(locked.id, r.input, {
            category: r.category,
            subCategory: r.subCategory,
          }),
          image: image!,
          images,
        }
      })
      await tx.insert(products).values(chunk)
    }
    for (let at = 0; at < variantRows.length; at += INSERT_CHUNK * 2) {
      await tx.insert(productVariants).values(variantRows.slice(at, at + INSERT_CHUNK * 2))
    }
    // Updates: one statement per UPDATE_CHUNK products (their values as one jsonb parameter),
    // then their variants replaced as the form does, also in a few statements.
    const updates = plan.rows.filter((p) => p.kind === 'update')
    for (let at = 0; at < updates.length; at += UPDATE_CHUNK) {
      const chunk = updates.slice(at, at + UPDATE_CHUNK)
      const values = chunk.map((r): UpdateValues => {
        const current = r.existing!
        const columns = productColumns(locked.id, r.input, {
          category: r.category,
          subCategory: r.subCategory,
        })
        let image: ImageAsset | null = null
        let images: ImageAsset[] | null = null
        if (r.urls !== null) {
          const assets = interimImages(r.urls, current)
          image = assets[0]!
          images = assets.slice(1)
          const kept = new Set(r.urls)
          removed.push(...[current.image, ...current.images].filter((a) => !kept.has(a.url)))
          if (assets.some(isPending)) {
            pending.push({ productId: current.id, row: r.number, urls: r.urls })
          }
        }
        return { id: current.id, ...columns, image, images }
      })
      await updateProducts(tx, locked.id, values)
      // A product that had and keeps no options has no variants to replace.
      await saveVariantsOfMany(
        tx,
        chunk
          .filter((r) => r.existing!.options.length > 0 || r.input.variants.length > 0)
          .map((r) => ({
            product: r.existing!,
            options: r.input.options,
            variants: r.input.variants,
          })),
      )
    }

    // Issue 40 §4: an older import's downloads for a product whose images this import sets
    // again are superseded: dropped (done, nothing to report) rather than fetched for nothing.
    const replaced = updates.filter((r) => r.urls !== null).map((r) => r.existing!.id)
    for (let at = 0; at < replaced.length; at += INSERT_CHUNK * 2) {
      await tx
        .update(importJobItems)
        .set({ status: 'done' })
        .where(
          and(
            eq(importJobItems.status, 'pending'),
            inArray(importJobItems.productId, replaced.slice(at, at + INSERT_CHUNK * 2)),
          ),
        )
    }

    let jobId: string | null = null
    const toFetch = pending
      .map((p) => ({ ...p, urls: p.urls.filter((url) => /^https?:\/\//.test(url)) }))
      .filter((p) => p.urls.length > 0)
    if (toFetch.length > 0) {
      // Issue 40 §4: what one business may leave waiting for the image workers is capped.
      const [waiting] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(importJobItems)
        .innerJoin(importJobs, eq(importJobs.id, importJobItems.jobId))
        .where(and(eq(importJobs.businessId, locked.id), eq(importJobItems.status, 'pending')))
      const max = CATALOGUE_IO_LIMITS.maxPendingImageRows
      if ((waiting?.n ?? 0) + toFetch.length > max) {
        const message = IMPORT_MESSAGES.imagesBacklog(max)
        throw new AppError('TOO_MANY_REQUESTS', message, [{ path: 'file', message }])
      }
      const [job] = await tx
        .insert(importJobs)
        .values({ businessId: locked.id, created: preview.create, updated: preview.update })
        .returning({ id: importJobs.id })
      jobId = job!.id
      for (let at = 0; at < toFetch.length; at += INSERT_CHUNK * 2) {
        await tx.insert(importJobItems).values(
          toFetch.slice(at, at + INSERT_CHUNK * 2).map((p) => ({
            jobId: jobId!,
            productId: p.productId,
            row: p.row,
            urls: p.urls,
          })),
        )
      }
    }
    return {
      preview: { ...preview, withImages: toFetch.length, jobId },
      removed: removed.filter((a) => a.srcset !== undefined),
    }
  })
}
