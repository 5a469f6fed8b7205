/**
 * Issue 27 §1: a product as a spreadsheet row and back (docs/decisions/028, "Columns"). Lists
 * inside a cell are separated by `|` (or a new line; images also by spaces); specifications are
 * `Nombre: valor`, options `Talle: S, M`, variants `Talle=S, Color=Rojo; precio=1200;
 * código=X; stock=2; imagen=1`. Prices are written with a decimal comma in CSV (what a
 * `;`-separated sheet means to LatAm Excel) and read with either.
 */
import {
  CATALOGUE_COLUMNS,
  IMPORT_MESSAGES,
  NO_WORDS,
  STATUS_WORDS,
  YES_WORDS,
  categoryKey,
  type CatalogueColumn,
  type ImageAsset,
  type ProductOption,
  type Specification,
} from '@vitrina/contracts'
import type { ProductRow, VariantRow } from '../../db/schema/index.js'
import { restoreFormulaText } from '../../lib/spreadsheet-formula.js'

export type CellValue = string | number | boolean | Date | null | undefined
export type SheetRow = Partial<Record<CatalogueColumn, string>>

/** An issue at a column (key) of the row, before the product schema runs. */
export class CellError extends Error {
  constructor(
    readonly column: CatalogueColumn,
    message: string,
  ) {
    super(message)
  }
}

const LIST_SEPARATOR = /\s*(?:\||\r?\n)\s*/
const joinList = (items: readonly string[]) => items.join(' | ')

function splitList(text: string | undefined): string[] {
  if (!text) return []
  return text
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

// ---------------------------------------------------------------------------------------------
// Export

/** An asset's URL as the sheet shows it: absolute, on PUBLIC_URL when it is one of ours. */
export function absoluteUrl(url: string, publicUrl: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url
}

/** The sheet's URL as an asset URL: our own absolute URLs become the stored relative ones. */
export function storedUrl(url: string, publicUrl: string): string {
  return url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url
}

function formatNumber(value: number, decimalComma: boolean): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2)
  return decimalComma ? text.replace('.', ',') : text
}

const yesNo = (value: boolean) => (value ? 'Sí' : 'No')

export function formatVariant(
  variant: Pick<VariantRow, 'options' | 'price' | 'code' | 'stock' | 'imageIndex'>,
  decimalComma: boolean,
): string {
  const parts = [
    Object.entries(variant.options)
      .map(([name, value]) => `${name}=${value}`)
      .join(', '),
  ]
  if (variant.price !== null)
    parts.push(`precio=${formatNumber(Number(variant.price), decimalComma)}`)
  if (variant.code) parts.push(`código=${variant.code}`)
  if (variant.stock !== null) parts.push(`stock=${variant.stock}`)
  if (variant.imageIndex !== null) parts.push(`imagen=${variant.imageIndex}`)
  return parts.join('; ')
}

/** One product as the sheet's cells, in CATALOGUE_COLUMNS order. */
export function productCells(
  row: ProductRow,
  variants: readonly VariantRow[],
  publicUrl: string,
  decimalComma: boolean,
): Record<CatalogueColumn, string | number> {
  const price = Number(row.price)
  return {
    code: row.code ?? '',
    name: row.name,
    description: row.description,
    info: row.info ?? '',
    price: decimalComma ? formatNumber(price, true) : price,
    currency: row.currency,
    discount: row.discount,
    category: row.category,
    subCategory: row.subCategory ?? '',
    isFeatured: yesNo(row.isFeatured),
    isNew: yesNo(row.isNew),
    isOffer: yesNo(row.isOffer),
    tags: joinList(row.tags),
    specifications: joinList(row.specifications.map((s) => `${s.name}: ${s.value}`)),
    status: STATUS_WORDS[row.status],
    trackStock: yesNo(row.trackStock),
    stock: row.stock ?? '',
    options: joinList(row.options.map((o) => `${o.name}: ${o.values.join(', ')}`)),
    variants: joinList(variants.map((v) => formatVariant(v, decimalComma))),
    images: joinList([row.image, ...row.images].map((i) => absoluteUrl(i.url, publicUrl))),
  }
}

/** The template's example row. */
export const EXAMPLE_ROW: Record<CatalogueColumn, string> = {
  code: 'CAM-001',
  name: 'Camisa de lino',
  description: 'Camisa fresca de lino, ideal para el verano',
  info: 'Lavar a mano con agua fría',
  price: '1490,50',
  currency: 'UYU',
  discount: '10',
  category: 'Ropa',
  subCategory: '',
  isFeatured: 'Sí',
  isNew: 'No',
  isOffer: 'Sí',
  tags: 'verano | lino',
  specifications: 'Material: lino | Origen: Uruguay',
  status: 'Visible',
  trackStock: 'Sí',
  stock: '',
  options: 'Talle: S, M',
  variants: 'Talle=S; stock=4 | Talle=M; precio=1590; código=CAM-001-M; stock=2',
  images: 'https://example.com/camisa.jpg | https://example.com/camisa-detalle.jpg',
}

// ---------------------------------------------------------------------------------------------
// Import

/** Header text → column key, ignoring case, accents and spacing. */
export function columnOfHeader(header: string): CatalogueColumn | undefined {
  const key = categoryKey(header.replace(/^\uFEFF/, ''))
  return (Object.keys(CATALOGUE_COLUMNS) as CatalogueColumn[]).find(
    (column) => categoryKey(CATALOGUE_COLUMNS[column]) === key,
  )
}

/**
 * A cell as text (XLSX gives numbers, booleans and dates), without the apostrophe an export put
 * before text a spreadsheet would run as a formula (issue 40 §5).
 */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'Sí' : 'No'
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return restoreFormulaText(String(value).trim())
}

/** '1.490,50', '1490,50', '1490.50' → '1490.50'; anything else is left for the schema to refuse. */
export function normalizeNumber(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return undefined
  let t = text.trim().replace(/\s/g, '')
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.')
  return t
}

function parseBoolean(text: string | undefined, column: CatalogueColumn): boolean | undefined {
  const key = categoryKey(text ?? '')
  if (key === '') return undefined
  if ((YES_WORDS as readonly string[]).map(categoryKey).includes(key)) return true
  if ((NO_WORDS as readonly string[]).includes(key)) return false
  throw new CellError(column, IMPORT_MESSAGES.booleanInvalid)
}

function parseStatus(text: string | undefined): 'active' | 'hidden' | undefined {
  const key = categoryKey(text ?? '')
  if (key === '') return undefined
  if (key === 'visible' || key === 'active' || key === 'activo') return 'active'
  if (key === 'oculto' || key === 'hidden') return 'hidden'
  throw new CellError('status', IMPORT_MESSAGES.statusInvalid)
}

function parseSpecifications(text: string | undefined): Specification[] {
  return splitList(text).map((item) => {
    const at = item.indexOf(':')
    if (at < 0) throw new CellError('specifications', IMPORT_MESSAGES.specificationInvalid)
    return { name: item.slice(0, at).trim(), value: item.slice(at + 1).trim() }
  })
}

function parseOptions(text: string | undefined): ProductOption[] {
  return splitList(text).map((item) => {
    const at = item.indexOf(':')
    if (at < 0) throw new CellError('options', IMPORT_MESSAGES.optionInvalid)
    return {
      name: item.slice(0, at).trim(),
      values: item
        .slice(at + 1)
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    }
  })
}

const VARIANT_KEYS: Record<string, 'price' | 'code' | 'stock' | 'imageIndex'> = {
  precio: 'price',
  codigo: 'code',
  stock: 'stock',
  imagen: 'imageIndex',
}

interface SheetVariant {
  options: Record<string, string>
  price?: string
  code?: string
  stock?: string
  imageIndex?: number
}

function parseVariants(text: string | undefined): SheetVariant[] {
  return splitList(text).map((item) => {
    const [combination = '', ...rest] = item.split(';').map((s) => s.trim())
    const options: Record<string, string> = {}
    for (const pair of combination.split(',')) {
      const at = pair.indexOf('=')
      if (at < 0) throw new CellError('variants', IMPORT_MESSAGES.variantInvalid)
      options[pair.slice(0, at).trim()] = pair.slice(at + 1).trim()
    }
    const variant: SheetVariant = { options }
    for (const part of rest) {
      if (part === '') continue
      const at = part.indexOf('=')
      const key = at < 0 ? undefined : VARIANT_KEYS[categoryKey(part.slice(0, at))]
      if (!key) throw new CellError('variants', IMPORT_MESSAGES.variantInvalid)
      const value = part.slice(at + 1).trim()
      if (key === 'imageIndex') {
        if (!/^\d+$/.test(value)) throw new CellError('variants', IMPORT_MESSAGES.variantInvalid)
        variant.imageIndex = Number(value)
      } else variant[key] = value
    }
    return variant
  })
}

/** The image URLs of a row: `|`, new lines or spaces between them; http(s) only. */
export function parseImageUrls(text: string | undefined): string[] {
  const urls = (text ?? '')
    .split(/[\s|]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
  for (const url of urls) {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw new CellError('images', IMPORT_MESSAGES.imageUrlInvalid)
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new CellError('images', IMPORT_MESSAGES.imageUrlInvalid)
    }
  }
  return urls
}

/**
 * A row as the body createProductSchema validates (the form's rules and messages). Blank
 * optional cells are absent; the row describes the whole product, so on update they clear.
 */
export function rowToInput(row: SheetRow, businessId: string): Record<string, unknown> {
  const text = (column: CatalogueColumn) => {
    const value = row[column]?.trim()
    return value === '' ? undefined : value
  }
  const input: Record<string, unknown> = {
    businessId,
    name: row.name ?? '',
    description: row.description ?? '',
    info: text('info'),
    // The product form's one reader of typed prices (parsePriceInput) reads the cell as it is.
    price: row.price?.trim() ?? '',
    discount: normalizeNumber(row.discount),
    currency: text('currency'),
    code: text('code'),
    isFeatured: parseBoolean(row.isFeatured, 'isFeatured'),
    isNew: parseBoolean(row.isNew, 'isNew'),
    category: row.category ?? '',
    subCategory: text('subCategory'),
    tags: splitList(row.tags),
    specifications: parseSpecifications(row.specifications),
    trackStock: parseBoolean(row.trackStock, 'trackStock'),
    stock: text('stock'),
    status: parseStatus(row.status),
    options: parseOptions(row.options),
    variants: parseVariants(row.variants),
  }
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key]
  return input
}

/** Which sheet column a schema issue path belongs to. */
export function columnOfPath(path: readonly PropertyKey[]): CatalogueColumn | undefined {
  const head = String(path[0] ?? '')
  if (head in CATALOGUE_COLUMNS) return head as CatalogueColumn
  if (head === 'imagesToDelete' || head === 'image') return 'images'
  return undefined
}

export type { ImageAsset }
