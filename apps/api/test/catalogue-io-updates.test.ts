/**
 * Issue 27 (closing note): a confirmed import updates its products in batches — one UPDATE per
 * 500 products instead of one per row (docs/decisions/028, "One transaction") — with the same
 * results as the form: triggers (search words, derived stock and prices, slug kept), variants
 * replaced, unchanged rows untouched, image URLs only where the sheet names new ones.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { CATALOGUE_COLUMNS as H, type Business, type ImportPreview } from '@vitrina/contracts'
import { businesses, products, productVariants } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'

const HEADER = [
  H.code,
  H.name,
  H.description,
  H.price,
  H.discount,
  H.category,
  H.trackStock,
  H.stock,
  H.options,
  H.variants,
  H.images,
]

function csv(rows: (string | number)[][]): Buffer {
  const quote = (v: string | number) => {
    const s = String(v)
    return /[;,"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
  }
  return Buffer.from('\uFEFF' + rows.map((r) => r.map(quote).join(';')).join('\r\n'), 'utf8')
}

describe('a confirmed import updates in batches, as the form would', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let business: Business

  const importFile = async (data: Buffer) => {
    const form = new FormData()
    form.append('file', new Blob([data], { type: 'text/csv' }), 'productos.csv')
    return t.app.inject({
      method: 'POST',
      url: '/api/products/import?dryRun=false',
      headers: bearer(owner.accessToken),
      payload: form,
    })
  }
  const byCode = async () =>
    new Map(
      (await t.db.select().from(products).where(eq(products.businessId, business._id))).map((p) => [
        p.code!,
        p,
      ]),
    )

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner)
    await t.db
      .update(businesses)
      .set({ effectivePlan: 'pro', planType: 'pro', paidUntil: new Date(Date.now() + 864e5) })
      .where(eq(businesses.id, business._id))
    // Image URLs stay as URLs here: nothing to download.
    await t.app.importImages.close()
    // Counts the UPDATE statements on products (a statement trigger fires once per statement).
    await t.db.execute(sql`CREATE TABLE test_product_updates (n int NOT NULL)`)
    await t.db.execute(sql`INSERT INTO test_product_updates VALUES (0)`)
    await t.db.execute(sql`CREATE FUNCTION test_count_product_updates() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN UPDATE test_product_updates SET n = n + 1; RETURN NULL; END $$`)
    await t.db.execute(sql`CREATE TRIGGER test_product_updates AFTER UPDATE ON products
      FOR EACH STATEMENT EXECUTE FUNCTION test_count_product_updates()`)
  })

  const statements = async () => {
    const result = await t.db.execute(sql`SELECT n FROM test_product_updates`)
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n
  }

  it('600 changed products: two UPDATE statements (500 + 100), not 600', async () => {
    const rows = (suffix: string) =>
      Array.from({ length: 600 }, (_, i) => [
        `L-${i}`,
        `Lote ${i}${suffix}`,
        'Producto del lote',
        100 + i,
        0,
        'Ropa',
        'No',
        '',
        '',
        '',
        'https://example.com/lote.png',
      ])
    expect((await importFile(csv([HEADER, ...rows('')]))).json()).toMatchObject({ create: 600 })
    const before = await statements()
    const res = await importFile(csv([HEADER, ...rows(' v2')]))
    expect(res.json()).toMatchObject({ update: 600, create: 0, errors: [] })
    expect((await statements()) - before).toBe(2)
    const found = await byCode()
    expect(found.get('L-599')!.name).toBe('Lote 599 v2')
  })

  it('keeps every semantic of a per-row update', async () => {
    const first = csv([
      HEADER,
      [
        'A',
        'Gorro azul',
        'Gorro de lana',
        '300',
        '0',
        'Ropa',
        'Sí',
        '5',
        '',
        '',
        'https://example.com/a.png',
      ],
      [
        'B',
        'Remera',
        'Remera de algodón',
        '500',
        '0',
        'Ropa',
        'Sí',
        '',
        'Talle: S, M',
        'Talle=S; stock=2 | Talle=M; stock=1',
        'https://example.com/b.png',
      ],
      [
        'C',
        'Bufanda',
        'Bufanda tejida',
        '200',
        '0',
        'Ropa',
        'No',
        '',
        '',
        '',
        'https://example.com/c.png',
      ],
    ])
    expect((await importFile(first)).json()).toMatchObject({ create: 3 })
    const before = await byCode()
    const variantM = (
      await t.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, before.get('B')!.id))
    ).find((v) => v.options.Talle === 'M')!

    const second = csv([
      HEADER,
      // Renamed, repriced, discounted, new stock, same image (blank: the images stay).
      ['A', 'Gorro rojo', 'Gorro de lana', '350', '10', 'Ropa', 'Sí', '7', '', '', ''],
      // A variant dropped, one kept with new stock, one added; a new image URL.
      [
        'B',
        'Remera',
        'Remera de algodón',
        '500',
        '0',
        'Ropa',
        'Sí',
        '',
        'Talle: M, L',
        'Talle=M; stock=4 | Talle=L; precio=550; stock=0',
        'https://example.com/b2.png',
      ],
      // Exactly as stored: unchanged, not written.
      [
        'C',
        'Bufanda',
        'Bufanda tejida',
        '200',
        '0',
        'Ropa',
        'No',
        '',
        '',
        '',
        'https://example.com/c.png',
      ],
    ])
    const res = await importFile(second)
    expect(res.statusCode).toBe(200)
    expect(res.json() as ImportPreview).toMatchObject({ update: 2, unchanged: 1, create: 0 })
    const after = await byCode()

    const a = after.get('A')!
    expect(a).toMatchObject({
      name: 'Gorro rojo',
      price: 350,
      discount: 10,
      isOffer: true,
      stock: 7,
    })
    expect(a.finalPrice).toBe(315)
    expect(a.stockUnits).toBe(7)
    // The search words follow the name (statement trigger); the address keeps its slug.
    expect(a.searchWords).toContain('rojo')
    expect(a.searchWords).not.toContain('azul')
    expect(a.slug).toBe(before.get('A')!.slug)
    expect(a.image).toEqual(before.get('A')!.image)
    expect(a.updatedAt.getTime()).toBeGreaterThan(before.get('A')!.updatedAt.getTime())

    const b = after.get('B')!
    expect(b.image).toEqual({ url: 'https://example.com/b2.png' })
    const variants = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, b.id))
      .orderBy(productVariants.position)
    expect(variants.map((v) => [v.options.Talle, v.stock, v.price])).toEqual([
      ['M', 4, null],
      ['L', 0, 550],
    ])
    // The kept combination keeps its row (orders point at it).
    expect(variants[0]!.id).toBe(variantM.id)
    expect(b.stockUnits).toBe(4)
    expect(b.mainPrice).toBe(500)

    expect(after.get('C')!.updatedAt).toEqual(before.get('C')!.updatedAt)
  })

  it('lists and texts travel intact: tags, specifications, quotes and accents', async () => {
    const header = [
      H.code,
      H.name,
      H.description,
      H.price,
      H.category,
      H.tags,
      H.specifications,
      H.images,
    ]
    const row = (name: string, tags: string, specs: string) => [
      'T-1',
      name,
      'Descripción',
      '10',
      'Ropa',
      tags,
      specs,
      'https://example.com/t.png',
    ]
    await importFile(csv([header, row('Taza', 'cocina', 'Material: loza')]))
    const res = await importFile(
      csv([
        header,
        row('Taza "grande" ñandú', 'cocina | café, té | {raro}', 'Material: loza | Origen: Perú'),
      ]),
    )
    expect(res.json()).toMatchObject({ update: 1, errors: [] })
    const t1 = (await byCode()).get('T-1')!
    expect(t1.name).toBe('Taza "grande" ñandú')
    expect(t1.tags).toEqual(['cocina', 'café, té', '{raro}'])
    expect(t1.specifications).toEqual([
      { name: 'Material', value: 'loza' },
      { name: 'Origen', value: 'Perú' },
    ])
    expect(t1.searchWords).toEqual(expect.arrayContaining(['nandu', 'cafe']))
  })
})
