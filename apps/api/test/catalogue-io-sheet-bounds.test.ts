/**
 * Issue 40 §1: a 3 KB XLSX naming a far-away cell used to make the reader build the whole grid
 * up to it (the process aborted, or ran out of heap after a minute, or blocked the event loop
 * for seconds). Such a sheet is refused while it is unzipped, before anything is read, with a
 * Spanish message naming the limit; and every sheet is read in a worker thread with its own
 * heap and deadline (docs/decisions/028, "Sheet addresses", "Reading in a worker").
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  CATALOGUE_COLUMN_KEYS,
  IMPORT_MESSAGES,
  SHEET_READ_MESSAGES,
  XLSX_LIMITS,
  XLSX_MESSAGES,
  type ImportPreview,
} from '@vitrina/contracts'
import { writeSheet } from '../src/modules/catalogue-io/export.js'
import { readUploadedSheet } from '../src/modules/catalogue-io/read-sheet.js'
import {
  SheetBoundsExceeded,
  SheetBoundsScanner,
} from '../src/modules/catalogue-io/sheet-bounds.js'
import { EXAMPLE_ROW } from '../src/modules/catalogue-io/sheet.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { cell, columnLetters, headerRow, xlsxOfRows } from './helpers/xlsx.js'

const ROW_MESSAGE = XLSX_MESSAGES.rowOutOfRange(5000)
const COLUMN_MESSAGE = XLSX_MESSAGES.columnOutOfRange(40, 'AN')

/** A product row's first cells (code, name) at `row`. */
const productRow = (row: number) =>
  `<row r="${row}">${cell(`A${row}`, `P-${row}`)}${cell(`B${row}`, 'Camisa')}</row>`

const FILES = {
  /** Column AAAAAAA is about 8 billion: the reader's row array cannot be that long. */
  'a cell at column AAAAAAA': xlsxOfRows([
    headerRow(),
    `<row r="2">${cell('AAAAAAA2', 'x')}</row>`,
  ]),
  /** 16,384 columns × 200,000 rows: out of heap after about a minute. */
  'a cell at XFD2 and a row at 200000': xlsxOfRows([
    headerRow(),
    `<row r="2">${cell('A2', 'P-1')}${cell('XFD2', 'x')}</row>`,
    productRow(200_000),
  ]),
  /** A legal Excel row: about 460 MB and seconds of blocked event loop. */
  'one cell at row 1,000,000': xlsxOfRows([headerRow(), productRow(1_000_000)]),
}

describe('POST /api/products/import refuses sheets addressing past the limits', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount

  const upload = (file: Buffer, name = 'productos.xlsx') => {
    const form = new FormData()
    form.append('file', new Blob([file]), name)
    return t.app.inject({
      method: 'POST',
      url: '/api/products/import?dryRun=true',
      headers: bearer(owner.accessToken),
      payload: form,
    })
  }

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    await createTestBusiness(t.app, owner)
    // Run from source, the first read bundles the worker (the built API ships it): not timed.
    await readUploadedSheet(await writeSheet([EXAMPLE_ROW], 'csv'))
  })

  it('the limits and their messages', () => {
    expect(CATALOGUE_COLUMN_KEYS).toHaveLength(20)
    expect(XLSX_LIMITS).toMatchObject({ maxRow: 5001, maxColumn: 40 })
    expect(columnLetters(40)).toBe('AN')
    expect(ROW_MESSAGE).toBe(
      'La hoja usa filas más allá de la 5001: se importan como máximo 5000 filas de productos y el encabezado. Borra las filas sobrantes (aunque se vean vacías) o divide el archivo',
    )
    expect(COLUMN_MESSAGE).toBe(
      'La hoja usa columnas más allá de la AN: se importan como máximo 40 columnas. Borra las columnas sobrantes (aunque se vean vacías) y vuelve a intentarlo',
    )
  })

  for (const [title, file] of Object.entries(FILES)) {
    it(`${title}: a 413 in Spanish within 3 s, /api/health answering meanwhile`, async () => {
      expect(file.length).toBeLessThan(4096)
      const started = performance.now()
      let done = false
      const importing = upload(file).finally(() => (done = true))
      // The API keeps answering other requests while the file is handled.
      const health: number[] = []
      do {
        const at = performance.now()
        const res = await t.app.inject({ method: 'GET', url: '/api/health' })
        expect(res.statusCode).toBe(200)
        health.push(performance.now() - at)
      } while (!done && health.length < 50)
      const res = await importing
      const elapsed = performance.now() - started
      expect(elapsed).toBeLessThan(3000)
      expect(Math.max(...health)).toBeLessThan(1000)
      expect(res.statusCode).toBe(413)
      const expected =
        title.includes('column') || title.includes('XFD') ? COLUMN_MESSAGE : ROW_MESSAGE
      expect(res.json()).toMatchObject({
        message: expected,
        errors: [{ path: 'file', message: expected }],
      })
    })
  }

  it('the XFD column alone, a 5002nd row, or 5,002 rows without numbers are refused too', async () => {
    const xfd = await upload(xlsxOfRows([headerRow(), `<row r="2">${cell('XFD2', 'x')}</row>`]))
    expect(xfd.statusCode).toBe(413)
    expect(xfd.json().message).toBe(COLUMN_MESSAGE)
    const row = await upload(xlsxOfRows([headerRow(), productRow(5002)]))
    expect(row.statusCode).toBe(413)
    expect(row.json().message).toBe(ROW_MESSAGE)
    const unnumbered = Array.from({ length: 5001 }, () => '<row/>')
    const many = await upload(xlsxOfRows([headerRow(), ...unnumbered]))
    expect(many.statusCode).toBe(413)
    expect(many.json().message).toBe(ROW_MESSAGE)
  })

  it('the edges still import: row 5001 and column AN (an extra column of the owner’s)', async () => {
    const product = CATALOGUE_COLUMN_KEYS.map((key, i) =>
      cell(`${columnLetters(i + 1)}5001`, String(EXAMPLE_ROW[key])),
    )
    const file = xlsxOfRows([
      `<row r="1">${headerRow().slice('<row r="1">'.length, -'</row>'.length)}${cell('AN1', 'Notas')}</row>`,
      `<row r="5001">${product.join('')}${cell('AN5001', 'mía')}</row>`,
    ])
    const res = await upload(file)
    expect(res.statusCode).toBe(200)
    expect(res.json() as ImportPreview).toMatchObject({ create: 1, rows: 1, errors: [] })
  })

  it('addresses written with a namespace prefix or character references count the same', async () => {
    const prefixed = await upload(
      xlsxOfRows([
        headerRow(),
        '<x:row x:r="2"><x:c x:r="A&#57;999" t="inlineStr"><is><t>x</t></is></x:c></x:row>',
      ]),
    )
    expect(prefixed.statusCode).toBe(413)
    expect(prefixed.json().message).toBe(ROW_MESSAGE)
    // Split across chunks: the scanner keeps an unfinished tag for the next one.
    const scanner = new SheetBoundsScanner(XLSX_LIMITS)
    scanner.push(Buffer.from('<sheetData><row r="2"><c r="A'))
    expect(() => scanner.push(Buffer.from('9999" t="s"><v>0</v></c></row>'))).toThrow(
      SheetBoundsExceeded,
    )
  })

  it('a real 5,000-row export still reads, in a worker, within the limits', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      ...EXAMPLE_ROW,
      code: `P-${i}`,
      name: `Producto ${i}`,
      description: `Descripción del producto ${i} `.repeat(8),
    }))
    const file = await writeSheet(rows, 'xlsx')
    const read = await readUploadedSheet(file)
    expect(read).toHaveLength(5000)
    expect(read[4999]).toMatchObject({ number: 5001, row: { code: 'P-4999' } })
  })

  it('a worker that runs out of heap or time costs the file, never the process', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      ...EXAMPLE_ROW,
      code: `P-${i}`,
      description: 'Descripción larga '.repeat(40),
    }))
    const file = await writeSheet(rows, 'xlsx')
    const outOfHeap = await readUploadedSheet(file, { heapMb: 4 }).catch((e: unknown) => e)
    expect(outOfHeap).toMatchObject({
      statusCode: 413,
      message: SHEET_READ_MESSAGES.unreadable,
      errors: [{ path: 'file', message: SHEET_READ_MESSAGES.unreadable }],
    })
    const late = await readUploadedSheet(file, { timeoutMs: 5 }).catch((e: unknown) => e)
    expect(late).toMatchObject({ statusCode: 400, message: SHEET_READ_MESSAGES.timeout })
    expect(SHEET_READ_MESSAGES).toEqual({
      unreadable:
        'No se pudo leer el archivo: es demasiado grande o complejo para importarlo. Guárdalo como «CSV UTF-8» o divídelo en varios archivos',
      timeout:
        'Leer el archivo llevó demasiado tiempo. Guárdalo como «CSV UTF-8» o divídelo en varios archivos',
    })
    // The API is unharmed: the next sheet (a CSV, also read in a worker) imports.
    const csv = await writeSheet([{ ...EXAMPLE_ROW, category: 'Ropa' }], 'csv')
    const res = await upload(csv, 'productos.csv')
    expect(res.statusCode).toBe(200)
    expect(res.json() as ImportPreview).toMatchObject({ create: 1, errors: [] })
    expect(IMPORT_MESSAGES.fileInvalid).toBeTruthy()
  })
})
