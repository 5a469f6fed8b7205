/**
 * Businesses (SPEC §3, §5, §6, §7, §9): one per owner, public by identifier, edited only by its
 * owner. Images follow the media orphan rule: stored before the database change commits, removed
 * if it fails, and the replaced ones deleted only after the commit.
 */
import {
  AUTH_MESSAGES,
  BUSINESS_MESSAGES,
  DEFAULT_COLORS,
  DEFAULT_TIME_ZONE,
  DEFAULT_FEATURES,
  IDENTIFIER_PATTERN,
  idSchema,
  isReservedIdentifier,
  LIMITS,
  mobileWhatsapp,
  OPERATOR_CONSOLE_MESSAGES,
  type Business,
  type BusinessListQuery,
  type BusinessListResponse,
  type CreateBusiness,
  type IdentifierAvailability,
  type ImageAsset,
  type Slide,
  type SlideOrder,
  type UpdateBusiness,
} from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import {
  BUSINESS_IDENTIFIER_CONSTRAINT,
  BUSINESS_USER_CONSTRAINT,
  type BusinessRow,
  type NewBusinessRow,
} from '../../db/schema/index.js'
import { AppError, isUniqueViolation } from '../../lib/errors.js'
import type { SafeFetchOptions } from '../catalogue-io/index.js'
import type { MediaService, StoreImage } from '../media/index.js'
import { diffCategories, toStoredCategories } from './categories.js'
import { toBusiness } from './mapper.js'
import { applyProductCategoryChanges } from './product-categories.js'
import { dropHold, holdIdentifiers, isIdentifierHeld } from './released-identifiers.js'
import { settleAll, SLIDE_FETCH_DEFAULTS, storeSlideUrls, type SlideUrl } from './slide-urls.js'
import {
  findBusinessById,
  findBusinessByIdentifier,
  findBusinessByUserId,
  insertBusiness,
  isIdentifierTaken,
  listBusinesses,
  listFeaturedBusinesses,
  lockBusiness,
  searchTextOf,
  updateBusinessRow,
} from './repository.js'

export interface BusinessDeps {
  db: Database
  media: Pick<MediaService, 'withStoredImages'>
  /** Issue 25: UYU per USD while a business sets no rate of its own (config). */
  defaultExchangeRate: number
  /** Issue 41: how slides given by URL are downloaded (./slide-urls.ts; default: no loopback). */
  slideFetch?: SafeFetchOptions
}

/** Today in the business's time zone, YYYY-MM-DD (the date an exchange rate was set). */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
}

/**
 * Issue 25: the owner's exchange rate (null: back to the platform's default) and the rate the
 * products' main-currency prices use; a change reprices them (trigger, migration 0015).
 */
function rateFields(
  rate: number | null,
  timeZone: string,
  defaultRate: number,
): Pick<NewBusinessRow, 'exchangeRate' | 'exchangeRateDate' | 'priceRate'> {
  return rate === null
    ? { exchangeRate: null, exchangeRateDate: null, priceRate: defaultRate }
    : { exchangeRate: rate, exchangeRateDate: todayIn(timeZone), priceRate: rate }
}

/** Files of a business form, already read and size-checked by the multipart reader. */
export interface BusinessUploads {
  logo: Buffer[]
  slides: Buffer[]
}

const notFound = () => new AppError('NOT_FOUND', BUSINESS_MESSAGES.notFound)
/** A suspended business, to anyone but its owner (issue 23 §3). */
export const businessUnavailable = () =>
  new AppError('NOT_FOUND', OPERATOR_CONSOLE_MESSAGES.businessUnavailable)
const identifierTaken = () =>
  new AppError('CONFLICT', BUSINESS_MESSAGES.identifierTaken, [
    { path: 'identifier', message: BUSINESS_MESSAGES.identifierTaken },
  ])
/** Issue 40 §5: another business gave it up less than the quarantine ago. */
const identifierHeld = () =>
  new AppError('CONFLICT', BUSINESS_MESSAGES.identifierHeld, [
    { path: 'identifier', message: BUSINESS_MESSAGES.identifierHeld },
  ])
const alreadyHasBusiness = () => new AppError('CONFLICT', BUSINESS_MESSAGES.alreadyHasBusiness)
const tooManySlides = () =>
  new AppError('VALIDATION', BUSINESS_MESSAGES.slidesMax, [
    { path: 'slides', message: BUSINESS_MESSAGES.slidesMax },
  ])

/** Unique violations can only come from a concurrent write that won the race. */
function conflictFrom(error: unknown): AppError | undefined {
  if (isUniqueViolation(error, BUSINESS_IDENTIFIER_CONSTRAINT)) return identifierTaken()
  if (isUniqueViolation(error, BUSINESS_USER_CONSTRAINT)) return alreadyHasBusiness()
  return undefined
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function listPublicBusinesses(
  db: Executor,
  query: BusinessListQuery,
): Promise<BusinessListResponse> {
  const { rows, total } = await listBusinesses(db, query)
  return { items: rows.map(toBusiness), total, page: query.page, pageSize: query.pageSize }
}

/**
 * The storefront's business. A suspended one answers 404 'Negocio no disponible' (issue 23 §3),
 * for everybody: its owner reads it through `getOwnBusiness`.
 */
export async function getBusinessByIdentifier(db: Executor, identifier: string): Promise<Business> {
  const row = await findBusinessByIdentifier(db, identifier.trim().toLowerCase())
  if (!row) throw notFound()
  if (row.suspendedAt) throw businessUnavailable()
  return toBusiness(row)
}

/** The landing's 'Negocios destacados' (issue 23 §3, repository.listFeaturedBusinesses). */
export async function getFeaturedBusinesses(db: Executor): Promise<Business[]> {
  const rows = await listFeaturedBusinesses(db, LIMITS.featuredBusinesses)
  return rows.map(toBusiness)
}

/**
 * SPEC §7 "My business": 404 when the user has none (the web then opens the wizard). A suspended
 * business is still its owner's (the reply, plans/service.toOwnerBusiness, carries the reason).
 */
export async function getOwnBusiness(db: Executor, userId: string): Promise<BusinessRow> {
  const row = await findBusinessByUserId(db, userId)
  if (!row) throw notFound()
  return row
}

/**
 * SPEC §4: checked before leaving wizard step 1. Malformed and reserved are not available, nor
 * (issue 40 §5) one another business gave up recently — unless it was the asker's own business
 * (`ownBusinessId`, asked only then), which may take it back.
 */
export async function checkIdentifierAvailability(
  db: Executor,
  identifier: string,
  ownBusinessId?: () => Promise<string | undefined>,
): Promise<IdentifierAvailability> {
  if (
    identifier.length === 0 ||
    identifier.length > LIMITS.identifierMax ||
    !IDENTIFIER_PATTERN.test(identifier)
  ) {
    return { available: false, reason: 'invalid' }
  }
  if (isReservedIdentifier(identifier)) return { available: false, reason: 'reserved' }
  if (await isIdentifierTaken(db, identifier)) return { available: false, reason: 'taken' }
  if (await isIdentifierHeld(db, identifier)) {
    const own = await ownBusinessId?.()
    if (!own || (await isIdentifierHeld(db, identifier, own))) {
      return { available: false, reason: 'held' }
    }
  }
  return { available: true }
}

// ---------------------------------------------------------------------------------------------
// Create

function urlSlides(urls: readonly string[] | undefined): Slide[] {
  return (urls ?? []).map((url) => ({ image: { url } }))
}

/** A slide as `slideOrder` names it: its URL, or the index of its `slides` file part. */
interface NamedSlide {
  ref: string | number
  slide: Slide
}

const byUrl = (slides: Slide[]): NamedSlide[] =>
  slides.map((slide) => ({ ref: slide.image.url, slide }))
const byFileIndex = (slides: Slide[]): NamedSlide[] =>
  slides.map((slide, index) => ({ ref: index, slide }))

/**
 * The slides in the order the editor sent (`slideOrder`): each entry takes the first slide not
 * yet placed that it names; entries naming none are ignored; slides it leaves out follow in the
 * default order (stored, URL, files). Without an order, the default order.
 */
function arrangeSlides(named: NamedSlide[], order: SlideOrder | undefined): Slide[] {
  if (!order) return named.map((entry) => entry.slide)
  const placed = new Set<number>()
  for (const ref of order) {
    const index = named.findIndex((entry, i) => !placed.has(i) && entry.ref === ref)
    if (index !== -1) placed.add(index)
  }
  const rest = named.filter((_, i) => !placed.has(i))
  return [...[...placed].map((i) => named[i]!), ...rest].map((entry) => entry.slide)
}

/** The place (from 1) each URL slide takes in `arranged`, the slides as they will be saved. */
function urlPositions(named: NamedSlide[], arranged: Slide[]): SlideUrl[] {
  return named.map(({ slide }) => ({ url: slide.image.url, position: arranged.indexOf(slide) + 1 }))
}

/** The URL slides again, each now holding the image stored for it (same `ref`: its URL). */
function withAssets(named: NamedSlide[], assets: ImageAsset[]): NamedSlide[] {
  return named.map(({ ref }, i) => ({ ref, slide: { image: assets[i]! } }))
}

/** Stand-ins for slide files not stored yet (their number and place is all that matters). */
const pendingFiles = (files: Buffer[]): Slide[] => files.map(() => ({ image: { url: '' } }))

async function storeSlides(store: StoreImage, files: Buffer[]): Promise<Slide[]> {
  const images = await Promise.all(files.map((file) => store(file, 'slide', { field: 'slides' })))
  return images.map((image) => ({ image }))
}

async function storeLogo(
  store: StoreImage,
  files: Buffer[],
  url: string | undefined,
): Promise<ImageAsset | undefined> {
  const [file] = files
  if (file) return store(file, 'logo', { field: 'logo' })
  return url ? { url } : undefined
}

/**
 * SPEC §6: an authenticated owner creates one business. The owner comes from the token; a
 * `userId` in the form is ignored. Cheap checks run before any image is processed; the database
 * constraints settle races between concurrent creates.
 */
export async function createBusiness(
  deps: BusinessDeps,
  ownerId: string,
  input: CreateBusiness,
  uploads: BusinessUploads,
  /** Runs in the insert's transaction (the wizard's Premium choice records a plan request). */
  afterInsert?: (tx: Executor, row: BusinessRow) => Promise<void>,
): Promise<BusinessRow> {
  if (uploads.slides.length + (input.slides?.length ?? 0) > LIMITS.maxSlides) throw tooManySlides()
  if (await findBusinessByUserId(deps.db, ownerId)) throw alreadyHasBusiness()
  if (await isIdentifierTaken(deps.db, input.identifier)) throw identifierTaken()
  if (await isIdentifierHeld(deps.db, input.identifier)) throw identifierHeld()

  // Issue 41: slides given by URL are stored as our own images; the error naming a failed one
  // gives its place in the saved order.
  const urlNamed = byUrl(urlSlides(input.slides))
  const positions = urlPositions(
    urlNamed,
    arrangeSlides([...urlNamed, ...byFileIndex(pendingFiles(uploads.slides))], input.slideOrder),
  )

  return deps.media.withStoredImages(async (store, copy) => {
    const [logo, storedSlides, urlAssets] = await settleAll([
      storeLogo(store, uploads.logo, input.logo),
      storeSlides(store, uploads.slides),
      storeSlideUrls(positions, store, copy, deps.slideFetch ?? SLIDE_FETCH_DEFAULTS),
    ])
    const row: NewBusinessRow = {
      userId: ownerId,
      name: input.name,
      identifier: input.identifier,
      description: input.description,
      category: input.category,
      categories: toStoredCategories(input.categories),
      logo: logo ?? null,
      address: input.address ?? null,
      phone: input.phone,
      email: input.email,
      socialLinks: input.socialLinks ?? {},
      // Issue 24 §1: without a WhatsApp number, the phone when it is a mobile (else none).
      whatsapp: input.whatsapp ?? mobileWhatsapp(input.phone),
      ...(input.deliveryOptions ? { deliveryOptions: input.deliveryOptions } : {}),
      ...(input.paymentMethods ? { paymentMethods: input.paymentMethods } : {}),
      openingHours: input.openingHours ?? null,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      // SPEC §9: colours not chosen get the defaults.
      primaryColor: input.primaryColor ?? DEFAULT_COLORS.primaryColor,
      secondaryColor: input.secondaryColor ?? DEFAULT_COLORS.secondaryColor,
      bgColor: input.bgColor ?? DEFAULT_COLORS.bgColor,
      features: { ...DEFAULT_FEATURES, ...input.features },
      slides: arrangeSlides(
        [...withAssets(urlNamed, urlAssets), ...byFileIndex(storedSlides)],
        input.slideOrder,
      ),
      planType: input.planType,
      searchText: searchTextOf(input),
      mainCurrency: input.mainCurrency ?? 'UYU',
      ...rateFields(
        input.exchangeRate ?? null,
        input.timeZone ?? DEFAULT_TIME_ZONE,
        deps.defaultExchangeRate,
      ),
    }
    try {
      const created = await deps.db.transaction(async (tx) => {
        // Again in the transaction: the hold may have been written since the check above.
        if (await isIdentifierHeld(tx, row.identifier)) throw identifierHeld()
        await dropHold(tx, row.identifier) // an expired hold, if any
        const inserted = await insertBusiness(tx, row)
        await afterInsert?.(tx, inserted)
        return inserted
      })
      return { result: created }
    } catch (error) {
      throw conflictFrom(error) ?? error
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Update

/** Loads the business for a change by `userId`: 404 when unknown, 403 when someone else's. */
export async function loadOwnedBusiness(
  db: Executor,
  businessId: string,
  userId: string,
): Promise<BusinessRow> {
  // Not a UUID cannot name a business; asking the database would only raise a cast error.
  const row = idSchema.safeParse(businessId).success
    ? await findBusinessById(db, businessId)
    : undefined
  if (!row) throw notFound()
  if (row.userId !== userId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden)
  return row
}

/**
 * Slides after the edit, in `slideOrder` when sent; otherwise kept ones in order, then new URL
 * slides (`added`, named by the URL sent), then new uploads.
 */
function nextSlides(
  current: Slide[],
  input: UpdateBusiness,
  added: NamedSlide[],
  uploaded: Slide[],
): Slide[] {
  const removed = new Set(input.slidesToDelete ?? [])
  return arrangeSlides(
    [
      ...byUrl(current.filter((slide) => !removed.has(slide.image.url))),
      ...added,
      ...byFileIndex(uploaded),
    ],
    input.slideOrder,
  )
}

function changedFields(
  current: BusinessRow,
  input: UpdateBusiness,
  defaultRate: number,
): Partial<NewBusinessRow> {
  const patch: Partial<NewBusinessRow> = {}
  if (input.mainCurrency !== undefined) patch.mainCurrency = input.mainCurrency
  if (input.productOrder !== undefined) patch.productOrder = input.productOrder
  if (input.exchangeRate !== undefined) {
    Object.assign(
      patch,
      rateFields(input.exchangeRate, input.timeZone ?? current.timeZone, defaultRate),
    )
  }
  if (input.name !== undefined) patch.name = input.name
  if (input.identifier !== undefined) patch.identifier = input.identifier
  if (input.description !== undefined) patch.description = input.description
  if (input.category !== undefined) patch.category = input.category
  if (input.phone !== undefined) patch.phone = input.phone
  if (input.email !== undefined) patch.email = input.email
  if (input.address !== undefined) patch.address = input.address
  if (input.socialLinks !== undefined) patch.socialLinks = input.socialLinks
  if (input.whatsapp !== undefined) patch.whatsapp = input.whatsapp
  if (input.deliveryOptions !== undefined) patch.deliveryOptions = input.deliveryOptions
  if (input.paymentMethods !== undefined) patch.paymentMethods = input.paymentMethods
  if (input.openingHours !== undefined) patch.openingHours = input.openingHours
  if (input.timeZone !== undefined) patch.timeZone = input.timeZone
  if (input.primaryColor !== undefined) patch.primaryColor = input.primaryColor
  if (input.secondaryColor !== undefined) patch.secondaryColor = input.secondaryColor
  if (input.bgColor !== undefined) patch.bgColor = input.bgColor
  if (input.planType !== undefined) patch.planType = input.planType
  if (input.features !== undefined) {
    const sent = Object.fromEntries(
      Object.entries(input.features).filter(([, value]) => value !== undefined),
    )
    patch.features = { ...DEFAULT_FEATURES, ...current.features, ...sent }
  }
  if (input.name !== undefined || input.description !== undefined) {
    patch.searchText = searchTextOf({
      name: input.name ?? current.name,
      description: input.description ?? current.description,
    })
  }
  return patch
}

/**
 * SPEC §7 PATCH: any subset of fields, new slides, slidesToDelete, slideOrder, a new logo or
 * removeLogo (the stored logo files, favicon included, are deleted after the commit). At most 10 slides
 * after the change; the identifier may change only to an available one (not held: issue 40 §5),
 * and the old one is then held for this business; category renames reach
 * the products in the same transaction. The row is locked while the change is applied, so two
 * edits of the same business never lose each other's slides.
 */
export async function updateBusiness(
  deps: BusinessDeps,
  userId: string,
  businessId: string,
  input: UpdateBusiness,
  uploads: BusinessUploads,
): Promise<BusinessRow> {
  const current = await loadOwnedBusiness(deps.db, businessId, userId)
  const newSlideCount = uploads.slides.length + (input.slides?.length ?? 0)
  const urlNamed = byUrl(urlSlides(input.slides))
  const planned = nextSlides(current.slides, input, urlNamed, pendingFiles(uploads.slides))
  if (planned.length > LIMITS.maxSlides) throw tooManySlides()
  // Issue 41: new URL slides are stored as our own images (a stored slide named again is copied);
  // slides already stored are kept as they are.
  const positions = urlPositions(urlNamed, planned)
  const known = new Map(current.slides.map((slide) => [slide.image.url, slide.image]))
  if (
    input.identifier !== undefined &&
    input.identifier !== current.identifier &&
    (await isIdentifierTaken(deps.db, input.identifier))
  ) {
    throw identifierTaken()
  }
  const isMoving = input.identifier !== undefined && input.identifier !== current.identifier
  if (isMoving && (await isIdentifierHeld(deps.db, input.identifier!, businessId))) {
    throw identifierHeld()
  }

  return deps.media.withStoredImages(async (store, copy) => {
    const [logo, uploadedSlides, urlAssets] = await settleAll([
      storeLogo(store, uploads.logo, input.logo),
      storeSlides(store, uploads.slides),
      storeSlideUrls(positions, store, copy, deps.slideFetch ?? SLIDE_FETCH_DEFAULTS, known),
    ])
    const addedSlides = withAssets(urlNamed, urlAssets)
    try {
      const { row, replaced } = await deps.db.transaction(async (tx) => {
        const locked = await lockBusiness(tx, businessId)
        if (!locked) throw notFound()
        const patch = changedFields(locked, input, deps.defaultExchangeRate)
        const replaced: (ImageAsset | null)[] = []

        if (logo) {
          patch.logo = logo
          replaced.push(locked.logo)
        } else if (input.removeLogo && locked.logo) {
          // Replies carry logo null: the storefront shows no logo and the default favicon.
          patch.logo = null
          replaced.push(locked.logo)
        }
        if (input.slidesToDelete?.length || newSlideCount > 0 || input.slideOrder) {
          const slides = nextSlides(locked.slides, input, addedSlides, uploadedSlides)
          if (slides.length > LIMITS.maxSlides) throw tooManySlides()
          const kept = new Set(slides.map((slide) => slide.image.url))
          replaced.push(
            ...locked.slides.filter((slide) => !kept.has(slide.image.url)).map((s) => s.image),
          )
          patch.slides = slides
        }
        if (patch.identifier !== undefined && patch.identifier !== locked.identifier) {
          // Issue 40 §5: the old identifier is held for this business; the new one is its own.
          if (await isIdentifierHeld(tx, patch.identifier, businessId)) throw identifierHeld()
          await dropHold(tx, patch.identifier)
          await holdIdentifiers(tx, [locked.identifier], businessId)
        }
        if (input.categories !== undefined) {
          const changes = diffCategories(locked.categories, input.categories)
          await applyProductCategoryChanges(tx, businessId, changes)
          patch.categories = changes.categories
        }
        return { row: await updateBusinessRow(tx, businessId, patch), replaced }
      })
      return { result: row, afterCommitDelete: replaced }
    } catch (error) {
      throw conflictFrom(error) ?? error
    }
  })
}
