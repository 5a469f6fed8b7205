/**
 * Issue 40 §5: the product CSV wrote cells a spreadsheet runs as formulas (`=1+1`, `-5 % off`,
 * `@…`) as they were. Such cells now get the apostrophe the orders CSV uses, and the import drops
 * exactly that apostrophe again, so an export imported back still changes nothing. The XLSX
 * writes text cells as text (never a `<f>` formula): only a name already starting with an
 * apostrophe before `=` gets one more, so it too comes back as it was.
 */
import { inflateRawSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { readSheet } from 'read-excel-file/node'
import { CATALOGUE_COLUMNS as H, type Business, type ImportPreview } from '@vitrina/contracts'
import { products } from '../src/db/schema/index.js'
import {
  keepApostrophes,
  neutraliseFormula,
  restoreFormulaText,
} from '../src/lib/spreadsheet-formula.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { createTestProduct } from './helpers/products.js'

/** The text of every deflated entry of a zip (enough to look for `<f>` in an XLSX). */
function zipTexts(zip: Buffer): string {
  const texts: string[] = []
  for (let at = zip.indexOf('PK\x03\x04'); at >= 0; at = zip.indexOf('PK\x03\x04', at + 4)) {
    const method = zip.readUInt16LE(at + 8)
    const size = zip.readUInt32LE(at + 18)
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28)
    if (method === 8 && size > 0)
      texts.push(inflateRawSync(zip.subarray(start, start + size)).toString())
  }
  return texts.join('\n')
}

describe('spreadsheet cells that look like formulas', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let business: Business

  const NAMES = ['=1+1', '-5 % off', '+598 99 123 456', "'=ya con apóstrofo", 'Camisa']

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner)
    for (const [i, name] of NAMES.entries()) {
      await createTestProduct(t.app, owner, business._id, {
        name,
        code: `F-${i}`,
        description: i === 0 ? '@SUM(A1:A9)' : 'Descripción',
      })
    }
  })

  const exportFile = (format: 'csv' | 'xlsx') =>
    t.app.inject({
      method: 'GET',
      url: `/api/products/export?format=${format}`,
      headers: bearer(owner.accessToken),
    })
  const importFile = (file: Buffer, format: string, dryRun: boolean) => {
    const form = new FormData()
    form.append('file', new Blob([file]), `productos.${format}`)
    return t.app.inject({
      method: 'POST',
      url: `/api/products/import?dryRun=${dryRun}`,
      headers: bearer(owner.accessToken),
      payload: form,
    })
  }

  it('neutralises and restores exactly one apostrophe', () => {
    expect(neutraliseFormula('=1+1')).toBe("'=1+1")
    expect(neutraliseFormula('\tx')).toBe("'\tx")
    expect(neutraliseFormula('\rx')).toBe("'\rx")
    expect(neutraliseFormula("'=1")).toBe("''=1")
    expect(neutraliseFormula("'hola")).toBe("'hola")
    expect(neutraliseFormula('1490,50')).toBe('1490,50')
    expect(keepApostrophes('=1+1')).toBe('=1+1')
    expect(keepApostrophes("'=1+1")).toBe("''=1+1")
    expect(keepApostrophes("'hola")).toBe("'hola")
    for (const text of ['=1+1', '-5', '@a', '+1', "'=1", "''-2", "'hola", 'x=1', '\tx']) {
      expect(restoreFormulaText(neutraliseFormula(text))).toBe(text)
      expect(restoreFormulaText(keepApostrophes(text))).toBe(text)
    }
  })

  it('the CSV carries no live formula', async () => {
    const res = await exportFile('csv')
    expect(res.statusCode).toBe(200)
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n')
    const cells = lines
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(';'))
    const names = cells.map((c) => c[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'))
    expect(names).toEqual([
      "'=1+1",
      "'-5 % off",
      "'+598 99 123 456",
      "''=ya con apóstrofo",
      'Camisa',
    ])
    expect(cells[0]![2]).toBe("'@SUM(A1:A9)")
    for (const row of cells) for (const cell of row) expect(cell).not.toMatch(/^"?[=+\-@\t\r]/)
  })

  it('the XLSX has text cells, no formulas, reading back as the names', async () => {
    const res = await exportFile('xlsx')
    expect(zipTexts(res.rawPayload)).not.toMatch(/<f[ >]/)
    const sheet = await readSheet(res.rawPayload)
    // Only the name that already started with an apostrophe before `=` gets one more.
    expect(sheet.slice(1).map((row) => row[1])).toEqual([
      '=1+1',
      '-5 % off',
      '+598 99 123 456',
      "''=ya con apóstrofo",
      'Camisa',
    ])
    expect(sheet[0]![1]).toBe(H.name)
  })

  it('round trip: either export imported back changes nothing', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const before = await t.db.select().from(products).where(eq(products.businessId, business._id))
      const file = (await exportFile(format)).rawPayload
      const preview = (await importFile(file, format, true)).json() as ImportPreview
      expect(preview).toMatchObject({ create: 0, update: 0, unchanged: 5, errors: [] })
      const done = await importFile(file, format, false)
      expect(done.statusCode).toBe(200)
      expect(done.json()).toMatchObject({ create: 0, update: 0, unchanged: 5 })
      const after = await t.db.select().from(products).where(eq(products.businessId, business._id))
      const byId = (rows: typeof before) => [...rows].sort((a, b) => a.id.localeCompare(b.id))
      expect(byId(after)).toEqual(byId(before))
      expect(after.map((p) => p.name).sort()).toEqual([...NAMES].sort())
    }
  })
})
