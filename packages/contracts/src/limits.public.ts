/** Numeric limits and timings of SPEC §5 and §9, used by the forms and enforced by the API. */
export const LIMITS = {
  maxSlides: 10,
  maxExtraImages: 10,
  maxImageBytes: 5 * 1024 * 1024,
  maxImagePixels: 25_000_000,
  shortTextMax: 255,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 120,
  emailMax: 254,
  longTextMax: 5000,
  contactNameMin: 2,
  contactMessageMin: 10,
  contactMessageMax: 5000,
  searchMin: 3,
  searchMax: 100,
  identifierMax: 60,
  /** Issue 40 §5: days a released identifier (account deleted, identifier changed) is held. */
  identifierQuarantineDays: 90,
  tagsMax: 20,
  tagMax: 40,
  specificationsMax: 30,
  categoriesMax: 50,
  subCategoriesMax: 50,
  discountMax: 99,
  priceMax: 100_000_000,
  freePlanProductLimit: 20,
  productPageSizeDefault: 12,
  productPageSizeMax: 48,
  businessPageSizeDefault: 12,
  businessPageSizeMax: 48,
  carouselSize: 12,
  featuredBusinesses: 6,
  // Issue 23 §3 — the operator console
  suspensionReasonMax: 500,
  operatorPageSizeDefault: 20,
  operatorPageSizeMax: 48,
  // Issue 24 — orders
  orderLinesMax: 50,
  orderQuantityMax: 99,
  orderNotesMax: 500,
  /** The shopper's phone in an order (checkout's maxlength and createOrderSchema). */
  orderPhoneMax: 30,
  orderNoteMax: 1000,
  orderPageSizeDefault: 20,
  orderPageSizeMax: 48,
  orderExportDaysMax: 366,
  paymentInstructionsMax: 500,
  openingIntervalsPerDay: 3,
  // Issue 25 — variants, stock and two currencies
  productOptionsMax: 3,
  optionValuesMax: 20,
  optionNameMax: 40,
  optionValueMax: 40,
  variantsMax: 100,
  /** 'Quedan N' shows when N is at most this (and more than 0). */
  lowStockMax: 5,
  stockMax: 1_000_000,
  /** Pesos per dollar a business may set (a sanity bound, not a market check). */
  exchangeRateMin: 1,
  exchangeRateMax: 1000,
} as const

/** Timings of SPEC §9 in milliseconds. */
export const TIMINGS = {
  searchTooltipMs: 2000,
  activationRedirectMs: 2000,
  toastDurationMs: 4000,
  toastGapPx: 14,
  toastsVisible: 3,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  productsFetchDebounceMs: 10,
} as const

/** Sizes of SPEC §9. */
export const LAYOUT = {
  faviconPx: 32,
  heroOffsetPx: 64,
  categoryPanelPx: 650,
  slideRatio: '16:9',
  /** Carousel cards per view: below 640 → 1, below 768 → 2, below 1024 → 3, otherwise 4. */
  cardsPerView: [
    { maxWidth: 640, cards: 1 },
    { maxWidth: 768, cards: 2 },
    { maxWidth: 1024, cards: 3 },
  ],
  cardsPerViewDefault: 4,
  featuredBusinessesLoopAbove: 3,
  cardFeatureBadgesMax: 3,
} as const

/**
 * The `sizes` of the storefront's largest images. The server's image preload for a first visit
 * must name the same sizes as the <img>, or the browser downloads two different widths.
 */
export const IMAGE_SIZES = {
  /** A hero cover slide: the full width of the screen. */
  hero: '100vw',
  /** A card of the product grid (2 columns on phones, 3 from 1024 px, 300 px from 1280 px). */
  productGrid: '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, 50vw',
  /** A carousel product card (SPEC §9: 1 / 2 / 3 / 4 per view at 640 / 768 / 1024 px). */
  productCard:
    '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw',
  /** The product detail's main image. */
  productMain: '(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw',
} as const

/** SPEC §9: local storage keys, exactly. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  user: 'user',
  business: 'business',
} as const

/** Accepted image types (decided by content on the server; by type in the form). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
