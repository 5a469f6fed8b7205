/**
 * Issue 25: options, variants and stock through the product routes — every 400 of the rules with
 * its Spanish message, owner replies (stock numbers) against public ones (none; hidden → 404),
 * the option filter and the options endpoint, sold-out after available in the default sort, and
 * the price sort and bounds compared in the business's main currency.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  LIMITS,
  PLAN_MESSAGES,
  PRODUCT_MESSAGES,
  VARIANT_MESSAGES,
  type Business,
  type Product,
  type ProductListResponse,
} from '@vitrina/contracts'
import { ConfigError, loadConfig } from '../src/config.js'
import { followDefaultRate } from '../src/modules/businesses/repository.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, patchBusiness, pngFile } from './helpers/catalogue.js'
import { insertTestProduct } from './helpers/orders.js'
import { createTestProduct, patchProduct, postProduct, productFields } from './helpers/products.js'

const TALLE = { name: 'Talle', values: ['S', 'M', 'L'] }
const COLOR = { name: 'Color', values: ['Azul', 'Negro'] }

describe('product variants and stock', () => {
  const t = useTestApp()
  let owner: TestAccount
  let business: Business

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { planType: 'pro' })
  })

  async function mainAndExtra(extra = 0) {
    return {
      image: [await pngFile(80, 80, '#aa5500')],
      ...(extra
        ? { images: await Promise.all(Array.from({ length: extra }, () => pngFile())) }
        : {}),
    }
  }

  async function refused(fields: Record<string, unknown>, files?: object) {
    const res = await postProduct(
      t.app,
      owner,
      productFields(business._id, fields as never),
      (files as never) ?? (await mainAndExtra()),
    )
    expect(res.statusCode, res.body).toBe(400)
    return res.json() as { message: string; errors: { path: string; message: string }[] }
  }

  function get(url: string, account: TestAccount | null = null) {
    return t.app.inject({
      method: 'GET',
      url,
      headers: account ? bearer(account.accessToken) : {},
    })
  }

  describe('create and update', () => {
    it('creates a product with options, variants, prices, codes, stock and image indexes', async () => {
      const product = await createTestProduct(
        t.app,
        owner,
        business._id,
        {
          name: 'Buzo canguro',
          price: '1000',
          discount: '10',
          trackStock: 'true',
          options: [TALLE, COLOR],
          variants: [
            { options: { Talle: 'S', Color: 'Azul' }, stock: 0, code: 'BUZ-S-AZ' },
            { options: { Color: 'Azul', Talle: 'M' }, stock: 3, price: 1200, imageIndex: 1 },
            { options: { Talle: 'L', Color: 'Negro' }, stock: 10 },
          ],
        },
        await mainAndExtra(1),
      )
      expect(product.options).toEqual([TALLE, COLOR])
      expect(product.trackStock).toBe(true)
      expect(product.stock).toBeNull()
      expect(product.available).toBe(true)
      // 3 + 10 units in all: more than 5, no 'Quedan'.
      expect(product.lowStock).toBeNull()
      // Available variants: M at 1080, L at 900 → 'desde $ 900'.
      expect(product.priceFrom).toBe(900)
      expect(product.variants.map((v) => [v.options, v.price, v.finalPrice, v.stock])).toEqual([
        [{ Talle: 'S', Color: 'Azul' }, 1000, 900, 0],
        [{ Talle: 'M', Color: 'Azul' }, 1200, 1080, 3],
        [{ Talle: 'L', Color: 'Negro' }, 1000, 900, 10],
      ])
      expect(product.variants.map((v) => [v.available, v.lowStock, v.code, v.imageIndex])).toEqual([
        [false, null, 'BUZ-S-AZ', null],
        [true, 3, null, 1],
        [true, null, null, null],
      ])
    })

    it('keeps the id of each combination still listed when the variants are edited', async () => {
      const product = await createTestProduct(t.app, owner, business._id, {
        options: [TALLE],
        variants: [{ options: { Talle: 'S' } }, { options: { Talle: 'M' } }],
      })
      const [s, m] = product.variants
      const res = await patchProduct(t.app, owner, product._id, {
        options: [TALLE],
        variants: [{ options: { Talle: 'M' }, code: 'M-1' }, { options: { Talle: 'L' } }],
      })
      expect(res.statusCode, res.body).toBe(200)
      const edited = res.json() as Product
      expect(edited.variants.map((v) => v.options.Talle)).toEqual(['M', 'L'])
      expect(edited.variants[0]!._id).toBe(m!._id)
      expect(edited.variants.map((v) => v._id)).not.toContain(s!._id)
      expect(edited.variants[0]!.code).toBe('M-1')
      // Options sent alone must fit the stored variants; no options → no variants.
      const narrower = await patchProduct(t.app, owner, product._id, {
        options: [{ name: 'Talle', values: ['M'] }],
      })
      expect(narrower.statusCode).toBe(400)
      expect(narrower.json().message).toBe(VARIANT_MESSAGES.variantOptionsMismatch)
      const none = await patchProduct(t.app, owner, product._id, { options: [] })
      expect(none.statusCode, none.body).toBe(200)
      expect((none.json() as Product).variants).toEqual([])
    })

    it('refuses duplicate option names and values with their messages', async () => {
      const names = await refused({ options: [TALLE, { name: 'talle', values: ['X'] }] })
      expect(names.message).toBe(VARIANT_MESSAGES.optionNameDuplicate)
      const values = await refused({ options: [{ name: 'Talle', values: ['M', 'm'] }] })
      expect(values.message).toBe(VARIANT_MESSAGES.optionValueDuplicate)
      const notJson = await refused({ options: '[{' })
      expect(notJson.message).toBe(VARIANT_MESSAGES.optionsInvalid)
    })

    it('answers each option and variant rule with its message', async () => {
      const o = (name: string, values: string[]) => ({ name, values })
      const cases: [Record<string, unknown>, string][] = [
        [
          { options: [o('A', ['1']), o('B', ['1']), o('C', ['1']), o('D', ['1'])] },
          VARIANT_MESSAGES.optionsMax,
        ],
        [{ options: [o(' ', ['1'])] }, VARIANT_MESSAGES.optionNameRequired],
        [{ options: [o('Talle', [])] }, VARIANT_MESSAGES.optionValuesRequired],
        [
          {
            options: [
              o(
                'Talle',
                Array.from({ length: 21 }, (_, i) => `T${i}`),
              ),
            ],
          },
          VARIANT_MESSAGES.optionValuesMax,
        ],
        [{ options: [o('Talle', ['M', ' '])] }, VARIANT_MESSAGES.optionValueRequired],
        [{ options: [TALLE], variants: '{"no": "lista"}' }, VARIANT_MESSAGES.variantsInvalid],
        [{ variants: [{ options: { Talle: 'M' } }] }, VARIANT_MESSAGES.variantsWithoutOptions],
        [
          {
            options: [TALLE],
            variants: [
              { options: { Talle: 'S' }, code: 'X-1' },
              { options: { Talle: 'M' }, code: 'x-1' },
            ],
          },
          VARIANT_MESSAGES.variantCodeDuplicate,
        ],
      ]
      for (const [fields, message] of cases) {
        expect((await refused(fields)).message, JSON.stringify(fields)).toBe(message)
      }
    })

    it('refuses a combination that does not match the options, and a duplicated one', async () => {
      const mismatch = await refused({
        options: [TALLE, COLOR],
        variants: [{ options: { Talle: 'M' } }],
      })
      expect(mismatch.message).toBe(VARIANT_MESSAGES.variantOptionsMismatch)
      expect(mismatch.errors[0]!.path).toBe('variants.0')
      const unknownValue = await refused({
        options: [TALLE],
        variants: [{ options: { Talle: 'XL' } }],
      })
      expect(unknownValue.message).toBe(VARIANT_MESSAGES.variantOptionsMismatch)
      const duplicate = await refused({
        options: [TALLE],
        variants: [{ options: { Talle: 'M' } }, { options: { Talle: 'M' } }],
      })
      expect(duplicate.message).toBe(VARIANT_MESSAGES.variantDuplicate)
      expect(duplicate.errors[0]!.path).toBe('variants.1')
    })

    it('refuses negative stock, more than 100 variants and an image index out of range', async () => {
      const negative = await refused({
        options: [TALLE],
        trackStock: 'true',
        variants: [{ options: { Talle: 'M' }, stock: -1 }],
      })
      expect(negative.message).toBe(VARIANT_MESSAGES.stockInvalid)
      const negativeProduct = await refused({ trackStock: 'true', stock: '-3' })
      expect(negativeProduct.message).toBe(VARIANT_MESSAGES.stockInvalid)
      const many = Array.from({ length: LIMITS.variantsMax + 1 }, (_, i) => ({
        options: { Talle: `T${i}` },
      }))
      const tooMany = await refused({
        options: [{ name: 'Talle', values: many.map((v) => v.options.Talle).slice(0, 20) }],
        variants: many,
      })
      expect(tooMany.message).toBe(VARIANT_MESSAGES.variantsMax)
      // Main image (0) and one extra (1): index 2 does not exist.
      const image = await refused(
        { options: [TALLE], variants: [{ options: { Talle: 'M' }, imageIndex: 2 }] },
        await mainAndExtra(1),
      )
      expect(image.message).toBe(VARIANT_MESSAGES.imageIndexInvalid)
      expect(image.errors[0]!.path).toBe('variants.0')
    })

    it('refuses a variant image index out of range on update, and moves indexes with the images', async () => {
      const product = await createTestProduct(
        t.app,
        owner,
        business._id,
        { options: [TALLE], variants: [{ options: { Talle: 'S' }, imageIndex: 2 }] },
        await mainAndExtra(2),
      )
      const res = await patchProduct(t.app, owner, product._id, {
        options: [TALLE],
        variants: [{ options: { Talle: 'S' }, imageIndex: 3 }],
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(VARIANT_MESSAGES.imageIndexInvalid)
      // Deleting the first extra image: the variant's picture (the second extra) is now index 1.
      const moved = await patchProduct(t.app, owner, product._id, {
        imagesToDelete: JSON.stringify([product.images[0]!.url]),
      })
      expect(moved.statusCode, moved.body).toBe(200)
      expect((moved.json() as Product).variants[0]!.imageIndex).toBe(1)
    })

    it('clears a product’s stock when an update sends it blank, and keeps it when left out', async () => {
      const product = await createTestProduct(t.app, owner, business._id, {
        name: 'Taza esmaltada',
        trackStock: 'true',
        stock: '5',
      })
      expect([product.stock, product.available]).toEqual([5, true])
      const untouched = await patchProduct(t.app, owner, product._id, { name: 'Taza esmaltada 2' })
      expect((untouched.json() as Product).stock).toBe(5)
      const cleared = await patchProduct(t.app, owner, product._id, {
        trackStock: 'true',
        stock: '',
      })
      expect(cleared.statusCode, cleared.body).toBe(200)
      // Stock kept with no units: sold out until the owner counts some again.
      expect([(cleared.json() as Product).stock, (cleared.json() as Product).available]).toEqual([
        null,
        false,
      ])
    })

    it('refuses an invalid status and currency, and takes the old currency spellings', async () => {
      expect((await refused({ status: 'borrador' })).message).toBe(VARIANT_MESSAGES.statusInvalid)
      expect((await refused({ currency: 'EUR' })).message).toBe(VARIANT_MESSAGES.currencyInvalid)
      const dollars = await createTestProduct(t.app, owner, business._id, { currency: 'U$S' })
      expect([dollars.currency, dollars.currencySymbol]).toEqual(['USD', 'US$'])
    })

    it('counts products, not variants, against the free plan', async () => {
      const freeOwner = await registerAndLogin(t.app)
      const free = await createTestBusiness(t.app, freeOwner)
      const options = [{ name: 'Talle', values: Array.from({ length: 20 }, (_, i) => `T${i}`) }]
      const variants = options[0]!.values.map((v) => ({ options: { Talle: v } }))
      for (let i = 0; i < 20; i++) {
        await createTestProduct(t.app, freeOwner, free._id, { options, variants })
      }
      const res = await postProduct(t.app, freeOwner, productFields(free._id), await mainAndExtra())
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe(PRODUCT_MESSAGES.planLimitReached)
    })

    it('hides and shows a product with status, within the plan limit', async () => {
      const freeOwner = await registerAndLogin(t.app)
      const free = await createTestBusiness(t.app, freeOwner)
      const hidden = await createTestProduct(t.app, freeOwner, free._id, { status: 'hidden' })
      expect(hidden.status).toBe('hidden')
      for (let i = 0; i < 19; i++) await createTestProduct(t.app, freeOwner, free._id)
      const shown = await patchProduct(t.app, freeOwner, hidden._id, { status: 'active' })
      expect(shown.statusCode, shown.body).toBe(200)
      const again = await patchProduct(t.app, freeOwner, hidden._id, { status: 'hidden' })
      expect(again.statusCode).toBe(200)
      // One more visible product (as a lapsed Pro plan leaves them): the hidden one stays hidden.
      await insertTestProduct(t.app, free._id, { name: 'Extra' })
      const refusedShow = await patchProduct(t.app, freeOwner, hidden._id, { status: 'active' })
      expect(refusedShow.statusCode).toBe(403)
      expect(refusedShow.json().message).toBe(PLAN_MESSAGES.visibleLimitReached)
    })
  })

  describe('owner and public replies', () => {
    let product: Product
    let hidden: Product

    beforeAll(async () => {
      product = await createTestProduct(t.app, owner, business._id, {
        name: 'Remera lisa',
        trackStock: 'true',
        options: [TALLE],
        variants: [
          { options: { Talle: 'S' }, stock: 2 },
          { options: { Talle: 'M' }, stock: 0 },
        ],
      })
      hidden = await createTestProduct(t.app, owner, business._id, {
        name: 'Remera oculta',
        status: 'hidden',
        trackStock: 'true',
        stock: '4',
      })
    })

    it('gives stock numbers to the owner only', async () => {
      const mine = (await get(`/api/products/${product._id}`, owner)).json() as Product
      expect(mine.variants.map((v) => v.stock)).toEqual([2, 0])
      const pub = await get(`/api/products/${product._id}`)
      expect(pub.statusCode).toBe(200)
      expect(pub.body).not.toContain('"stock"')
      const body = pub.json() as Product
      expect(body.variants.map((v) => [v.available, v.lowStock])).toEqual([
        [true, 2],
        [false, null],
      ])
      expect([body.available, body.lowStock]).toEqual([true, 2])
      const list = await get(`/api/products/${business._id}/business`)
      expect(list.body).not.toContain('"stock"')
      const ownList = await get(`/api/products/${business._id}/business`, owner)
      expect(ownList.body).toContain('"stock"')
      const stranger = await registerAndLogin(t.app)
      const theirs = await get(`/api/products/${product._id}`, stranger)
      expect(theirs.body).not.toContain('"stock"')
    })

    it('answers 404 for a hidden product to the public, and the product to its owner', async () => {
      expect((await get(`/api/products/${hidden._id}`)).statusCode).toBe(404)
      const mine = await get(`/api/products/${hidden._id}`, owner)
      expect(mine.statusCode).toBe(200)
      expect((mine.json() as Product).stock).toBe(4)
      const list = await get(`/api/products/${business._id}/business`)
      expect((list.json() as ProductListResponse).items.map((p) => p._id)).not.toContain(hidden._id)
    })
  })
})

describe('the list across variants, stock and currencies', () => {
  const t = useTestApp()
  let owner: TestAccount
  let business: Business
  const ids: Record<string, string> = {}

  function list(query: string) {
    return t.app.inject({ method: 'GET', url: `/api/products/${business._id}/business?${query}` })
  }
  const names = async (query: string) =>
    ((await list(query)).json() as ProductListResponse).items.map((p) => p.name)

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { planType: 'pro', exchangeRate: '40' })
    const make = async (name: string, fields: Record<string, unknown>) => {
      const product = await createTestProduct(t.app, owner, business._id, {
        name,
        ...(fields as object),
      })
      ids[name] = product._id
    }
    // Created in this order: newest last.
    await make('Buzo', {
      price: '450',
      trackStock: 'true',
      options: [TALLE, COLOR],
      variants: [
        { options: { Talle: 'M', Color: 'Azul' }, stock: 1 },
        { options: { Talle: 'L', Color: 'Azul' }, stock: 0 },
        { options: { Talle: 'S', Color: 'Negro' }, stock: 5, price: 500 },
      ],
    })
    await make('Auriculares', { price: '224', currency: 'USD' })
    await make('MacBook', { price: '1199', currency: 'USD' })
    await make('Funda', { price: '1500' })
    await make('Campera agotada', { price: '2000', trackStock: 'true', stock: '0' })
    await make('Gorro', {
      price: '300',
      options: [{ name: 'Color', values: ['Rojo', 'Azul'] }],
      variants: [{ options: { Color: 'Rojo' } }, { options: { Color: 'Azul' } }],
    })
  })

  it('sorts by price in the main currency: US$ 224 after $ 450 at 40', async () => {
    expect(await names('sort=cheapest')).toEqual([
      'Gorro',
      'Buzo',
      'Funda',
      'Campera agotada',
      'Auriculares',
      'MacBook',
    ])
    expect((await names('sort=expensive'))[0]).toBe('MacBook')
    const body = (await list('sort=cheapest')).json() as ProductListResponse
    // 1199 × 40 in pesos; cards keep their own currency.
    expect(body.priceMax).toBe(47_960)
    expect(body.items.find((p) => p.name === 'MacBook')).toMatchObject({
      currency: 'USD',
      currencySymbol: 'US$',
      price: 1199,
    })
  })

  it('bounds prices in the main currency: $ 1.000 – $ 3.000 leaves out US$ 1.199', async () => {
    expect(await names('minPrice=1000&maxPrice=3000&sort=cheapest')).toEqual([
      'Funda',
      'Campera agotada',
    ])
    // US$ 224 = $ 8.960
    expect(await names('minPrice=8000&maxPrice=9000')).toEqual(['Auriculares'])
  })

  it('finds products by their option values', async () => {
    expect(await names('search=rojo')).toEqual(['Gorro'])
    expect(await names('search=negro')).toEqual(['Buzo'])
  })

  it('puts sold-out products after the available ones in the default sort', async () => {
    const all = await names('')
    expect(all.at(-1)).toBe('Campera agotada')
    expect(all.slice(0, 2)).toEqual(['Gorro', 'Funda'])
    // And in a search.
    expect((await names('search=campera funda gorro')).length).toBe(0)
    const search = await names('search=agotada')
    expect(search).toEqual(['Campera agotada'])
  })

  it('filters by option value: an available variant (any when stock is not tracked)', async () => {
    expect(await names('option=Talle:M')).toEqual(['Buzo'])
    // L exists only sold out.
    expect(await names('option=Talle:L')).toEqual([])
    expect(await names('option=Color:Azul&sort=cheapest')).toEqual(['Gorro', 'Buzo'])
    expect(await names('option=Color:Azul&option=Talle:S')).toEqual([])
    expect(await names('option=Color:Negro&option=Talle:S')).toEqual(['Buzo'])
    // With a search too (the filter applies to the search copy of the products).
    expect(await names('search=buzo&option=Talle:M')).toEqual(['Buzo'])
    expect(await names('search=buzo&option=Talle:L')).toEqual([])
    const invalid = await list('option=Talle')
    expect(invalid.statusCode).toBe(400)
  })

  it('ignores case in the option filter, and follows the stock (migration 0019 keys)', async () => {
    expect(await names('option=talle:m')).toEqual(['Buzo'])
    expect(await names('option=COLOR:negro&option=talle:s')).toEqual(['Buzo'])
    expect(await names('search=buzo&option=talle:m')).toEqual(['Buzo'])
    // The last M sold (a direct write, as a confirmation's): the key goes; back in stock, it returns.
    const setStock = async (stock: number) => {
      await t.app.db.execute(
        sql`UPDATE product_variants SET stock = ${stock} WHERE product_id = ${ids.Buzo!} AND options @> '{"Talle":"M"}'`,
      )
      t.app.invalidateReads(business._id)
    }
    await setStock(0)
    expect(await names('option=Talle:M')).toEqual([])
    await setStock(1)
    expect(await names('option=Talle:M')).toEqual(['Buzo'])
  })

  it('gives public cards what they show without the variants; the detail and the owner get them', async () => {
    const body = (await list('')).json() as ProductListResponse
    const buzo = body.items.find((p) => p.name === 'Buzo')!
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/products/${ids.Buzo!}` })
    ).json() as Product
    expect(buzo.variants).toEqual([])
    expect(detail.variants).toHaveLength(3)
    // The card's price 'desde', availability and 'Quedan N' are the detail's.
    for (const key of ['priceFrom', 'available', 'lowStock', 'options', 'trackStock'] as const) {
      expect(buzo[key], key).toEqual(detail[key])
    }
    expect(buzo.priceFrom).toBe(450)
    const gorro = body.items.find((p) => p.name === 'Gorro')!
    expect(gorro.priceFrom).toBeNull()
    const own = (
      await t.app.inject({
        method: 'GET',
        url: `/api/products/${business._id}/business`,
        headers: bearer(owner.accessToken),
      })
    ).json() as ProductListResponse
    expect(own.items.find((p) => p.name === 'Buzo')!.variants.map((v) => v.stock)).toEqual([
      1, 0, 5,
    ])
  })

  it('lists the option values of the active products in first-seen order', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${business._id}/options` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      { name: 'Talle', values: ['S', 'M', 'L'] },
      { name: 'Color', values: ['Azul', 'Negro', 'Rojo'] },
    ])
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/products/00000000-0000-4000-8000-000000000000/options',
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('reprices when the business changes its rate or main currency', async () => {
    const at20 = await patchBusiness(t.app, owner, business._id, { exchangeRate: '20' })
    expect(at20.statusCode, at20.body).toBe(200)
    expect(at20.json()).toMatchObject({ exchangeRate: 20, mainCurrency: 'UYU' })
    expect(at20.json().exchangeRateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // US$ 224 × 20 = $ 4.480: now above Funda and Campera.
    expect((await names('sort=expensive')).slice(0, 2)).toEqual(['MacBook', 'Auriculares'])
    expect(await names('minPrice=1000&maxPrice=3000&sort=cheapest')).toEqual([
      'Funda',
      'Campera agotada',
    ])
    const dollars = await patchBusiness(t.app, owner, business._id, { mainCurrency: 'USD' })
    expect(dollars.statusCode, dollars.body).toBe(200)
    // Bounds now in dollars: $ 1.500 / 20 = US$ 75.
    expect(await names('minPrice=70&maxPrice=80')).toEqual(['Funda'])
    const back = await patchBusiness(t.app, owner, business._id, {
      mainCurrency: 'UYU',
      exchangeRate: 'null',
    })
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ exchangeRate: 40, exchangeRateDate: null })
  })

  it('refuses an invalid exchange rate or main currency with their messages', async () => {
    for (const rate of ['0', '-5', 'mucho', '5000']) {
      const res = await patchBusiness(t.app, owner, business._id, { exchangeRate: rate })
      expect(res.statusCode, rate).toBe(400)
      expect(res.json().message).toBe(VARIANT_MESSAGES.exchangeRateInvalid)
    }
    const res = await patchBusiness(t.app, owner, business._id, { mainCurrency: 'EUR' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(VARIANT_MESSAGES.mainCurrencyInvalid)
  })
})

describe('the platform default exchange rate', () => {
  const t = useTestApp({ DEFAULT_EXCHANGE_RATE: '40' })

  it('is validated, applies to businesses without a rate, and reprices them when it changes', async () => {
    expect(() => loadConfig({ DEFAULT_EXCHANGE_RATE: '0' })).toThrow(ConfigError)
    expect(() => loadConfig({ DEFAULT_EXCHANGE_RATE: 'cuarenta' })).toThrow(ConfigError)
    expect(loadConfig({}).defaultExchangeRate).toBe(40)

    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner)
    expect(business).toMatchObject({
      exchangeRate: 40,
      exchangeRateDate: null,
      mainCurrency: 'UYU',
    })
    await createTestProduct(t.app, owner, business._id, { price: '10', currency: 'USD' })
    const own = await registerAndLogin(t.app)
    const ownRate = await createTestBusiness(t.app, own, { exchangeRate: '42' })
    await createTestProduct(t.app, own, ownRate._id, { price: '10', currency: 'USD' })
    const priceMax = async (id: string) =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/products/${id}/business` })
        ).json() as ProductListResponse
      ).priceMax
    expect(await priceMax(business._id)).toBe(400)

    // A restart with DEFAULT_EXCHANGE_RATE=45: only the business following the default moves.
    expect(await followDefaultRate(t.db, 45)).toBe(1)
    expect(await followDefaultRate(t.db, 45)).toBe(0)
    t.app.invalidateReads(undefined)
    expect(await priceMax(business._id)).toBe(450)
    expect(await priceMax(ownRate._id)).toBe(420)
  })
})
