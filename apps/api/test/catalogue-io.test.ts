/**
 * Issue 27 §1: spreadsheet export and import of products (docs/decisions/028) —
 * GET /api/products/export, GET /api/products/import/template, POST /api/products/import and
 * the import job of images by URL.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { readSheet } from 'read-excel-file/node'
import {
  API_MESSAGES,
  CATALOGUE_COLUMNS,
  IMPORT_MESSAGES,
  PLAN_MESSAGES,
  PRICE_INPUT_MESSAGES,
  PRODUCT_MESSAGES,
  VARIANT_MESSAGES,
  type Business,
  type ImportJob,
  type ImportPreview,
  type Product,
} from '@vitrina/contracts'
import { businesses, products } from '../src/db/schema/index.js'
import { FETCH_DEFAULTS, createImageWorker } from '../src/modules/catalogue-io/images.js'
import { detectDelimiter } from '../src/modules/catalogue-io/parse.js'
import { importJobItems } from '../src/modules/catalogue-io/tables.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, pngImage } from './helpers/catalogue.js'
import { catalogueItems, createTestProduct, insertCatalogue } from './helpers/products.js'

const H = CATALOGUE_COLUMNS
const BASIC = [H.code, H.name, H.description, H.price, H.category, H.images]

function csv(rows: (string | number)[][], delimiter = ';'): Buffer {
  const quote = (v: string | number) => {
    const s = String(v)
    return /[;,"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
  }
  return Buffer.from('\uFEFF' + rows.map((r) => r.map(quote).join(delimiter)).join('\r\n'), 'utf8')
}

function uploadForm(data: Buffer, filename = 'productos.csv'): FormData {
  const form = new FormData()
  form.append('file', new Blob([data], { type: 'text/csv' }), filename)
  return form
}

describe('spreadsheet export and import', () => {
  const t = useTestApp({ RATE_LIMIT: 'false', IMPORT_FETCH_ALLOW_LOOPBACK: 'true' })
  let owner: TestAccount
  let stranger: TestAccount
  let business: Business
  let strangerBusiness: Business
  let images: Server
  let imageBase = ''

  const importFile = (who: TestAccount, data: Buffer, dryRun: boolean, filename?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/import?dryRun=${dryRun}`,
      headers: bearer(who.accessToken),
      payload: uploadForm(data, filename),
    })
  const exportFile = (who: TestAccount, format: 'csv' | 'xlsx') =>
    t.app.inject({
      method: 'GET',
      url: `/api/products/export?format=${format}`,
      headers: bearer(who.accessToken),
    })
  const productsOf = (businessId: string) =>
    t.db.select().from(products).where(eq(products.businessId, businessId))

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    stranger = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner)
    strangerBusiness = await createTestBusiness(t.app, stranger)
    // A paid plan: the free plan's cap has its own test below.
    await t.db
      .update(businesses)
      .set({ effectivePlan: 'pro', planType: 'pro', paidUntil: new Date(Date.now() + 864e5) })
      .where(eq(businesses.id, business._id))
    const png = await pngImage(120, 90, '#228844')
    images = createServer((req, res) => {
      if (req.url === '/foto.png')
        return res.writeHead(200, { 'content-type': 'image/png' }).end(png)
      if (req.url === '/texto') return res.writeHead(200).end('no soy una imagen')
      if (req.url === '/a-privada') {
        return res.writeHead(302, { location: 'http://10.0.0.1/foto.png' }).end()
      }
      if (req.url === '/vueltas') return res.writeHead(302, { location: '/vueltas' }).end()
      if (req.url === '/enorme') {
        res.writeHead(200, { 'content-type': 'image/png' })
        const chunk = Buffer.alloc(1024 * 1024)
        for (let i = 0; i < 6; i++) res.write(chunk)
        return res.end()
      }
      if (req.url === '/lenta') return // never answers
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
    imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    images.closeAllConnections()
    await new Promise((resolve) => images.close(resolve))
  })

  describe('export', () => {
    let shirt: Product
    beforeAll(async () => {
      shirt = await createTestProduct(t.app, owner, business._id, {
        name: 'Camisa de lino',
        code: 'CAM-1',
        price: '1490.50',
        discount: '10',
        subCategory: 'Camisas',
        isFeatured: 'true',
        tags: ['verano', 'lino'],
        specifications: JSON.stringify([{ name: 'Material', value: 'Lino' }]),
        info: 'Lavar a mano',
        trackStock: 'true',
        options: JSON.stringify([{ name: 'Talle', values: ['S', 'M'] }]),
        variants: JSON.stringify([
          { options: { Talle: 'S' }, stock: 3 },
          { options: { Talle: 'M' }, price: 1590, code: 'CAM-1-M', stock: 0 },
        ]),
      })
      await createTestProduct(t.app, owner, business._id, { name: 'Zapato', category: 'Calzado' })
      await createTestProduct(t.app, stranger, strangerBusiness._id, {
        name: 'Ajeno',
        code: 'CAM-1',
      })
    })

    it('writes CSV with a BOM, `;`, Spanish headers and absolute image URLs', async () => {
      const res = await exportFile(owner, 'csv')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="productos-.+\.csv"/)
      const bytes = res.rawPayload
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const text = bytes.toString('utf8').slice(1)
      const [head, ...lines] = text.trim().split('\r\n')
      expect(head).toBe(Object.values(CATALOGUE_COLUMNS).join(';'))
      expect(lines).toHaveLength(2)
      const shirtLine = lines.find((l) => l.startsWith('CAM-1;'))!
      expect(shirtLine).toContain(';1490,50;UYU;10;Ropa;Camisas;Sí;No;Sí;verano | lino;')
      expect(shirtLine).toContain('Material: Lino')
      expect(shirtLine).toContain('Talle: S, M')
      expect(shirtLine).toContain(
        'Talle=S; stock=3 | Talle=M; precio=1590; código=CAM-1-M; stock=0',
      )
      expect(shirtLine).toContain(`http://vitrina.test${shirt.image.url}`)
      expect(text).not.toContain('Ajeno')
    })

    it('writes an XLSX that reads back with the same headers and numbers', async () => {
      const res = await exportFile(owner, 'xlsx')
      expect(res.statusCode).toBe(200)
      expect([...res.rawPayload.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
      const sheet = await readSheet(res.rawPayload)
      expect(sheet[0]).toEqual(Object.values(CATALOGUE_COLUMNS))
      const row = sheet.find((r) => r[0] === 'CAM-1')!
      expect(row[4]).toBe(1490.5)
      expect(row[1]).toBe('Camisa de lino')
    })

    it('round trip: the export imported back changes nothing (CSV and XLSX)', async () => {
      for (const format of ['csv', 'xlsx'] as const) {
        const before = await productsOf(business._id)
        const file = (await exportFile(owner, format)).rawPayload
        const preview = (await importFile(owner, file, true, `p.${format}`)).json() as ImportPreview
        expect(preview).toMatchObject({ create: 0, update: 0, unchanged: 2, errors: [] })
        const done = await importFile(owner, file, false, `p.${format}`)
        expect(done.statusCode).toBe(200)
        expect(done.json()).toMatchObject({ create: 0, update: 0, unchanged: 2, jobId: null })
        const after = await productsOf(business._id)
        const byId = (rows: typeof before) => [...rows].sort((a, b) => a.id.localeCompare(b.id))
        expect(byId(after)).toEqual(byId(before))
      }
    })

    it('needs the owner’s token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/products/export?format=csv' })
      expect(res.statusCode).toBe(401)
      const bad = await exportFile(owner, 'pdf' as 'csv')
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe(IMPORT_MESSAGES.formatInvalid)
    })
  })

  it('is documented in OpenAPI', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' })
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/products/export',
        '/api/products/import',
        '/api/products/import/template',
        '/api/products/import/{jobId}',
      ]),
    )
  })

  describe('template', () => {
    it('has the Spanish headers and one example row that previews without errors', async () => {
      for (const format of ['csv', 'xlsx'] as const) {
        const res = await t.app.inject({ url: `/api/products/import/template?format=${format}` })
        expect(res.statusCode).toBe(200)
        const preview = await importFile(owner, res.rawPayload, true, `t.${format}`)
        expect(preview.json()).toMatchObject({ create: 1, update: 0, errors: [] })
      }
    })
  })

  describe('import', () => {
    it('previews creates and updates matched by code, writing nothing', async () => {
      const file = csv([
        BASIC,
        ['CAM-1', 'Camisa de lino', 'Nueva descripción', '1500', 'Ropa', ''],
        ['', 'Gorro', 'Gorro de lana', '300', 'ropa', 'https://example.com/g.png'],
      ])
      const before = await productsOf(business._id)
      const res = await importFile(owner, file, true)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ create: 1, update: 1, unchanged: 0, rows: 2, fits: null })
      expect(await productsOf(business._id)).toHaveLength(before.length)
    })

    it('reads `,`-separated CSV without a BOM, and detects the delimiter', () => {
      expect(detectDelimiter('a;b;c\n1,5;2;3')).toBe(';')
      expect(detectDelimiter('a,b,"c;d"\n1;2')).toBe(',')
    })

    it('reads prices by the product form’s one rule: an ambiguous "1,290" is refused, not guessed', async () => {
      const row = (name: string, price: string) => [
        '',
        name,
        'Algo',
        price,
        'Ropa',
        'https://example.com/a.png',
      ]
      const file = csv([
        BASIC,
        row('Coma', '1290,50'),
        row('Miles', '1.290,50'),
        row('Punto', '1290.50'),
        row('Ambigua', '1,290'),
      ])
      const res = await importFile(owner, file, true)
      expect(res.statusCode).toBe(200)
      const { errors, create } = res.json() as ImportPreview
      expect(errors).toEqual([{ row: 5, column: H.price, message: PRICE_INPUT_MESSAGES.ambiguous }])
      expect(create).toBe(3)
    })

    it('lists row errors in Spanish with the product form’s rules', async () => {
      const file = csv([
        [...BASIC, H.isFeatured, H.status, H.subCategory, H.specifications, H.options, H.variants],
        ['', 'Sin precio', 'Algo', '', 'Ropa', 'https://example.com/a.png', '', '', '', '', '', ''],
        [
          '',
          'Mal precio',
          'Algo',
          'diez',
          'Ropa',
          'https://example.com/a.png',
          '',
          '',
          '',
          '',
          '',
          '',
        ],
        [
          '',
          'Otra cat',
          'Algo',
          '10',
          'Juguetes',
          'https://example.com/a.png',
          '',
          '',
          '',
          '',
          '',
          '',
        ],
        [
          '',
          'Bool',
          'Algo',
          '10',
          'Ropa',
          'https://example.com/a.png',
          'quizás',
          '',
          '',
          '',
          '',
          '',
        ],
        [
          '',
          'Estado',
          'Algo',
          '10',
          'Ropa',
          'https://example.com/a.png',
          '',
          'Borrado',
          '',
          '',
          '',
          '',
        ],
        ['', 'Sin imagen', 'Algo', '10', 'Ropa', '', '', '', '', '', '', ''],
        ['', 'Imagen ftp', 'Algo', '10', 'Ropa', 'ftp://x/a.png', '', '', '', '', '', ''],
        [
          'X-1',
          'Código',
          'Algo',
          '10',
          'Ropa',
          'https://example.com/a.png',
          '',
          '',
          '',
          '',
          '',
          '',
        ],
        [
          'X-1',
          'Código',
          'Algo',
          '10',
          'Ropa',
          'https://example.com/a.png',
          '',
          '',
          '',
          '',
          '',
          '',
        ],
        ['', '', 'Algo', '10', 'Ropa', 'https://example.com/a.png', '', '', '', '', '', ''],
        [
          '',
          'Sub',
          'Algo',
          '10',
          'Calzado',
          'https://example.com/a.png',
          '',
          '',
          'Camisas',
          '',
          '',
          '',
        ],
        [
          '',
          'Spec',
          'Algo',
          '10',
          'Ropa',
          'https://example.com/a.png',
          '',
          '',
          '',
          'sin valor',
          '',
          '',
        ],
        ['', 'Opt', 'Algo', '10', 'Ropa', 'https://example.com/a.png', '', '', '', '', 'Talle', ''],
        [
          '',
          'Var',
          'Algo',
          '10',
          'Ropa',
          'https://example.com/a.png',
          '',
          '',
          '',
          '',
          'Talle: S',
          'S',
        ],
        [
          '',
          'Var2',
          'Algo',
          '10',
          'Ropa',
          'https://example.com/a.png',
          '',
          '',
          '',
          '',
          'Talle: S',
          'Talle=XL',
        ],
        [
          '',
          'Imgs',
          'Algo',
          '10',
          'Ropa',
          Array(12).fill('https://e.com/a.png').join(' | '),
          '',
          '',
          '',
          '',
          '',
          '',
        ],
      ])
      const res = await importFile(owner, file, true)
      expect(res.statusCode).toBe(200)
      const { errors, create } = res.json() as ImportPreview
      expect(create).toBe(1) // the first X-1 row
      expect(errors).toEqual(
        expect.arrayContaining([
          { row: 2, column: H.price, message: PRODUCT_MESSAGES.priceMin },
          { row: 3, column: H.price, message: PRICE_INPUT_MESSAGES.invalid },
          { row: 4, column: H.category, message: PRODUCT_MESSAGES.categoryUnknown },
          { row: 5, column: H.isFeatured, message: IMPORT_MESSAGES.booleanInvalid },
          { row: 6, column: H.status, message: IMPORT_MESSAGES.statusInvalid },
          { row: 7, column: H.images, message: PRODUCT_MESSAGES.mainImageRequired },
          { row: 8, column: H.images, message: IMPORT_MESSAGES.imageUrlInvalid },
          { row: 10, column: H.code, message: IMPORT_MESSAGES.codeRepeated(9) },
          { row: 11, column: H.name, message: PRODUCT_MESSAGES.nameRequired },
          { row: 12, column: H.subCategory, message: PRODUCT_MESSAGES.subCategoryUnknown },
          { row: 13, column: H.specifications, message: IMPORT_MESSAGES.specificationInvalid },
          { row: 14, column: H.options, message: IMPORT_MESSAGES.optionInvalid },
          { row: 15, column: H.variants, message: IMPORT_MESSAGES.variantInvalid },
          { row: 17, column: H.images, message: IMPORT_MESSAGES.imagesMax },
        ]),
      )
      const var2 = errors.find((e) => e.row === 16)!
      expect(var2.column).toBe(H.variants)
      expect(Object.values(VARIANT_MESSAGES)).toContain(var2.message)
    })

    it('refuses a code two of the owner’s products share', async () => {
      await createTestProduct(t.app, owner, business._id, { name: 'Uno', code: 'DOBLE' })
      await createTestProduct(t.app, owner, business._id, { name: 'Dos', code: 'DOBLE' })
      const res = await importFile(
        owner,
        csv([BASIC, ['DOBLE', 'Uno', 'Algo', '10', 'Ropa', '']]),
        true,
      )
      expect(res.json().errors).toEqual([
        { row: 2, column: H.code, message: IMPORT_MESSAGES.codeAmbiguous },
      ])
    })

    it('writes nothing when a row has an error (422 with the errors)', async () => {
      const before = await productsOf(business._id)
      const file = csv([
        BASIC,
        ['', 'Bien', 'Algo', '10', 'Ropa', 'https://example.com/a.png'],
        ['CAM-1', 'Cambio', 'Algo', '10', 'Ropa', ''],
        ['', 'Mal', 'Algo', '0', 'Ropa', 'https://example.com/a.png'],
      ])
      const res = await importFile(owner, file, false)
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({
        message: IMPORT_MESSAGES.rowsInvalid,
        errors: [{ row: 4, column: H.price, message: PRODUCT_MESSAGES.priceMin }],
      })
      expect(await productsOf(business._id)).toEqual(expect.arrayContaining(before))
      expect(await productsOf(business._id)).toHaveLength(before.length)
    })

    it('refuses files that are not sheets, too large, empty or too long, in Spanish', async () => {
      const binary = await importFile(owner, Buffer.from([0, 1, 2, 3, 0, 0]), true)
      expect(binary.statusCode).toBe(415)
      expect(binary.json().message).toBe(IMPORT_MESSAGES.fileInvalid)
      const fakeZip = await importFile(owner, Buffer.from('PK\x03\x04garbage'), true, 'a.xlsx')
      expect(fakeZip.statusCode).toBe(415)
      const latin1 = await importFile(
        owner,
        Buffer.from('Nombre;Precio\nCami\xf1a;10', 'latin1'),
        true,
      )
      expect(latin1.json().message).toBe(IMPORT_MESSAGES.encodingInvalid)
      const noColumn = await importFile(
        owner,
        csv([
          [H.name, H.price],
          ['a', '1'],
        ]),
        true,
      )
      expect(noColumn.json().message).toBe(IMPORT_MESSAGES.missingColumn(H.description))
      const empty = await importFile(owner, csv([BASIC]), true)
      expect(empty.json().message).toBe(IMPORT_MESSAGES.fileEmpty)
      const rows = Array.from({ length: 5001 }, (_, i) => [
        '',
        `P${i}`,
        'd',
        '1',
        'Ropa',
        'https://e.com/a.png',
      ])
      const long = await importFile(owner, csv([BASIC, ...rows]), true)
      expect(long.statusCode).toBe(400)
      expect(long.json().message).toBe(IMPORT_MESSAGES.tooManyRows(5000))
      const huge = await importFile(owner, Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), true)
      expect(huge.statusCode).toBe(413)
      const none = await t.app.inject({
        method: 'POST',
        url: '/api/products/import',
        headers: bearer(owner.accessToken),
        payload: new FormData(),
      })
      expect(none.json().message).toBe(IMPORT_MESSAGES.fileRequired)
      const badQuery = await t.app.inject({
        method: 'POST',
        url: '/api/products/import?dryRun=quizás',
        headers: bearer(owner.accessToken),
        payload: uploadForm(csv([BASIC])),
      })
      expect(badQuery.json().message).toBe(IMPORT_MESSAGES.dryRunInvalid)
    })

    it('never matches another owner’s codes (tenant isolation)', async () => {
      await createTestProduct(t.app, owner, business._id, { name: 'Solo mío', code: 'MIO-1' })
      const strangerBefore = await productsOf(strangerBusiness._id)
      const file = csv([
        BASIC,
        ['MIO-1', 'Intruso', 'Algo', '10', 'Ropa', 'https://example.com/a.png'],
        ['CAM-1', 'Ajeno cambiado', 'Algo', '10', 'Ropa', ''],
      ])
      const preview = (await importFile(stranger, file, true)).json() as ImportPreview
      // MIO-1 names nothing of the stranger's (a new product); CAM-1 is their own "Ajeno".
      expect(preview).toMatchObject({ create: 1, update: 1, errors: [] })
      expect((await importFile(stranger, file, false)).statusCode).toBe(200)
      const mine = (await productsOf(business._id)).filter((p) =>
        ['MIO-1', 'CAM-1'].includes(p.code!),
      )
      expect(mine.map((p) => p.name).sort()).toEqual(['Camisa de lino', 'Solo mío'])
      const theirs = await productsOf(strangerBusiness._id)
      expect(theirs).toHaveLength(strangerBefore.length + 1)
      expect(theirs.map((p) => p.name).sort()).toEqual(['Ajeno cambiado', 'Intruso'])
    })

    it('applies the free plan’s limit: the preview says how many fit, the import refuses', async () => {
      const free = await registerAndLogin(t.app)
      const freeBusiness = await createTestBusiness(t.app, free)
      await createTestProduct(t.app, free, freeBusiness._id)
      const rows = Array.from({ length: 20 }, (_, i) => [
        '',
        `P${i}`,
        'd',
        '1',
        'Ropa',
        'https://e.com/a.png',
      ])
      const preview = (await importFile(free, csv([BASIC, ...rows]), true)).json() as ImportPreview
      expect(preview).toMatchObject({ create: 20, fits: 19, errors: [] })
      const res = await importFile(free, csv([BASIC, ...rows]), false)
      expect(res.statusCode).toBe(422)
      expect(res.json().message).toBe(IMPORT_MESSAGES.planLimit(19))
      expect(await productsOf(freeBusiness._id)).toHaveLength(1)
      expect(IMPORT_MESSAGES.planLimit(0)).toBe(
        'Tu plan no admite más productos: no se importó nada',
      )
      expect(IMPORT_MESSAGES.planLimit(1)).toContain('1 producto nuevo más')
      const fits = await importFile(free, csv([BASIC, ...rows.slice(0, 19)]), false)
      expect(fits.statusCode).toBe(200)
      expect(await productsOf(freeBusiness._id)).toHaveLength(20)
      // Their images cannot be downloaded here, which hides them (issue 41): shown again, so that
      // 20 are visible.
      await t.app.importImages.idle()
      await t.db
        .update(products)
        .set({ status: 'active' })
        .where(eq(products.businessId, freeBusiness._id))
      // At the limit, showing a hidden product is refused as the form refuses it.
      await t.db
        .update(products)
        .set({ status: 'hidden', code: 'OCULTO' })
        .where(and(eq(products.businessId, freeBusiness._id), eq(products.name, 'P0')))
      // A 21st product, as a downgrade leaves them: 20 visible, one hidden.
      await insertCatalogue(t.db, freeBusiness._id, catalogueItems(1))
      const show = await importFile(
        free,
        csv([
          [...BASIC, H.status],
          ['OCULTO', 'P0', 'd', '1', 'Ropa', '', 'Visible'],
        ]),
        true,
      )
      expect(show.json().errors).toEqual([
        { row: 2, column: H.status, message: PLAN_MESSAGES.visibleLimitReached },
      ])
    })

    it('hides a product none of whose images could be downloaded, and says so (issue 41)', async () => {
      const broken = 'http://127.0.0.2:1/rota.png'
      const file = csv([BASIC, ['ROTA-1', 'Lámpara', 'Lámpara de mesa', '990', 'Ropa', broken]])
      const res = await importFile(owner, file, false)
      expect(res.statusCode).toBe(200)
      const { jobId } = res.json() as ImportPreview
      await t.app.importImages.idle()
      const job = await t.app.inject({
        url: `/api/products/import/${jobId}`,
        headers: bearer(owner.accessToken),
      })
      expect((job.json() as ImportJob).failures).toEqual([
        { row: 2, url: broken, message: IMPORT_MESSAGES.imageUnreachable },
        { row: 2, url: broken, message: IMPORT_MESSAGES.productHiddenNoImage },
      ])
      const lamp = (await productsOf(business._id)).find((p) => p.code === 'ROTA-1')!
      expect(lamp.status).toBe('hidden')
      const list = await t.app.inject({
        url: `/api/products/${business._id}/business?pageSize=48`,
      })
      expect(list.statusCode).toBe(200)
      expect(JSON.stringify(list.json())).not.toContain('ROTA-1')
      // The plan-limit test below counts this business's products.
      await t.db.delete(products).where(eq(products.id, lamp.id))
    })

    it('creates and updates in one go, then downloads the images in the background', async () => {
      const file = csv([
        [...BASIC, H.tags, H.discount],
        [
          'NUEVO-1',
          'Remera',
          'Remera de algodón',
          '590,50',
          'Ropa',
          `${imageBase}/foto.png | ${imageBase}/texto | http://127.0.0.2:1/x.png`,
          'algodón | verano',
          '5',
        ],
        ['CAM-1', 'Camisa de lino', 'Otra descripción', '1490,50', 'Ropa', '', '', ''],
      ])
      const res = await importFile(owner, file, false)
      expect(res.statusCode).toBe(200)
      const result = res.json() as ImportPreview
      expect(result).toMatchObject({ create: 1, update: 1, withImages: 1 })
      expect(result.jobId).toEqual(expect.any(String))
      await t.app.importImages.idle()
      const job = await t.app.inject({
        url: `/api/products/import/${result.jobId}`,
        headers: bearer(owner.accessToken),
      })
      expect(job.statusCode).toBe(200)
      const progress = job.json() as ImportJob
      expect(progress).toMatchObject({ status: 'done', total: 1, done: 1, created: 1, updated: 1 })
      expect(progress.failures).toEqual([
        { row: 2, url: `${imageBase}/texto`, message: API_MESSAGES.unsupportedImage },
        { row: 2, url: 'http://127.0.0.2:1/x.png', message: IMPORT_MESSAGES.imageUnreachable },
      ])
      const [remera] = (await productsOf(business._id)).filter((p) => p.code === 'NUEVO-1')
      expect(remera).toMatchObject({ name: 'Remera', price: 590.5, discount: 5, isOffer: true })
      expect(remera!.image.srcset).toContain('.webp')
      expect(remera!.images).toEqual([])
      const camisa = (await productsOf(business._id)).find((p) => p.code === 'CAM-1')!
      expect(camisa.description).toBe('Otra descripción')
      // Someone else cannot read the job.
      const strangerJob = await t.app.inject({
        url: `/api/products/import/${result.jobId}`,
        headers: bearer(stranger.accessToken),
      })
      expect(strangerJob.statusCode).toBe(404)
      expect(strangerJob.json().message).toBe(IMPORT_MESSAGES.jobNotFound)
    })
  })
})

describe('large sheets', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })

  it('reads a CSV larger than the parser’s pieces without breaking accents or emoji', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner)
    await t.db
      .update(businesses)
      .set({ effectivePlan: 'pro', planType: 'pro', paidUntil: new Date(Date.now() + 864e5) })
      .where(eq(businesses.id, business._id))
    const rows = Array.from({ length: 1500 }, (_, i) => [
      `Ñ-${i}`,
      `Ñandú ${'😀'.repeat(i % 7)} ${i}`,
      'Descripción con acentos: áéíóú',
      '10',
      'Ropa',
      'https://example.com/a.png',
    ])
    const file = csv([BASIC, ...rows])
    expect(file.length).toBeGreaterThan(2 * 64 * 1024)
    // No downloads here (1,500 of them would only slow the test).
    await t.app.importImages.close()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?dryRun=false',
      headers: bearer(owner.accessToken),
      payload: uploadForm(file),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ create: 1500, errors: [] })
    const names = new Set(
      (await t.db.select().from(products).where(eq(products.businessId, business._id))).map(
        (p) => p.name,
      ),
    )
    expect(rows.every((r) => names.has(r[1]!))).toBe(true)
  })
})

describe('import jobs survive a process that stopped mid-download', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })

  it('an item whose lease ran out is taken again; a live lease is left alone', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner)
    const file = csv([
      BASIC,
      ['', 'Gorro', 'Gorro de lana', '300', 'Ropa', 'http://10.0.0.1/a.png'],
    ])
    // Another process claimed the item (lease in the future) and died before finishing it.
    await t.app.importImages.close()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?dryRun=false',
      headers: bearer(owner.accessToken),
      payload: uploadForm(file),
    })
    const { jobId } = res.json() as ImportPreview
    await t.db
      .update(importJobItems)
      .set({ attempts: 1, leaseUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(importJobItems.jobId, jobId!))
    const worker = createImageWorker({
      db: t.db,
      media: t.app.media,
      log: t.app.log,
      fetch: { ...FETCH_DEFAULTS, allowLoopback: false },
    })
    await worker.idle()
    const progress = async () =>
      (
        await t.app.inject({
          url: `/api/products/import/${jobId}`,
          headers: bearer(owner.accessToken),
        })
      ).json() as ImportJob
    expect(await progress()).toMatchObject({ status: 'running', total: 1, done: 0 })
    await t.db
      .update(importJobItems)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(importJobItems.jobId, jobId!))
    await worker.idle()
    expect(await progress()).toMatchObject({
      status: 'done',
      done: 1,
      failures: [
        { row: 2, url: 'http://10.0.0.1/a.png', message: IMPORT_MESSAGES.imageBlocked },
        { row: 2, url: 'http://10.0.0.1/a.png', message: IMPORT_MESSAGES.productHiddenNoImage },
      ],
    })
    await worker.close()
    expect(business._id).toEqual(expect.any(String))
  })
})
