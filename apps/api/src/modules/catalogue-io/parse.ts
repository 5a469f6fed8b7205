/**
 * Issue 27 §1: reading an uploaded sheet (docs/decisions/028). The format is decided by content:
 * an XLSX is a zip (its first bytes are `PK\3\4`); anything else must be UTF-8 text (a BOM is
 * dropped) and is read as CSV, its delimiter (`;` or `,`) taken from the header line. Rows are
 * handed on one at a time as the parser produces them, so what stays in memory is the upload
 * (at most 5 MB) and each row's checked result, never a second copy of the whole sheet.
 *
 * Issue 40 §1: this runs in a worker thread (./parse-worker.ts, started by ./read-sheet.ts), and
 * an XLSX naming rows or columns past what an import can use is refused while it is unzipped,
 * before the reader builds its grid (./sheet-bounds.ts).
 */
import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import { readSheet } from 'read-excel-file/node'
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_IO_LIMITS,
  IMPORT_MESSAGES,
  REQUIRED_IMPORT_COLUMNS,
  XLSX_LIMITS,
  XLSX_MESSAGES,
  type CatalogueColumn,
} from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'
import { cellText, columnOfHeader, type CellValue, type SheetRow } from './sheet.js'
import { SheetBoundsExceeded, type SheetBound } from './sheet-bounds.js'
import { ZipLimitExceeded, checkZipLimits, type ZipLimitBreach } from './zip-limits.js'

const fileError = (message: string, code: 'VALIDATION' | 'UNSUPPORTED_MEDIA_TYPE' = 'VALIDATION') =>
  new AppError(code, message, [{ path: 'file', message }])

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])

export function isXlsx(buffer: Buffer): boolean {
  return buffer.subarray(0, 4).equals(ZIP_MAGIC)
}

/** `;` or `,`: whichever appears more often outside quotes in the header line. */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0
  let commas = 0
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && ch === ';') semicolons++
    else if (!quoted && ch === ',') commas++
  }
  return commas > semicolons ? ',' : ';'
}

/** The header's columns by position (unknown headers are ignored); missing required ones refuse. */
function headerColumns(cells: readonly CellValue[]): (CatalogueColumn | undefined)[] {
  const columns = cells.map((cell) => columnOfHeader(cellText(cell)))
  for (const required of REQUIRED_IMPORT_COLUMNS) {
    if (!columns.includes(required)) {
      throw fileError(IMPORT_MESSAGES.missingColumn(CATALOGUE_COLUMNS[required]))
    }
  }
  return columns
}

export interface ParsedRow {
  /** The spreadsheet's row number (the header is 1). */
  number: number
  row: SheetRow
}

function toRow(columns: readonly (CatalogueColumn | undefined)[], cells: readonly CellValue[]) {
  const row: SheetRow = {}
  let blank = true
  columns.forEach((column, i) => {
    if (!column) return
    const text = cellText(cells[i])
    if (text !== '') blank = false
    row[column] = text
  })
  return blank ? undefined : row
}

/**
 * The text in pieces of about 64 KB (never between the halves of a surrogate pair), so the
 * parser works a piece at a time and its records wait for the reader (back-pressure) instead of
 * the whole sheet being parsed into memory at once.
 */
function* textChunks(text: string, size = 64 * 1024): Generator<string> {
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + size, text.length)
    const code = text.charCodeAt(end - 1)
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end++
    yield text.slice(at, end)
    at = end
  }
}

async function* csvRows(buffer: Buffer): AsyncGenerator<ParsedRow> {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer)
  } catch {
    throw fileError(IMPORT_MESSAGES.encodingInvalid)
  }
  // eslint-disable-next-line no-control-regex -- a NUL byte means a binary file, not a sheet
  if (/\u0000/.test(text)) throw fileError(IMPORT_MESSAGES.fileInvalid, 'UNSUPPORTED_MEDIA_TYPE')
  if (text.startsWith('\uFEFF')) text = text.slice(1)
  const parser = Readable.from(textChunks(text)).pipe(
    parse({
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }),
  )
  let columns: (CatalogueColumn | undefined)[] | undefined
  let number = 0
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      number++
      if (!columns) {
        columns = headerColumns(record)
        continue
      }
      const row = toRow(columns, record)
      if (row) yield { number, row }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw fileError(IMPORT_MESSAGES.fileInvalid)
  } finally {
    parser.destroy()
  }
  if (!columns) throw fileError(IMPORT_MESSAGES.fileEmpty)
}

const MB = 1024 * 1024
const ZIP_MESSAGES: Record<ZipLimitBreach | SheetBound, string> = {
  size: XLSX_MESSAGES.tooLargeUnzipped(XLSX_LIMITS.maxTotalBytes / MB),
  entries: XLSX_MESSAGES.tooManyEntries(XLSX_LIMITS.maxEntries),
  ratio: XLSX_MESSAGES.compressedOddly(XLSX_LIMITS.maxRatio),
  row: XLSX_MESSAGES.rowOutOfRange(XLSX_LIMITS.maxRow - 1),
  column: XLSX_MESSAGES.columnOutOfRange(
    XLSX_LIMITS.maxColumn,
    columnLetters(XLSX_LIMITS.maxColumn),
  ),
}

/** A column number (1-based) as its letters: 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = ''
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters
  }
  return letters
}

async function* xlsxRows(buffer: Buffer): AsyncGenerator<ParsedRow> {
  let sheet: CellValue[][]
  try {
    // The reader has no limits of its own: the zip is walked (inflated and discarded) first,
    // its sheet addresses checked on the way.
    await checkZipLimits(buffer)
  } catch (error) {
    if (!(error instanceof ZipLimitExceeded || error instanceof SheetBoundsExceeded)) {
      throw fileError(IMPORT_MESSAGES.fileInvalid, 'UNSUPPORTED_MEDIA_TYPE')
    }
    const message = ZIP_MESSAGES[error instanceof ZipLimitExceeded ? error.breach : error.bound]
    throw new AppError('PAYLOAD_TOO_LARGE', message, [{ path: 'file', message }])
  }
  try {
    sheet = (await readSheet(buffer)) as CellValue[][]
  } catch {
    throw fileError(IMPORT_MESSAGES.fileInvalid, 'UNSUPPORTED_MEDIA_TYPE')
  }
  const [header, ...rest] = sheet
  if (!header) throw fileError(IMPORT_MESSAGES.fileEmpty)
  const columns = headerColumns(header)
  for (let i = 0; i < rest.length; i++) {
    const row = toRow(columns, rest[i]!)
    if (row) yield { number: i + 2, row }
  }
}

/**
 * The product rows of an uploaded sheet; refuses more than CATALOGUE_IO_LIMITS.maxRows. Runs in
 * the parse worker (./read-sheet.ts checks the file's size before starting one).
 */
export async function readSheetRows(buffer: Buffer): Promise<ParsedRow[]> {
  if (buffer.length === 0) throw fileError(IMPORT_MESSAGES.fileRequired)
  if (buffer.length > CATALOGUE_IO_LIMITS.maxFileBytes) throw fileTooLarge()
  const rows: ParsedRow[] = []
  for await (const row of isXlsx(buffer) ? xlsxRows(buffer) : csvRows(buffer)) {
    if (rows.length >= CATALOGUE_IO_LIMITS.maxRows) {
      throw fileError(IMPORT_MESSAGES.tooManyRows(CATALOGUE_IO_LIMITS.maxRows))
    }
    rows.push(row)
  }
  if (rows.length === 0) throw fileError(IMPORT_MESSAGES.fileEmpty)
  return rows
}

export function fileTooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.fileTooLarge, [
    { path: 'file', message: IMPORT_MESSAGES.fileTooLarge },
  ])
}
