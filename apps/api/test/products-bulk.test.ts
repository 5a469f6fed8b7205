/**
 * Issue 27 §2: bulk edits (POST /api/products/bulk) and the manual order (PUT /api/products/order,
 * POST /api/products/{id}/move, the business's productOrder). One request, one transaction: a
 * refused row changes nothing; only the token owner's products; the public list sees the change
 * at once (the read cache is invalidated by the write).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import {
  AUTH_MESSAGES,
  BULK_MAX_PRODUCTS,
  BULK_MESSAGES,
  PRODUCT_MESSAGES,
  priceChangeCents,
  type Business,
  type Product,
  type ProductListResponse,
} from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, patchBusiness, pngFile } from './helpers/catalogue.js'
import {
  catalogueItems,
  createTestProduct,
  insertCatalogue,
  keysOf,
  mainImage,
  storedFiles,
} from './helpers/products.js'

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

describe('bulk edits and the manual order', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let stranger: TestAccount
  let business: Business
  let other: Business

  const bulk = (body: unknown, who: TestAccount | null = owner) =>
    t.app.inject({
      method: 'POST',
      url: '/api/products/bulk',
      headers: who ? bearer(who.accessToken) : {},
      payload: body as object,
    })
  const reorder = (ids: string[], who: TestAccount = owner) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/products/order',
      headers: bearer(who.accessToken),
      payload: { ids },
    })
  const move = (id: string, to: string, who: TestAccount = owner) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/move`,
      headers: bearer(who.accessToken),
      payload: { to },
    })
  const read = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` })
    return res.json() as Product
  }
  /** The public list (no token: what the storefront and the read cache see). */
  const publicList = async (businessId: string, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${businessId}/business?pageSize=48${query}`,
    })
    expect(res.statusCode).toBe(200)
    return res.json() as ProductListResponse
  }
  const expect400 = async (body: unknown, message: string) => {
    const res = await bulk(body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(message)
  }

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    stranger = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { planType: 'pro' })
    other = await createTestBusiness(t.app, stranger)
  })

  describe('price', () => {
    it('raises prices by a percentage, rounded half up to the cent, variants included', async () => {
      const a = await createTestProduct(t.app, owner, business._id, {
        name: 'Taza',
        price: '10.15',
      })
      const b = await createTestProduct(t.app, owner, business._id, {
        name: 'Buzo',
        price: '1000',
        options: JSON.stringify([{ name: 'Talle', values: ['S', 'M'] }]),
        variants: JSON.stringify([
          { options: { Talle: 'S' }, price: 1200 },
          { options: { Talle: 'M' } },
        ]),
      })
      const res = await bulk({ ids: [a._id, b._id], action: 'price', change: { percent: 5 } })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ updated: 2 })
      // 10.15 × 1.05 = 10.6575 → 10.66 (half up, as the database rounds).
      expect((await read(a._id)).price).toBe(10.66)
      expect(priceChangeCents(10.15, { percent: 5 })).toBe(1066)
      const buzo = await read(b._id)
      expect(buzo.price).toBe(1050)
      expect(buzo.variants.map((v) => v.price)).toEqual([1260, 1050])
      const [row] = rowsOf<{ main_price: string }>(
        await t.db.execute(sql`SELECT main_price FROM products WHERE id = ${b._id}`),
      )
      expect(Number(row!.main_price)).toBe(1050)

      const down = await bulk({
        ids: [a._id],
        action: 'price',
        change: { amount: 0.66, direction: 'lower' },
      })
      expect(down.statusCode).toBe(200)
      expect((await read(a._id)).price).toBe(10)
      const pct = await bulk({
        ids: [a._id],
        action: 'price',
        change: { percent: 12.5, direction: 'lower' },
      })
      expect(pct.statusCode).toBe(200)
      expect((await read(a._id)).price).toBe(8.75)
    })

    it('refuses a signed value: "Subir" with −5 never lowers a price (issue 41 §3)', async () => {
      const p = await createTestProduct(t.app, owner, business._id, { name: 'Mate', price: '200' })
      for (const change of [
        { percent: -5, direction: 'raise' },
        { percent: -5 },
        { percent: -5, direction: 'lower' },
        { amount: -10, direction: 'raise' },
        { amount: -10 },
      ]) {
        await expect400({ ids: [p._id], action: 'price', change }, BULK_MESSAGES.valueSigned)
      }
      expect((await read(p._id)).price).toBe(200)
      // The direction says which way the value goes; left out, prices go up.
      const down = await bulk({
        ids: [p._id],
        action: 'price',
        change: { percent: 5, direction: 'lower' },
      })
      expect(down.statusCode, down.body).toBe(200)
      expect((await read(p._id)).price).toBe(190)
      const up = await bulk({ ids: [p._id], action: 'price', change: { amount: 10 } })
      expect(up.statusCode, up.body).toBe(200)
      expect((await read(p._id)).price).toBe(200)
    })

    it('refuses a price at or below zero, or over the maximum, and changes nothing', async () => {
      const cheap = await createTestProduct(t.app, owner, business._id, {
        name: 'Lápiz',
        price: '5',
      })
      const dear = await createTestProduct(t.app, owner, business._id, {
        name: 'Sofá',
        price: '500',
      })
      await expect400(
        { ids: [dear._id, cheap._id], action: 'price', change: { amount: 5, direction: 'lower' } },
        BULK_MESSAGES.priceNotPositive('Lápiz'),
      )
      await expect400(
        { ids: [dear._id, cheap._id], action: 'price', change: { amount: 99_999_600 } },
        BULK_MESSAGES.priceTooHigh('Sofá'),
      )
      expect((await read(cheap._id)).price).toBe(5)
      expect((await read(dear._id)).price).toBe(500)
    })

    it('is one transaction: a variant that would fail leaves every product as it was', async () => {
      const plain = await createTestProduct(t.app, owner, business._id, {
        name: 'Mate',
        price: '300',
      })
      const varied = await createTestProduct(t.app, owner, business._id, {
        name: 'Remera',
        price: '300',
        options: JSON.stringify([{ name: 'Talle', values: ['S', 'M'] }]),
        variants: JSON.stringify([
          { options: { Talle: 'S' }, price: 100 },
          { options: { Talle: 'M' } },
        ]),
      })
      // The products stay above zero; the variant at 100 would not.
      await expect400(
        {
          ids: [plain._id, varied._id],
          action: 'price',
          change: { amount: 150, direction: 'lower' },
        },
        BULK_MESSAGES.priceNotPositive('Remera'),
      )
      expect((await read(plain._id)).price).toBe(300)
      const after = await read(varied._id)
      expect(after.price).toBe(300)
      expect(after.variants.map((v) => v.price)).toEqual([100, 300])
    })
  })

  describe('flags, category, status', () => {
    it('sets and clears destacado, nuevo and oferta (an offer is a discount)', async () => {
      const p = await createTestProduct(t.app, owner, business._id, { name: 'Gorro' })
      const set = await bulk({
        ids: [p._id],
        action: 'flags',
        change: { isFeatured: true, isNew: true, isOffer: true, discount: 20 },
      })
      expect(set.statusCode, set.body).toBe(200)
      expect(await read(p._id)).toMatchObject({
        isFeatured: true,
        isNew: true,
        isOffer: true,
        discount: 20,
        finalPrice: 1192.4,
      })
      const clear = await bulk({
        ids: [p._id],
        action: 'flags',
        change: { isFeatured: false, isOffer: false },
      })
      expect(clear.statusCode).toBe(200)
      expect(await read(p._id)).toMatchObject({
        isFeatured: false,
        isNew: true,
        isOffer: false,
        discount: 0,
      })
      await expect400(
        { ids: [p._id], action: 'flags', change: { isOffer: true } },
        BULK_MESSAGES.discountRequired,
      )
      await expect400(
        { ids: [p._id], action: 'flags', change: { isOffer: true, discount: 100 } },
        BULK_MESSAGES.discountRequired,
      )
      await expect400({ ids: [p._id], action: 'flags', change: {} }, BULK_MESSAGES.flagsRequired)
    })

    it('moves to a category and subcategory of the business, as the product form does', async () => {
      const p = await createTestProduct(t.app, owner, business._id, {
        name: 'Bota',
        category: 'Calzado',
      })
      const res = await bulk({
        ids: [p._id],
        action: 'category',
        change: { category: 'ropa', subCategory: 'CAMISAS' },
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(await read(p._id)).toMatchObject({ category: 'Ropa', subCategory: 'Camisas' })
      const back = await bulk({ ids: [p._id], action: 'category', change: { category: 'Calzado' } })
      expect(back.statusCode).toBe(200)
      expect(await read(p._id)).toMatchObject({ category: 'Calzado', subCategory: null })
      await expect400(
        { ids: [p._id], action: 'category', change: { category: 'Juguetes' } },
        PRODUCT_MESSAGES.categoryUnknown,
      )
      await expect400(
        { ids: [p._id], action: 'category', change: { category: 'Ropa', subCategory: 'Medias' } },
        PRODUCT_MESSAGES.subCategoryUnknown,
      )
      await expect400(
        { ids: [p._id], action: 'category', change: {} },
        BULK_MESSAGES.categoryRequired,
      )
      expect(await read(p._id)).toMatchObject({ category: 'Calzado' })
    })

    it('hides and shows, within the free plan’s visible products', async () => {
      const seller = await registerAndLogin(t.app)
      const free = await createTestBusiness(t.app, seller)
      const rows = await insertCatalogue(t.db, free._id, catalogueItems(20))
      const ids = rows.slice(0, 3).map((r) => r.id)
      const hide = await bulk({ ids, action: 'status', change: { status: 'hidden' } }, seller)
      expect(hide.statusCode, hide.body).toBe(200)
      expect((await publicList(free._id)).total).toBe(17)
      // 17 visible + 3 = 20: allowed; then one more over the limit is refused whole.
      const show = await bulk({ ids, action: 'status', change: { status: 'active' } }, seller)
      expect(show.statusCode).toBe(200)
      expect((await publicList(free._id)).total).toBe(20)
      await bulk({ ids, action: 'status', change: { status: 'hidden' } }, seller)
      const extra = await insertCatalogue(t.db, free._id, catalogueItems(1))
      await t.db.execute(sql`UPDATE products SET status = 'hidden' WHERE id = ${extra[0]!.id}`)
      const over = await bulk(
        { ids: [...ids, extra[0]!.id], action: 'status', change: { status: 'active' } },
        seller,
      )
      expect(over.statusCode).toBe(403)
      expect(over.json().message).toBe(BULK_MESSAGES.showOverLimit(3))
      expect((await publicList(free._id)).total).toBe(17)
      await expect400({ ids, action: 'status', change: {} }, BULK_MESSAGES.statusRequired)
    })
  })

  describe('delete', () => {
    it('deletes the products and then their images (no orphans)', async () => {
      const a = await createTestProduct(
        t.app,
        owner,
        business._id,
        { name: 'Borrar A' },
        {
          ...(await mainImage()),
          images: [await pngFile(60, 40)],
        },
      )
      const b = await createTestProduct(t.app, owner, business._id, { name: 'Borrar B' })
      const keys = [a.image, ...a.images, b.image].flatMap((asset) => keysOf(t.app, asset))
      const before = await storedFiles(t.app)
      for (const key of keys) expect(before).toContain(key)
      const res = await bulk({ ids: [a._id, b._id], action: 'delete' })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ updated: 2 })
      const gone = await t.app.inject({ method: 'GET', url: `/api/products/${a._id}` })
      expect(gone.statusCode).toBe(404)
      const after = await storedFiles(t.app)
      for (const key of keys) expect(after).not.toContain(key)
    })
  })

  describe('selection', () => {
    it('applies to every product of the owner’s list that matches a filter', async () => {
      const seller = await registerAndLogin(t.app)
      const shop = await createTestBusiness(t.app, seller, { planType: 'pro' })
      const shoe = await createTestProduct(t.app, seller, shop._id, {
        name: 'Zapato negro',
        price: '100',
        category: 'Calzado',
      })
      const boot = await createTestProduct(t.app, seller, shop._id, {
        name: 'Bota marrón',
        price: '200',
        category: 'Calzado',
      })
      const shirt = await createTestProduct(t.app, seller, shop._id, {
        name: 'Camisa',
        price: '300',
      })
      const res = await bulk(
        { filter: { category: 'Calzado' }, action: 'price', change: { percent: 10 } },
        seller,
      )
      expect(res.json()).toEqual({ updated: 2 })
      expect((await read(shoe._id)).price).toBe(110)
      expect((await read(boot._id)).price).toBe(220)
      expect((await read(shirt._id)).price).toBe(300)
      // The same search as the list: accents and case ignored, words by their beginning.
      const searched = await bulk(
        { filter: { search: 'zapato' }, action: 'flags', change: { isNew: true } },
        seller,
      )
      expect(searched.json()).toEqual({ updated: 1 })
      expect((await read(shoe._id)).isNew).toBe(true)
      expect((await read(boot._id)).isNew).toBe(false)
      const none = await bulk({ filter: { search: 'xyzxyz' }, action: 'delete' }, seller)
      expect(none.json()).toEqual({ updated: 0 })
    })

    it('never touches another business’s products', async () => {
      const theirs = await createTestProduct(t.app, stranger, other._id, {
        name: 'Ajeno',
        price: '100',
      })
      const mine = await createTestProduct(t.app, owner, business._id, {
        name: 'Propio',
        price: '100',
      })
      const mixed = await bulk({
        ids: [mine._id, theirs._id],
        action: 'price',
        change: { percent: 50 },
      })
      expect(mixed.statusCode).toBe(404)
      expect(mixed.json().message).toBe(BULK_MESSAGES.someNotFound)
      expect((await read(theirs._id)).price).toBe(100)
      expect((await read(mine._id)).price).toBe(100)
      const del = await bulk({ ids: [theirs._id], action: 'delete' })
      expect(del.statusCode).toBe(404)
      expect((await read(theirs._id)).name).toBe('Ajeno')
      // A filter reads the token owner's business only.
      const filtered = await bulk({ filter: { search: 'ajeno' }, action: 'delete' })
      expect(filtered.json()).toEqual({ updated: 0 })
      expect((await read(theirs._id)).name).toBe('Ajeno')
      const anonymous = await bulk({ ids: [theirs._id], action: 'delete' }, null)
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json().message).toBe(AUTH_MESSAGES.unauthorized)
    })

    it('answers every malformed request with its Spanish message', async () => {
      const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
      await expect400({ action: 'delete' }, BULK_MESSAGES.selectionRequired)
      await expect400({ ids: [id], filter: {}, action: 'delete' }, BULK_MESSAGES.selectionRequired)
      await expect400({ ids: [], action: 'delete' }, BULK_MESSAGES.selectionRequired)
      await expect400({ ids: 'x', action: 'delete' }, BULK_MESSAGES.idsInvalid)
      await expect400({ ids: ['x'], action: 'delete' }, BULK_MESSAGES.idsInvalid)
      await expect400(
        { ids: Array.from({ length: BULK_MAX_PRODUCTS + 1 }, () => id), action: 'delete' },
        BULK_MESSAGES.idsMax,
      )
      await expect400({ ids: [id], action: 'rename' }, BULK_MESSAGES.actionInvalid)
      await expect400({ ids: [id], action: 'price', change: {} }, BULK_MESSAGES.priceChangeRequired)
      await expect400(
        { ids: [id], action: 'price', change: { percent: 5, amount: 5 } },
        BULK_MESSAGES.priceChangeRequired,
      )
      await expect400(
        { ids: [id], action: 'price', change: { percent: 0 } },
        BULK_MESSAGES.percentInvalid,
      )
      await expect400(
        { ids: [id], action: 'price', change: { percent: 100, direction: 'lower' } },
        BULK_MESSAGES.percentInvalid,
      )
      await expect400(
        { ids: [id], action: 'price', change: { percent: 5, direction: 'up' } },
        BULK_MESSAGES.directionInvalid,
      )
      await expect400(
        { ids: [id], action: 'price', change: { percent: 1.005 } },
        BULK_MESSAGES.percentInvalid,
      )
      await expect400(
        { ids: [id], action: 'price', change: { amount: 0 } },
        BULK_MESSAGES.amountInvalid,
      )
      await expect400(
        { ids: [id], action: 'price', change: { amount: 'x' } },
        BULK_MESSAGES.amountInvalid,
      )
      const unknown = await bulk({ ids: [id], action: 'delete' })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().message).toBe(BULK_MESSAGES.someNotFound)
    })

    it('refuses a filter that matches more than 5,000 products', async () => {
      const seller = await registerAndLogin(t.app)
      const big = await createTestBusiness(t.app, seller, { planType: 'pro' })
      await t.db.execute(sql`INSERT INTO products (business_id, name, description, price, category,
          image, search_text)
        SELECT ${big._id}, 'Producto ' || n, 'Descripción', 100, 'Ropa',
          '{"url":"https://cdn.vitrina.test/p.webp"}'::jsonb, 'producto ' || n
        FROM generate_series(1, ${BULK_MAX_PRODUCTS + 1}) AS n`)
      const res = await bulk({ filter: {}, action: 'price', change: { percent: 10 } }, seller)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(BULK_MESSAGES.tooManyMatched)
      const [row] = rowsOf<{ n: number }>(
        await t.db.execute(
          sql`SELECT count(*)::int AS n FROM products WHERE business_id = ${big._id} AND price <> 100`,
        ),
      )
      expect(row!.n).toBe(0)
    })
  })

  it('shows a bulk change on the public list at once (the read cache is invalidated)', async () => {
    const seller = await registerAndLogin(t.app)
    const shop = await createTestBusiness(t.app, seller, { planType: 'pro' })
    const p = await createTestProduct(t.app, seller, shop._id, { name: 'Cache', price: '100' })
    // Twice: the second read is served from the cache.
    expect((await publicList(shop._id)).items[0]!.price).toBe(100)
    expect((await publicList(shop._id)).items[0]!.price).toBe(100)
    const res = await bulk({ ids: [p._id], action: 'price', change: { percent: 10 } }, seller)
    expect(res.statusCode).toBe(200)
    expect((await publicList(shop._id)).items[0]!.price).toBe(110)
  })

  describe('manual order', () => {
    let seller: TestAccount
    let shop: Business
    let ids: string[]
    const names = async () => (await publicList(shop._id)).items.map((p) => p.name)

    beforeAll(async () => {
      seller = await registerAndLogin(t.app)
      shop = await createTestBusiness(t.app, seller, { planType: 'pro' })
      ids = []
      for (const name of ['Uno', 'Dos', 'Tres', 'Cuatro']) {
        ids.push((await createTestProduct(t.app, seller, shop._id, { name }))._id)
      }
    })

    it('is newest first until the owner chooses the manual order', async () => {
      expect(await names()).toEqual(['Cuatro', 'Tres', 'Dos', 'Uno'])
      // Reordering while 'newest' is kept for when the owner switches.
      expect((await reorder([ids[0]!, ids[1]!], seller)).statusCode).toBe(200)
      expect(await names()).toEqual(['Cuatro', 'Tres', 'Dos', 'Uno'])
      const set = await patchBusiness(t.app, seller, shop._id, { productOrder: 'manual' })
      expect(set.statusCode, set.body).toBe(200)
      expect(set.json().productOrder).toBe('manual')
      expect(await names()).toEqual(['Cuatro', 'Tres', 'Uno', 'Dos'])
      const bad = await patchBusiness(t.app, seller, shop._id, { productOrder: 'alfabético' })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe(BULK_MESSAGES.productOrderInvalid)
    })

    it('follows a page reordered by the owner; new products go first', async () => {
      const res = await reorder([ids[0]!, ids[1]!, ids[2]!, ids[3]!], seller)
      expect(res.statusCode, res.body).toBe(200)
      expect(await names()).toEqual(['Uno', 'Dos', 'Tres', 'Cuatro'])
      // Explicit sorts are unchanged.
      expect((await publicList(shop._id, '&sort=oldest')).items.map((p) => p.name)).toEqual([
        'Uno',
        'Dos',
        'Tres',
        'Cuatro',
      ])
      const fresh = await createTestProduct(t.app, seller, shop._id, { name: 'Cinco' })
      expect(await names()).toEqual(['Cinco', 'Uno', 'Dos', 'Tres', 'Cuatro'])
      expect((await move(fresh._id, 'last', seller)).statusCode).toBe(200)
      expect(await names()).toEqual(['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco'])
      expect((await move(ids[3]!, 'first', seller)).statusCode).toBe(200)
      expect(await names()).toEqual(['Cuatro', 'Uno', 'Dos', 'Tres', 'Cinco'])
      // A page of a filtered list: only those swap, the others keep their place.
      ids.push(fresh._id)
      expect((await reorder([ids[2]!, ids[0]!], seller)).statusCode).toBe(200)
      expect(await names()).toEqual(['Cuatro', 'Tres', 'Dos', 'Uno', 'Cinco'])
    })

    it('puts sold-out products after the available ones', async () => {
      const sold = await createTestProduct(t.app, seller, shop._id, {
        name: 'Agotado',
        trackStock: 'true',
        stock: '0',
      })
      expect((await names())[0]).not.toBe('Agotado')
      expect((await names()).at(-1)).toBe('Agotado')
      await t.db.execute(sql`DELETE FROM products WHERE id = ${sold._id}`)
    })

    it('refuses other businesses’ products and malformed orders', async () => {
      const theirs = await createTestProduct(t.app, stranger, other._id, { name: 'Ajeno' })
      const mixed = await reorder([ids[0]!, theirs._id], seller)
      expect(mixed.statusCode).toBe(404)
      expect(mixed.json().message).toBe(BULK_MESSAGES.someNotFound)
      expect((await move(theirs._id, 'first', seller)).statusCode).toBe(404)
      for (const body of [[ids[0]!], [ids[0]!, ids[0]!], ['x', 'y']]) {
        const res = await reorder(body, seller)
        expect(res.statusCode).toBe(400)
        expect(res.json().message).toBe(BULK_MESSAGES.orderIdsInvalid)
      }
      const badMove = await move(ids[0]!, 'middle', seller)
      expect(badMove.statusCode).toBe(400)
      expect(badMove.json().message).toBe(BULK_MESSAGES.moveInvalid)
    })

    it('keeps positions unique under concurrent reorders and moves', async () => {
      const positions = async () =>
        rowsOf<{ p: string }>(
          await t.db.execute(
            sql`SELECT position::text AS p FROM products WHERE business_id = ${shop._id} ORDER BY position`,
          ),
        ).map((r) => r.p)
      const before = await positions()
      const shuffles = Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? [...ids].reverse()
          : [...ids.slice(i % ids.length), ...ids.slice(0, i % ids.length)],
      )
      const results = await Promise.all(shuffles.map((order) => reorder(order, seller)))
      for (const res of results) expect(res.statusCode).toBe(200)
      expect(await positions()).toEqual(before)
      // The storefront shows one of the orders sent.
      const shown = (await publicList(shop._id)).items.map((p) => p._id)
      expect(shuffles.map((s) => s.join())).toContain(shown.join())
      const moves = await Promise.all([
        move(ids[0]!, 'first', seller),
        move(ids[1]!, 'last', seller),
        reorder([ids[2]!, ids[3]!], seller),
        move(ids[4]!, 'first', seller),
      ])
      for (const res of moves) expect(res.statusCode).toBe(200)
      const after = await positions()
      expect(new Set(after).size).toBe(ids.length)
    })
  })
})
