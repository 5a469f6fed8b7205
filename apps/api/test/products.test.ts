import { beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import {
  API_MESSAGES,
  BUSINESS_MESSAGES,
  PRICE_INPUT_MESSAGES,
  PRODUCT_MESSAGES,
  type Business,
  type Product,
} from '@vitrina/contracts'
import { products } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, pngFile, type FormFile } from './helpers/catalogue.js'
import { TEXT_BYTES } from './helpers/images.js'
import {
  createTestProduct,
  deleteProductRequest,
  mainImage,
  patchProduct,
  postProduct,
  productFields,
  storedFiles,
} from './helpers/products.js'

async function images(n: number): Promise<FormFile[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      pngFile(60 + i, 40, `#${(0x102030 + i * 0x0a0a0a).toString(16)}`),
    ),
  )
}

describe('products API', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let owner: TestAccount
  let business: Business

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { planType: 'pro' })
  })

  async function productCount() {
    const [row] = await t.db.select({ n: count() }).from(products)
    return row!.n
  }

  async function allStored(product: Product): Promise<boolean> {
    const keys = [product.image, ...product.images].flatMap((a) => t.app.media.keysOf(a))
    const exists = await Promise.all(keys.map((k) => t.app.media.storage.exists(k)))
    return keys.length > 0 && exists.every(Boolean)
  }

  async function noneStored(assets: Product['images']): Promise<boolean> {
    const keys = assets.flatMap((a) => t.app.media.keysOf(a))
    const exists = await Promise.all(keys.map((k) => t.app.media.storage.exists(k)))
    return keys.length > 0 && exists.every((e) => !e)
  }

  describe('POST /api/products', () => {
    it('creates a product with every SPEC §7 field and derives isOffer from the discount', async () => {
      const res = await postProduct(
        t.app,
        owner,
        productFields(business._id, {
          discount: '15',
          code: 'CAM-001',
          info: 'Lino 100 %.\nLavar a mano.',
          isFeatured: 'true',
          isOffer: 'false',
          isNew: 'true',
          currency: 'US$',
          tags: ['lino', 'verano', 'Lino'],
          specifications: [{ name: 'Material', value: 'Lino' }],
          // The business's own spelling is kept whatever the case or accents sent.
          category: 'ropa',
          subCategory: 'CAMISAS',
        }),
        { ...(await mainImage()), images: await images(2) },
      )
      expect(res.statusCode).toBe(201)
      const product = res.json() as Product
      expect(product).toMatchObject({
        businessId: business._id,
        name: 'Camisa de lino',
        description: 'Camisa fresca de lino, ideal para el verano',
        info: 'Lino 100 %.\nLavar a mano.',
        price: 1490.5,
        discount: 15,
        // 1490.50 × 0.85 = 1266.925 → rounded half up to the cent
        finalPrice: 1266.93,
        // Issue 25: the old spelling is read as its ISO code, written back as a symbol.
        currency: 'USD',
        currencySymbol: 'US$',
        code: 'CAM-001',
        isFeatured: true,
        isNew: true,
        isOffer: true,
        tags: ['lino', 'verano'],
        specifications: [{ name: 'Material', value: 'Lino' }],
        category: 'Ropa',
        subCategory: 'Camisas',
      })
      expect(product.image.url).toMatch(/^\/media\/.+\.webp$/)
      expect(product.images).toHaveLength(2)
      expect(await allStored(product)).toBe(true)

      const read = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })
      expect(read.statusCode).toBe(200)
      // The public reply is the owner's without stock numbers (issue 25) nor weight (issue 44).
      const { stock, weightGrams, ...publicFields } = product
      expect(stock).toBeNull()
      expect(weightGrams).toBeNull()
      expect(read.json()).toEqual(publicFields)
    })

    it('keeps isOffer false without a discount, whatever the form says', async () => {
      const product = await createTestProduct(t.app, owner, business._id, {
        isOffer: 'true',
        discount: '0',
      })
      expect(product).toMatchObject({ isOffer: false, discount: 0, finalPrice: 1490.5 })
      expect(product).toMatchObject({ currency: 'UYU', isFeatured: false, isNew: false, tags: [] })
    })

    const invalidCases: [string, Record<string, unknown>, string, string][] = [
      ['a missing name', { name: undefined }, 'name', PRODUCT_MESSAGES.nameRequired],
      ['a blank name', { name: '   ' }, 'name', PRODUCT_MESSAGES.nameRequired],
      ['a zero price', { price: '0' }, 'price', PRODUCT_MESSAGES.priceMin],
      ['a negative price', { price: '-5' }, 'price', PRODUCT_MESSAGES.priceMin],
      ['a price that is not a number', { price: 'gratis' }, 'price', PRICE_INPUT_MESSAGES.invalid],
      ['a missing price', { price: undefined }, 'price', PRODUCT_MESSAGES.priceMin],
      ['a blank price', { price: ' ' }, 'price', PRODUCT_MESSAGES.priceMin],
      [
        'a missing description',
        { description: '' },
        'description',
        PRODUCT_MESSAGES.descriptionRequired,
      ],
      [
        'a long description',
        { description: 'x'.repeat(256) },
        'description',
        PRODUCT_MESSAGES.descriptionMax,
      ],
      ['a 100 % discount', { discount: '100' }, 'discount', PRODUCT_MESSAGES.discountRange],
      ['a fractional discount', { discount: '10.5' }, 'discount', PRODUCT_MESSAGES.discountRange],
      [
        'a missing category',
        { category: undefined },
        'category',
        PRODUCT_MESSAGES.categoryRequired,
      ],
      [
        'an unknown category',
        { category: 'Muebles' },
        'category',
        PRODUCT_MESSAGES.categoryUnknown,
      ],
      [
        'a subcategory of no category of the business',
        { subCategory: 'Zapatillas' },
        'subCategory',
        PRODUCT_MESSAGES.subCategoryUnknown,
      ],
      [
        'a subcategory of another category',
        { category: 'Calzado', subCategory: 'Camisas' },
        'subCategory',
        PRODUCT_MESSAGES.subCategoryUnknown,
      ],
      ['a blank tag', { tags: ['ok', '  '] }, 'tags.1', PRODUCT_MESSAGES.tagRequired],
      [
        'specifications that are not JSON',
        { specifications: '[{' },
        'specifications',
        PRODUCT_MESSAGES.specificationsInvalid,
      ],
      [
        'a specification without value',
        { specifications: [{ name: 'Talle', value: ' ' }] },
        'specifications.0.value',
        PRODUCT_MESSAGES.specificationRequired,
      ],
    ]

    it.each(invalidCases)(
      'refuses %s with its message and stores nothing',
      async (_, overrides, path, message) => {
        const before = { rows: await productCount(), files: await storedFiles(t.app) }
        const fields = productFields(business._id, overrides as Record<string, string>)
        const res = await postProduct(t.app, owner, fields, await mainImage())
        expect(res.statusCode).toBe(400)
        expect(res.json().errors).toContainEqual({ path, message })
        expect({ rows: await productCount(), files: await storedFiles(t.app) }).toEqual(before)
      },
    )

    it('requires the main image and refuses files that are not images', async () => {
      const before = { rows: await productCount(), files: await storedFiles(t.app) }
      const noImage = await postProduct(t.app, owner, productFields(business._id))
      expect(noImage.statusCode).toBe(400)
      expect(noImage.json().errors).toEqual([
        { path: 'image', message: PRODUCT_MESSAGES.mainImageRequired },
      ])

      const text = await postProduct(t.app, owner, productFields(business._id), {
        image: [{ data: TEXT_BYTES, filename: 'foto.jpg', type: 'image/jpeg' }],
      })
      expect(text.statusCode).toBe(415)
      expect(text.json().errors).toEqual([
        { path: 'image', message: API_MESSAGES.unsupportedImage },
      ])

      // A bad extra image after a good main one: the main one must not stay behind either.
      const badExtra = await postProduct(t.app, owner, productFields(business._id), {
        ...(await mainImage()),
        images: [await pngFile(), { data: TEXT_BYTES, filename: 'b.png', type: 'image/png' }],
      })
      expect(badExtra.statusCode).toBe(415)
      expect({ rows: await productCount(), files: await storedFiles(t.app) }).toEqual(before)
    })

    it('refuses more than 10 extra images', async () => {
      const before = { rows: await productCount(), files: await storedFiles(t.app) }
      const res = await postProduct(t.app, owner, productFields(business._id), {
        ...(await mainImage()),
        images: await images(11),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().errors).toEqual([{ path: 'images', message: PRODUCT_MESSAGES.imagesMax }])
      expect({ rows: await productCount(), files: await storedFiles(t.app) }).toEqual(before)
    })

    it('answers 404 for an unknown business and 400 for a missing one', async () => {
      const unknown = await postProduct(
        t.app,
        owner,
        productFields('00000000-0000-4000-8000-000000000000'),
        await mainImage(),
      )
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().message).toBe(BUSINESS_MESSAGES.notFound)
      const missing = await postProduct(
        t.app,
        owner,
        productFields(business._id, { businessId: undefined }),
        await mainImage(),
      )
      expect(missing.statusCode).toBe(400)
      expect(missing.json().errors[0].path).toBe('businessId')
    })

    it('refuses JSON bodies: the form is multipart', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: bearer(owner.accessToken),
        payload: productFields(business._id),
      })
      expect(res.statusCode).toBe(415)
    })
  })

  describe('GET /api/products/:id', () => {
    it('answers 404 with the SPEC message for unknown and malformed ids', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'no-es-un-id', "1' or '1'='1"]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/products/${encodeURIComponent(id)}`,
        })
        expect(res.statusCode).toBe(404)
        expect(res.json()).toMatchObject({ statusCode: 404, message: PRODUCT_MESSAGES.notFound })
      }
    })
  })

  describe('PATCH /api/products/:id', () => {
    it('changes only what is sent and recomputes the final price and the offer flag', async () => {
      const product = await createTestProduct(t.app, owner, business._id, {
        code: 'X-1',
        info: 'Detalles',
        subCategory: 'Camisas',
        tags: ['algodon'],
      })
      const res = await patchProduct(t.app, owner, product._id, {
        price: '2000',
        discount: '25',
        name: 'Camisa de algodón',
        code: '',
      })
      expect(res.statusCode).toBe(200)
      const updated = res.json() as Product
      expect(updated).toMatchObject({
        name: 'Camisa de algodón',
        price: 2000,
        discount: 25,
        finalPrice: 1500,
        isOffer: true,
        code: null,
        info: 'Detalles',
        description: product.description,
        category: 'Ropa',
        subCategory: 'Camisas',
        tags: ['algodon'],
        image: product.image,
      })
      expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(product.updatedAt))

      const noDiscount = await patchProduct(t.app, owner, product._id, { discount: '0' })
      expect(noDiscount.json()).toMatchObject({ isOffer: false, finalPrice: 2000 })
    })

    it('tags: tags[i] replace them, a JSON-text tags part replaces or clears them, no part keeps them', async () => {
      const product = await createTestProduct(t.app, owner, business._id, {
        tags: ['lino', 'verano'],
      })
      const read = async () =>
        (
          (
            await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })
          ).json() as Product
        ).tags

      // SPEC §7 tags[i] parts still replace the list.
      const indexed = await patchProduct(t.app, owner, product._id, { tags: ['algodon', 'azul'] })
      expect(indexed.statusCode).toBe(200)
      expect(await read()).toEqual(['algodon', 'azul'])

      // No tags part at all: unchanged.
      await patchProduct(t.app, owner, product._id, { name: 'Camisa azul' })
      expect(await read()).toEqual(['algodon', 'azul'])

      // One tags part of JSON text: the same rules as tags[i] (trimmed, case duplicates dropped).
      const json = await patchProduct(t.app, owner, product._id, {
        tags: JSON.stringify([' rojo ', 'Rojo', 'lana']),
      })
      expect(json.statusCode).toBe(200)
      expect(await read()).toEqual(['rojo', 'lana'])

      // Removing the last tag in the edit form: tags = [] clears them.
      const cleared = await patchProduct(t.app, owner, product._id, { tags: '[]' })
      expect(cleared.statusCode).toBe(200)
      expect((cleared.json() as Product).tags).toEqual([])
      expect(await read()).toEqual([])

      // Creation takes the JSON form too.
      const created = await createTestProduct(t.app, owner, business._id, {
        tags: JSON.stringify(['nuevo']),
      })
      expect(created.tags).toEqual(['nuevo'])
    })

    it('tags: bad JSON, a non-list or a blank entry is a 400 with a Spanish message; nothing changes', async () => {
      const product = await createTestProduct(t.app, owner, business._id, { tags: ['lino'] })
      const cases: [string, string, string][] = [
        ['["sin cerrar"', 'tags', PRODUCT_MESSAGES.tagsInvalid],
        ['{"a":1}', 'tags', PRODUCT_MESSAGES.tagsInvalid],
        ['"lino"', 'tags', PRODUCT_MESSAGES.tagsInvalid],
        ['["ok", "  "]', 'tags.1', PRODUCT_MESSAGES.tagRequired],
      ]
      for (const [tags, path, message] of cases) {
        const res = await patchProduct(t.app, owner, product._id, { tags })
        expect(res.statusCode, tags).toBe(400)
        expect(res.json().errors, tags).toEqual([{ path, message }])
      }
      const read = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })
      expect((read.json() as Product).tags).toEqual(['lino'])
    })

    it('clears a subcategory that does not belong to a new category (SPEC §4), or refuses one sent', async () => {
      const product = await createTestProduct(t.app, owner, business._id, {
        subCategory: 'Camisas',
      })
      const moved = await patchProduct(t.app, owner, product._id, { category: 'Calzado' })
      expect(moved.statusCode).toBe(200)
      expect(moved.json()).toMatchObject({ category: 'Calzado', subCategory: null })

      const wrong = await patchProduct(t.app, owner, product._id, {
        category: 'Calzado',
        subCategory: 'Camisas',
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json().errors).toEqual([
        { path: 'subCategory', message: PRODUCT_MESSAGES.subCategoryUnknown },
      ])
      const back = await patchProduct(t.app, owner, product._id, {
        category: 'Ropa',
        subCategory: 'Camisas',
      })
      expect(back.json()).toMatchObject({ category: 'Ropa', subCategory: 'Camisas' })
      const cleared = await patchProduct(t.app, owner, product._id, { subCategory: '' })
      expect(cleared.json()).toMatchObject({ category: 'Ropa', subCategory: null })
      const unknown = await patchProduct(t.app, owner, product._id, { category: 'Muebles' })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().errors[0]).toEqual({
        path: 'category',
        message: PRODUCT_MESSAGES.categoryUnknown,
      })
    })

    it('replaces the main image, removes and adds extra images, and deletes replaced files after the commit', async () => {
      const product = await createTestProduct(
        t.app,
        owner,
        business._id,
        {},
        {
          ...(await mainImage()),
          images: await images(3),
        },
      )
      const [first, second, third] = product.images
      const res = await patchProduct(
        t.app,
        owner,
        product._id,
        // An unknown URL (another product's, or a stale one) is ignored, never deleted.
        {
          imagesToDelete: JSON.stringify([
            first!.url,
            '/media/ab/ab00000000000000000000000000000-640.webp',
          ]),
        },
        { image: [await pngFile(90, 90, '#004400')], images: await images(2) },
      )
      expect(res.statusCode).toBe(200)
      const updated = res.json() as Product
      expect(updated.image.url).not.toBe(product.image.url)
      expect(updated.images.map((i) => i.url).slice(0, 2)).toEqual([second!.url, third!.url])
      expect(updated.images).toHaveLength(4)
      expect(await allStored(updated)).toBe(true)
      expect(await noneStored([product.image, first!])).toBe(true)
    })

    it('refuses to leave the product without a main image or with more than 10 extra images', async () => {
      const product = await createTestProduct(
        t.app,
        owner,
        business._id,
        {},
        {
          ...(await mainImage()),
          images: await images(9),
        },
      )
      const before = { files: await storedFiles(t.app) }
      const noMain = await patchProduct(t.app, owner, product._id, {
        imagesToDelete: JSON.stringify([product.image.url]),
      })
      expect(noMain.statusCode).toBe(400)
      expect(noMain.json().errors).toEqual([
        { path: 'image', message: PRODUCT_MESSAGES.mainImageRequired },
      ])
      const tooMany = await patchProduct(t.app, owner, product._id, {}, { images: await images(2) })
      expect(tooMany.statusCode).toBe(400)
      expect(tooMany.json().errors).toEqual([
        { path: 'images', message: PRODUCT_MESSAGES.imagesMax },
      ])
      // Removing one makes room for one.
      const swap = await patchProduct(
        t.app,
        owner,
        product._id,
        { imagesToDelete: JSON.stringify([product.images[0]!.url]) },
        { images: await images(2) },
      )
      expect(swap.statusCode).toBe(200)
      expect((swap.json() as Product).images).toHaveLength(10)
      const after = await storedFiles(t.app)
      expect(after.length).toBeGreaterThan(before.files.length)
      // The owner's read (with the token) is the write's reply: stock numbers included.
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/products/${product._id}`,
        headers: { authorization: `Bearer ${owner.accessToken}` },
      })
      expect(read.json()).toEqual(swap.json())
    })

    it('answers 404 for an unknown product and 400 for invalid fields', async () => {
      const unknown = await patchProduct(t.app, owner, '00000000-0000-4000-8000-000000000000', {
        name: 'x',
      })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().message).toBe(PRODUCT_MESSAGES.notFound)
      const product = await createTestProduct(t.app, owner, business._id)
      const invalid = await patchProduct(t.app, owner, product._id, {
        price: '0',
        imagesToDelete: 'no-json',
      })
      expect(invalid.statusCode).toBe(400)
      expect(invalid.json().errors).toEqual([
        { path: 'imagesToDelete', message: PRODUCT_MESSAGES.imagesToDeleteInvalid },
      ])
      const price = await patchProduct(t.app, owner, product._id, { price: '0' })
      expect(price.json().errors).toEqual([{ path: 'price', message: PRODUCT_MESSAGES.priceMin }])
    })
  })

  describe('DELETE /api/products/:id', () => {
    it('removes the product and then its images', async () => {
      const product = await createTestProduct(
        t.app,
        owner,
        business._id,
        {},
        {
          ...(await mainImage()),
          images: await images(2),
        },
      )
      expect(await allStored(product)).toBe(true)
      const res = await deleteProductRequest(t.app, owner, product._id)
      expect(res.statusCode).toBe(204)
      expect(res.body).toBe('')
      expect(await noneStored([product.image, ...product.images])).toBe(true)
      const read = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })
      expect(read.statusCode).toBe(404)
      const again = await deleteProductRequest(t.app, owner, product._id)
      expect(again.statusCode).toBe(404)
    })
  })

  describe('storefront carousels', () => {
    it('lists at most 12 flagged products per carousel, newest first, and 404 for an unknown business', async () => {
      const other = await registerAndLogin(t.app)
      const shop = await createTestBusiness(t.app, other, { planType: 'pro' })
      const empty = await t.app.inject({
        method: 'GET',
        url: `/api/products/${shop._id}/business/featured`,
      })
      expect(empty.statusCode).toBe(200)
      expect(empty.json()).toEqual([])

      const created: Product[] = []
      for (let i = 0; i < 14; i++) {
        created.push(
          await createTestProduct(t.app, other, shop._id, {
            name: `Producto ${i}`,
            isFeatured: String(i % 2 === 0),
            isNew: String(i < 13),
            discount: i % 3 === 0 ? '10' : '0',
          }),
        )
      }
      const newestFirst = [...created].reverse()
      const expectIds = async (segment: string, keep: (p: Product) => boolean) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/products/${shop._id}/business/${segment}`,
        })
        expect(res.statusCode).toBe(200)
        expect((res.json() as Product[]).map((p) => p.name)).toEqual(
          newestFirst
            .filter(keep)
            .slice(0, 12)
            .map((p) => p.name),
        )
      }
      await expectIds('featured', (p) => p.isFeatured)
      await expectIds('new', (p) => p.isNew)
      await expectIds('offer', (p) => p.isOffer)

      // Issue 42 §4: the three in one reply, each the same as its own address's.
      const all = await t.app.inject({ method: 'GET', url: `/api/products/${shop._id}/carousels` })
      expect(all.statusCode).toBe(200)
      const carousels = all.json() as Record<'featured' | 'new' | 'offer', Product[]>
      expect(carousels.new).toHaveLength(12)
      for (const kind of ['featured', 'new', 'offer'] as const) {
        const one = await t.app.inject({
          method: 'GET',
          url: `/api/products/${shop._id}/business/${kind}`,
        })
        expect(carousels[kind], kind).toEqual(one.json())
      }
      const noneYet = await t.app.inject({
        method: 'GET',
        url: `/api/products/00000000-0000-4000-8000-000000000000/carousels`,
      })
      expect(noneYet.statusCode).toBe(404)
      expect(noneYet.json().message).toBe(BUSINESS_MESSAGES.notFound)
      // A stranger's malformed id reaches no query: the same Spanish 404; one longer than any
      // route parameter is the router's own Spanish 404.
      const tooLong = await t.app.inject({
        method: 'GET',
        url: `/api/products/${'x'.repeat(5000)}/carousels`,
      })
      expect(tooLong.statusCode).toBe(404)
      expect(tooLong.json().message).toBe(API_MESSAGES.notFound)
      for (const id of ['no-es-un-id', "1' OR '1'='1"]) {
        const odd = await t.app.inject({
          method: 'GET',
          url: `/api/products/${encodeURIComponent(id)}/carousels`,
        })
        expect(odd.statusCode, id.slice(0, 20)).toBe(404)
        expect(odd.json().message).toBe(BUSINESS_MESSAGES.notFound)
      }

      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/products/00000000-0000-4000-8000-000000000000/business/new',
      })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().message).toBe(BUSINESS_MESSAGES.notFound)
    })
  })
})
