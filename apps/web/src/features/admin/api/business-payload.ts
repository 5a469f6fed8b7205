/**
 * SPEC §7 multipart bodies for creating and updating a business, built from the validated form
 * values. JSON-valued fields (features, socialLinks, categories, slidesToDelete) travel as JSON
 * text; files as file parts; cover slides given by URL as `slides` text parts (the API accepts
 * both, docs/decisions/003-businesses.md).
 */
import { featuresWithPayments } from '@vitrina/contracts'
import type { Business, ProductCategory } from '@vitrina/contracts'
import type { BusinessFormOutput, SlideValue } from '../lib/business-form'

type Categories = BusinessFormOutput['categories']

/** SPEC §4: empty social links are omitted. */
function socialLinksJson(links: BusinessFormOutput['socialLinks']): string {
  const present = Object.fromEntries(Object.entries(links ?? {}).filter(([, url]) => Boolean(url)))
  return JSON.stringify(present)
}

/** The categories as stored; `withRenames` keeps `previousName` on entries the owner renamed. */
function categoriesJson(categories: Categories, withRenames: boolean): string {
  const rename = (entry: { name: string; previousName?: string | undefined }) =>
    withRenames && entry.previousName && entry.previousName !== entry.name
      ? { previousName: entry.previousName }
      : {}
  const list = categories.map((category: ProductCategory) => ({
    name: category.name,
    ...(category.description ? { description: category.description } : {}),
    subCategories: category.subCategories.map((sub) => ({ name: sub.name, ...rename(sub) })),
    ...rename(category),
  }))
  return JSON.stringify(list)
}

/**
 * New slides (files and URLs) as `slides` parts, and `slideOrder`: the editor's order of every
 * slide, each named by its URL (stored or new) or by the index of its `slides` file part, so the
 * API saves them exactly as arranged (files and URLs travel in separate lists otherwise).
 */
function appendSlides(form: FormData, slides: readonly SlideValue[]): void {
  const order: (string | number)[] = []
  let files = 0
  for (const slide of slides) {
    if (slide.kind === 'file') {
      form.append('slides', slide.file, slide.file.name)
      order.push(files++)
    } else if (slide.kind === 'url') {
      form.append('slides', slide.url)
      order.push(slide.url)
    } else {
      order.push(slide.image.url)
    }
  }
  if (order.length > 0) form.append('slideOrder', JSON.stringify(order))
}

function appendCommon(form: FormData, values: BusinessFormOutput): void {
  form.append('name', values.name)
  form.append('identifier', values.identifier)
  form.append('description', values.description)
  form.append('phone', values.phone)
  form.append('email', values.email)
  form.append('category', values.category)
  // Issue 41: the payment features follow the payment methods (one source).
  form.append(
    'features',
    JSON.stringify(featuresWithPayments(values.features ?? {}, values.paymentMethods)),
  )
  if (values.primaryColor) form.append('primaryColor', values.primaryColor)
  if (values.secondaryColor) form.append('secondaryColor', values.secondaryColor)
  if (values.bgColor) form.append('bgColor', values.bgColor)
  form.append('socialLinks', socialLinksJson(values.socialLinks))
  if (values.logo instanceof File) form.append('logo', values.logo, values.logo.name)
  // Issue 24 §1: how the business takes orders (JSON text parts; `null` clears the hours).
  if (values.deliveryOptions) form.append('deliveryOptions', JSON.stringify(values.deliveryOptions))
  if (values.paymentMethods) form.append('paymentMethods', JSON.stringify(values.paymentMethods))
  form.append('openingHours', JSON.stringify(values.openingHours ?? null))
  // Issue 25: the main currency, and the pesos per dollar when the owner set them (JSON text).
  if (values.mainCurrency) form.append('mainCurrency', values.mainCurrency)
  if (values.exchangeRate !== undefined) form.append('exchangeRate', String(values.exchangeRate))
}

/** POST /api/businesses (SPEC §7). `userId` is sent as the spec lists it; the API uses the token. */
export function createBusinessFormData(values: BusinessFormOutput, userId: string): FormData {
  const form = new FormData()
  appendCommon(form, values)
  if (values.address) form.append('address', values.address)
  // Left out, the API uses the phone when it is a mobile.
  if (values.whatsapp) form.append('whatsapp', values.whatsapp)
  form.append('userId', userId)
  form.append('categories', categoriesJson(values.categories, false))
  form.append('planType', values.planType)
  appendSlides(form, values.slides)
  return form
}

/**
 * PATCH /api/businesses/{id} (SPEC §2.15, §7): the edited fields, new slides and their order, and
 * the stored slides the owner removed as `slidesToDelete` (JSON list of their URLs). A blank
 * address is sent blank, which clears it; a removed logo is sent as `removeLogo` = 'true'.
 */
export function updateBusinessFormData(values: BusinessFormOutput, original: Business): FormData {
  const form = new FormData()
  appendCommon(form, values)
  form.append('address', values.address ?? '')
  // Blank clears it (WhatsApp then goes to the phone).
  form.append('whatsapp', values.whatsapp ?? '')
  form.append('categories', categoriesJson(values.categories, true))
  if (values.logo === null && original.logo) form.append('removeLogo', 'true')
  // A rate the owner had set and cleared: back to the platform's default.
  if (values.exchangeRate === undefined && original.exchangeRateDate) {
    form.append('exchangeRate', 'null')
  }
  appendSlides(form, values.slides)
  const kept = new Set(
    values.slides.flatMap((slide) => (slide.kind === 'stored' ? [slide.image.url] : [])),
  )
  const removed = original.slides.map((s) => s.image.url).filter((url) => !kept.has(url))
  if (removed.length > 0) form.append('slidesToDelete', JSON.stringify(removed))
  return form
}
