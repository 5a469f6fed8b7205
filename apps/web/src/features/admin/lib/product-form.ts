/**
 * The product form (SPEC §2.16, §4): its values, the tabs, the schema — the contracts' tab
 * schemas joined, plus the rule that the category and subcategory belong to the business — and
 * the tab gating of SPEC §4. Issue 25 adds the 'Variantes' tab (options, the grid of
 * combinations, stock) and the product's status (visible or hidden) on the first tab.
 */
import {
  discountSchema,
  formatPriceInput,
  isSubCategoryOf,
  parseCurrency,
  productOptionsSchema,
  productStatusSchema,
  productVariantsSchema,
  stockSchema,
  variantIssues,
  combinations,
  variantKey,
  priceSchema,
  PRODUCT_MESSAGES,
  productBasicFormSchema,
  productSlugSchema,
  productDetailsFormSchema,
  productImagesFormSchema,
  updateProductSchema,
} from '@vitrina/contracts'
import type {
  Product,
  ProductOption,
  StoredProductCategory,
  VariantChoice,
} from '@vitrina/contracts'
import { z } from 'zod'
import type { FieldErrors } from 'react-hook-form'

/** A new upload (File) or a stored image kept by its URL. */
export type ImageValue = File | string

export interface ProductFormValues {
  name: string
  description: string
  info: string
  /** Inputs hold text; the schema turns it into numbers. */
  price: string
  discount: string
  /** 'UYU' | 'USD' (a product stored with an old spelling reads as its code). */
  currency: string
  code: string
  isFeatured: boolean
  isNew: boolean
  image: ImageValue | null
  images: ImageValue[]
  category: string
  subCategory: string
  tags: string[]
  specifications: { name: string; value: string }[]
  /**
   * Issue 27 §3: the address the owner typed (`/{identifier}/productos/{slug}`); blank on a new
   * product: made from the name when saved.
   */
  slug: string
  /** Issue 27 §3, editing: make the address again from the name (the old one redirects). */
  regenerateSlug: boolean
  // Issue 25
  status: 'active' | 'hidden'
  options: ProductOption[]
  /** One row per combination of the options (combinations()), in their order. */
  variants: VariantRow[]
  trackStock: boolean
  /** Units of a product without variants (text; blank: none kept). */
  stock: string
  /** Issue 44 §1: grams (text; blank: none). */
  weightGrams: string
}

/** A row of the 'Variantes' table: its combination and its inputs' texts. */
export interface VariantRow {
  options: VariantChoice
  /** Blank: the product's price. */
  price: string
  code: string
  stock: string
  /** '' none (the product's image), else the index into main + extra images. */
  imageIndex: string
}

export type ProductTabId = 'basic' | 'images' | 'details' | 'variants'

export interface ProductTab {
  id: ProductTabId
  title: string
  fields: (keyof ProductFormValues)[]
}

/** SPEC §2.16: the three tabs, in order, with their exact titles. */
export const PRODUCT_TABS: readonly ProductTab[] = [
  {
    id: 'basic',
    title: 'Información Básica',
    fields: [
      'name',
      'description',
      'info',
      'price',
      'discount',
      'currency',
      'code',
      'weightGrams',
      'isFeatured',
      'isNew',
      'status',
      'slug',
      'regenerateSlug',
    ],
  },
  { id: 'images', title: 'Imágenes', fields: ['image', 'images'] },
  {
    id: 'details',
    title: 'Detalles',
    fields: ['category', 'subCategory', 'tags', 'specifications'],
  },
  { id: 'variants', title: 'Variantes', fields: ['options', 'variants', 'trackStock', 'stock'] },
]

/** The tabs the product can be saved from: 'Detalles' (variants are optional) and 'Variantes'. */
export function canSaveFrom(tab: ProductTabId): boolean {
  return tab === 'details' || tab === 'variants'
}

export const tabIndex = (id: ProductTabId) => PRODUCT_TABS.findIndex((tab) => tab.id === id)

export function tabOfField(field: string): ProductTabId {
  const root = field.split('.')[0]
  return PRODUCT_TABS.find((tab) => tab.fields.some((f) => f === root))?.id ?? 'basic'
}

/** The tabs holding at least one reported error (red dots, SPEC §2.16). */
export function tabsWithErrors(errors: FieldErrors<ProductFormValues>): Set<ProductTabId> {
  return new Set(Object.keys(errors).map(tabOfField))
}

/**
 * SPEC §4: 'Imágenes' is disabled while basic has errors; 'Detalles' while basic or images has
 * errors. Going back is always allowed, so a tab before the current one is never disabled.
 */
export function isTabDisabled(
  tab: ProductTabId,
  current: ProductTabId,
  errorTabs: ReadonlySet<ProductTabId>,
): boolean {
  if (tabIndex(tab) <= tabIndex(current)) return false
  if (tab === 'images') return errorTabs.has('basic')
  if (tab === 'details') return errorTabs.has('basic') || errorTabs.has('images')
  if (tab === 'variants') {
    return errorTabs.has('basic') || errorTabs.has('images') || errorTabs.has('details')
  }
  return false
}

type Categories = readonly StoredProductCategory[]

/** Every tab's contracts schema joined, checked against the business's own categories. */
export function productFormSchema(categories: Categories) {
  return productBasicFormSchema
    .extend({ info: updateProductSchema.shape.info })
    .extend(productImagesFormSchema.shape)
    .extend(productDetailsFormSchema.shape)
    .extend({
      status: productStatusSchema.default('active'),
      slug: productSlugSchema.optional(),
      regenerateSlug: z.boolean().default(false),
      options: productOptionsSchema,
      variants: productVariantsSchema,
      trackStock: z.boolean().default(false),
      stock: stockSchema.nullable(),
      weightGrams: updateProductSchema.shape.weightGrams,
    })
    .superRefine((product, ctx) => {
      // Issue 25: the rules across options and variants, with the images the form holds.
      const imageCount = (product.image ? 1 : 0) + product.images.length
      for (const issue of variantIssues(product.options, product.variants, imageCount)) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
      }
    })
    .superRefine((product, ctx) => {
      if (!categories.some((c) => c.name === product.category)) {
        ctx.addIssue({
          code: 'custom',
          path: ['category'],
          message: PRODUCT_MESSAGES.categoryUnknown,
        })
      } else if (!isSubCategoryOf(categories, product.category, product.subCategory)) {
        ctx.addIssue({
          code: 'custom',
          path: ['subCategory'],
          message: PRODUCT_MESSAGES.subCategoryUnknown,
        })
      }
    })
}

export type ProductFormOutput = Omit<
  ReturnType<typeof productFormSchema>['_output'],
  'image' | 'images'
> & { image: ImageValue; images: ImageValue[] }

/**
 * What the inputs hold, as the schema reads it: a blank price is "zero" (so it reports SPEC §5's
 * 'El precio debe ser mayor que cero'), a blank discount is no discount.
 */
export function toSchemaInput(values: ProductFormValues): Record<string, unknown> {
  const blankIsNull = (text: string) => (text.trim() === '' ? null : text)
  const hasVariants = values.options.length > 0
  return {
    ...values,
    price: values.price.trim() === '' ? 0 : values.price,
    discount: values.discount.trim() === '' ? undefined : values.discount,
    // Issue 27 §3: a blank address is "made from the name"; regenerating ignores the typed one.
    slug: values.regenerateSlug || values.slug.trim() === '' ? undefined : values.slug,
    variants: hasVariants
      ? values.variants.map((row) => ({
          options: row.options,
          price: blankIsNull(row.price),
          code: row.code,
          stock: values.trackStock ? blankIsNull(row.stock) : null,
          imageIndex: row.imageIndex === '' ? null : Number(row.imageIndex),
        }))
      : [],
    stock: values.trackStock && !hasVariants ? blankIsNull(values.stock) : null,
  }
}

/** A blank row for a combination (the product's price, no code, stock or image). */
export function blankVariantRow(options: VariantChoice): VariantRow {
  return { options, price: '', code: '', stock: '', imageIndex: '' }
}

/** The options that make combinations: one still without values is left out until it has one. */
export function definedOptions(options: readonly ProductOption[]): ProductOption[] {
  return options.filter((option) => option.values.length > 0)
}

/**
 * The rows for `options`: one per combination, in the options' order, keeping what the owner
 * typed for a combination that still exists. A row missing an option (one just added) counts as
 * holding that option's first value, so adding an option keeps the rows' prices and stock. An
 * option without values yet is left out (adding one never empties the grid).
 */
export function syncVariantRows(
  allOptions: readonly ProductOption[],
  rows: readonly VariantRow[],
): VariantRow[] {
  const options = definedOptions(allOptions)
  const kept = keptRows(options, rows)
  return combinations(options).map((choice) => {
    const row = kept.get(variantKey(options, choice))
    return row ? { ...row, options: choice } : blankVariantRow(choice)
  })
}

/** Each combination's row: the first row matching it (missing options read as their first value). */
function keptRows(options: readonly ProductOption[], rows: readonly VariantRow[]) {
  const valid = new Set(combinations(options).map((choice) => variantKey(options, choice)))
  const byKey = new Map<string, VariantRow>()
  for (const row of rows) {
    const filled: VariantChoice = {}
    for (const option of options) {
      filled[option.name] = row.options[option.name] ?? option.values[0] ?? ''
    }
    const key = variantKey(options, filled)
    if (valid.has(key) && !byKey.has(key)) byKey.set(key, row)
  }
  return byKey
}

/** How many rows would disappear going from `rows` to the rows of `next` options. */
export function removedRowCount(allNext: readonly ProductOption[], rows: readonly VariantRow[]) {
  const kept = new Set(keptRows(definedOptions(allNext), rows).values())
  return rows.filter((row) => !kept.has(row)).length
}

export function emptyProductValues(): ProductFormValues {
  return {
    name: '',
    description: '',
    info: '',
    price: '',
    discount: '',
    currency: 'UYU',
    code: '',
    isFeatured: false,
    isNew: false,
    image: null,
    images: [],
    category: '',
    subCategory: '',
    tags: [],
    specifications: [],
    slug: '',
    regenerateSlug: false,
    status: 'active',
    options: [],
    variants: [],
    trackStock: false,
    stock: '',
    weightGrams: '',
  }
}

export function productToFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    info: product.info ?? '',
    // Issue 41 §2: shown the Uruguayan way (1.290,50), as the input reads it back.
    price: formatPriceInput(product.price),
    discount: product.discount > 0 ? String(product.discount) : '',
    currency: parseCurrency(product.currency) ?? 'UYU',
    code: product.code ?? '',
    isFeatured: product.isFeatured,
    isNew: product.isNew,
    image: product.image.url,
    images: product.images.map((image) => image.url),
    category: product.category,
    subCategory: product.subCategory ?? '',
    tags: [...product.tags],
    specifications: product.specifications.map((s) => ({ ...s })),
    slug: product.slug,
    regenerateSlug: false,
    status: product.status === 'hidden' ? 'hidden' : 'active',
    options: (product.options ?? []).map((o) => ({ name: o.name, values: [...o.values] })),
    variants: syncVariantRows(
      product.options ?? [],
      (product.variants ?? []).map((v) => ({
        options: { ...v.options },
        // A variant priced as the product shows a blank price (it follows the product's).
        price: v.price === product.price ? '' : formatPriceInput(v.price),
        code: v.code ?? '',
        stock: v.stock === null || v.stock === undefined ? '' : String(v.stock),
        imageIndex: v.imageIndex === null ? '' : String(v.imageIndex),
      })),
    ),
    trackStock: product.trackStock ?? false,
    stock: product.stock === null || product.stock === undefined ? '' : String(product.stock),
    weightGrams: product.weightGrams ? String(product.weightGrams) : '',
  }
}

/**
 * The price input as the previews show it: the number when it is a valid price (SPEC §5: above
 * zero), otherwise null — a negative or unfinished price is never shown as a price.
 */
export function previewPrice(text: string): number | null {
  const parsed = priceSchema.safeParse(text)
  return parsed.success ? parsed.data : null
}

/** The discount input as the previews apply it: a valid percentage, otherwise none. */
export function previewDiscount(text: string): number {
  const parsed = discountSchema.safeParse(text)
  return parsed.success ? parsed.data : 0
}

/** The fields a product needs (SPEC §5), in the tabs' order: the preview panel's checklist. */
export const REQUIRED_PRODUCT_FIELDS = [
  'name',
  'description',
  'price',
  'image',
  'category',
] as const satisfies readonly (keyof ProductFormValues)[]

export type FieldProgress = 'done' | 'error' | 'pending'

/**
 * Where a required field stands: 'error' once validation reported one (the field was touched or
 * a step was checked), 'done' when it holds a value without error, otherwise 'pending'.
 */
export function fieldProgress(
  field: (typeof REQUIRED_PRODUCT_FIELDS)[number],
  values: ProductFormValues,
  errors: FieldErrors<ProductFormValues>,
): FieldProgress {
  if (errors[field]) return 'error'
  const value = values[field]
  const isFilled = typeof value === 'string' ? value.trim() !== '' : value !== null
  if (!isFilled) return 'pending'
  // A price is done only when it is one (a negative price is not "filled in").
  return field === 'price' && previewPrice(values.price) === null ? 'pending' : 'done'
}

/** Field labels, for the preview panel's error list and checklist. */
export const PRODUCT_FIELD_LABELS: Record<keyof ProductFormValues, string> = {
  name: 'Nombre',
  description: 'Descripción',
  info: 'Información adicional',
  price: 'Precio',
  discount: 'Descuento',
  currency: 'Moneda',
  code: 'Código',
  isFeatured: 'Destacado',
  isNew: 'Nuevo',
  image: 'Imagen principal',
  images: 'Imágenes adicionales',
  category: 'Categoría',
  subCategory: 'Subcategoría',
  tags: 'Etiquetas',
  specifications: 'Especificaciones',
  slug: 'Dirección',
  regenerateSlug: 'Dirección',
  status: 'Estado',
  options: 'Opciones',
  variants: 'Variantes',
  trackStock: 'Controlar stock',
  stock: 'Stock',
  weightGrams: 'Peso',
}
