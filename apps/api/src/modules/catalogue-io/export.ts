/**
 * Issue 27 §1: every product of the owner's business as CSV (UTF-8 with BOM, `;`, decimal
 * comma: what LatAm Excel opens cleanly, and Google Sheets too) or XLSX (docs/decisions/028).
 * Issue 40 §5: a CSV text cell a spreadsheet would run as a formula gets an apostrophe in front
 * (lib/spreadsheet-formula.ts; the import drops it again). XLSX cells are typed text or number,
 * never a formula: only text that already starts with such an apostrophe gets one more.
 */
import { asc, eq } from 'drizzle-orm'
import { stringify } from 'csv-stringify/sync'
import writeXlsxFile from 'write-excel-file/node'
import { CATALOGUE_COLUMN_KEYS, CATALOGUE_COLUMNS, type CatalogueColumn } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { keepApostrophes, neutraliseFormula } from '../../lib/spreadsheet-formula.js'
import { products, type ProductRow } from '../../db/schema/index.js'
import { variantsOf } from '../products/index.js'
import { EXAMPLE_ROW, productCells } from './sheet.js'

export type SheetFormat = 'csv' | 'xlsx'

export const CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

const HEADERS = CATALOGUE_COLUMN_KEYS.map((key) => CATALOGUE_COLUMNS[key])

/** Columns kept as text in XLSX whatever they look like (a code '001' must stay '001'). */
const TEXT_COLUMNS = new Set<CatalogueColumn>(['code', 'name', 'description', 'info', 'category'])

function toCsv(rows: Record<CatalogueColumn, string | number>[]): Buffer {
  const text = stringify(
    rows.map((row) =>
      CATALOGUE_COLUMN_KEYS.map((key) => {
        const value = row[key]
        return typeof value === 'string' ? neutraliseFormula(value) : value
      }),
    ),
    { delimiter: ';', bom: true, header: true, columns: HEADERS, record_delimiter: 'windows' },
  )
  return Buffer.from(text, 'utf8')
}

async function toXlsx(rows: Record<CatalogueColumn, string | number>[]): Promise<Buffer> {
  const header = HEADERS.map((value) => ({ value, fontWeight: 'bold' as const }))
  const data = rows.map((row) =>
    CATALOGUE_COLUMN_KEYS.map((key) => {
      const value = row[key]
      if (value === '') return null
      if (typeof value === 'number' && !TEXT_COLUMNS.has(key)) return { value, type: Number }
      return { value: keepApostrophes(String(value)), type: String }
    }),
  )
  return writeXlsxFile([header, ...data], { sheet: 'Productos' }).toBuffer()
}

export async function writeSheet(
  rows: Record<CatalogueColumn, string | number>[],
  format: SheetFormat,
): Promise<Buffer> {
  return format === 'csv' ? toCsv(rows) : toXlsx(rows)
}

const PAGE = 1000

/** Every product of the business, oldest first, as sheet rows. */
export async function exportRows(
  db: Executor,
  businessId: string,
  publicUrl: string,
  format: SheetFormat,
): Promise<Record<CatalogueColumn, string | number>[]> {
  const rows: Record<CatalogueColumn, string | number>[] = []
  let offset = 0
  for (;;) {
    const page: ProductRow[] = await db
      .select()
      .from(products)
      .where(eq(products.businessId, businessId))
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(PAGE)
      .offset(offset)
    const variants = await variantsOf(db, page)
    for (const row of page) {
      rows.push(productCells(row, variants.get(row.id) ?? [], publicUrl, format === 'csv'))
    }
    if (page.length < PAGE) return rows
    offset += PAGE
  }
}

/** The template: the headers and one example row. */
export function templateRows(): Record<CatalogueColumn, string | number>[] {
  return [EXAMPLE_ROW]
}
