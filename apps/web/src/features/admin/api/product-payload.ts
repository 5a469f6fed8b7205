/**
 * SPEC §7 multipart bodies for creating and updating a product, built from the validated form
 * values. On creation tags travel as `tags[i]`; on update as one `tags` part of JSON text (the
 * API takes both), because "no `tags[i]` part" reads as "tags unchanged" and could not clear the
 * last one. Specifications and imagesToDelete are JSON text, images file parts (`image`, then
 * each extra image as `images`).
 */
import type { Product } from '@vitrina/contracts'
import type { ImageValue, ProductFormOutput } from '../lib/product-form'

function appendFile(form: FormData, name: string, value: ImageValue | undefined): void {
  if (value instanceof File) form.append(name, value, value.name)
}

function appendTags(form: FormData, tags: readonly string[]): void {
  tags.forEach((tag, index) => form.append(`tags[${index}]`, tag))
}

/**
 * Issue 25: options and variants as JSON text (`[]` clears them on an update), stock tracking,
 * the units of a product without variants (blank on an update when the owner cleared them) and
 * the status.
 */
function appendVariants(form: FormData, values: ProductFormOutput, isUpdate: boolean): void {
  if (isUpdate || values.options.length > 0) {
    form.append('options', JSON.stringify(values.options))
    form.append(
      'variants',
      JSON.stringify(
        values.variants.map((v) => ({
          options: v.options,
          price: v.price ?? null,
          ...(v.code ? { code: v.code } : {}),
          stock: v.stock ?? null,
          imageIndex: v.imageIndex ?? null,
        })),
      ),
    )
  }
  if (isUpdate || values.trackStock) form.append('trackStock', String(values.trackStock))
  // The units of a product without variants: an update sends a cleared input blank (the API
  // clears it); left out, the stored units would stay.
  if (values.trackStock && values.variants.length === 0) {
    const units = values.stock ?? null
    if (units !== null || isUpdate) form.append('stock', units === null ? '' : String(units))
  }
  if (isUpdate || values.status !== 'active') form.append('status', values.status)
}

/**
 * POST /api/products: name, price, description, businessId and category always; every optional
 * field only when present (SPEC §5). isOffer follows the discount (SPEC §3).
 */
export function createProductFormData(values: ProductFormOutput, businessId: string): FormData {
  const form = new FormData()
  form.append('name', values.name)
  form.append('price', String(values.price))
  form.append('description', values.description)
  form.append('businessId', businessId)
  form.append('category', values.category)
  appendFile(form, 'image', values.image)
  if (values.discount > 0) {
    form.append('discount', String(values.discount))
    form.append('isOffer', 'true')
  }
  if (values.code) form.append('code', values.code)
  if (values.weightGrams) form.append('weightGrams', String(values.weightGrams))
  if (values.info) form.append('info', values.info)
  if (values.isFeatured) form.append('isFeatured', 'true')
  if (values.isNew) form.append('isNew', 'true')
  if (values.currency !== 'UYU') form.append('currency', values.currency)
  for (const image of values.images) appendFile(form, 'images', image)
  appendTags(form, values.tags)
  if (values.specifications.length > 0) {
    form.append('specifications', JSON.stringify(values.specifications))
  }
  if (values.subCategory) form.append('subCategory', values.subCategory)
  // Issue 27 §3: an address the owner chose; none: the API makes it from the name.
  if (values.slug) form.append('slug', values.slug)
  appendVariants(form, values, false)
  return form
}

/**
 * PATCH /api/products/{id}: every editable field (blank code, info and subCategory clear them),
 * the whole tag list as JSON text (`[]` when the owner removed them all), new images, and the stored extra images the owner removed as `imagesToDelete` (JSON list of
 * URLs). isNew is sent too, so the 'Nuevo' badge can be retired (docs/decisions/008).
 */
export function updateProductFormData(values: ProductFormOutput, original: Product): FormData {
  const form = new FormData()
  form.append('name', values.name)
  form.append('price', String(values.price))
  form.append('description', values.description)
  form.append('category', values.category)
  form.append('subCategory', values.subCategory ?? '')
  form.append('discount', String(values.discount))
  form.append('isOffer', String(values.discount > 0))
  form.append('currency', values.currency)
  form.append('code', values.code ?? '')
  // Issue 44 §1: blank clears the weight.
  form.append('weightGrams', values.weightGrams ? String(values.weightGrams) : '')
  form.append('info', values.info ?? '')
  form.append('isFeatured', String(values.isFeatured))
  form.append('isNew', String(values.isNew))
  appendFile(form, 'image', values.image)
  for (const image of values.images) appendFile(form, 'images', image)
  form.append('tags', JSON.stringify(values.tags))
  form.append('specifications', JSON.stringify(values.specifications))
  const kept = new Set(values.images.filter((image) => typeof image === 'string'))
  const removed = original.images.map((image) => image.url).filter((url) => !kept.has(url))
  if (removed.length > 0) form.append('imagesToDelete', JSON.stringify(removed))
  // Issue 27 §3: a rename alone keeps the address; it changes only when the owner asks.
  if (values.regenerateSlug) form.append('regenerateSlug', 'true')
  else if (values.slug && values.slug !== original.slug) form.append('slug', values.slug)
  appendVariants(form, values, true)
  return form
}
