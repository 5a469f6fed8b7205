/**
 * Product categories of a business (SPEC §3, §5): the edit form sends the whole list, with
 * `previousName` on renamed entries. Renames reach the products in the same transaction;
 * removing a category or subcategory that products use is refused
 * (docs/decisions/003-businesses.md).
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { BUSINESS_MESSAGES, type Business, type ProductCategory } from '@vitrina/contracts'
import { businesses, products } from '../src/db/schema/index.js'
import { diffCategories } from '../src/modules/businesses/categories.js'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness, patchBusiness } from './helpers/catalogue.js'

function category(name: string, subs: string[] = [], previousName?: string): ProductCategory {
  return {
    name,
    subCategories: subs.map((sub) => ({ name: sub })),
    ...(previousName ? { previousName } : {}),
  } as ProductCategory
}

describe('diffCategories', () => {
  const before = [
    { name: 'Ropa', subCategories: [{ name: 'Camisas' }, { name: 'Pantalones' }] },
    { name: 'Calzado', subCategories: [] },
  ]

  it('sees no change when the list is the same', () => {
    const changes = diffCategories(before, [
      category('Ropa', ['Camisas', 'Pantalones']),
      category('Calzado'),
    ])
    expect(changes).toMatchObject({
      categoryRenames: [],
      subCategoryRenames: [],
      removedCategories: [],
      removedSubCategories: [],
    })
  })

  it('follows previousName for renames at both levels', () => {
    const changes = diffCategories(before, [
      {
        ...category('Indumentaria', [], 'Ropa'),
        subCategories: [{ name: 'Remeras', previousName: 'Camisas' }, { name: 'Pantalones' }],
      } as ProductCategory,
      category('Calzado'),
    ])
    expect(changes.categoryRenames).toEqual([{ from: 'Ropa', to: 'Indumentaria' }])
    expect(changes.subCategoryRenames).toEqual([
      { category: 'Indumentaria', from: 'Camisas', to: 'Remeras' },
    ])
    expect(changes.removedCategories).toEqual([])
    expect(changes.categories[0]).toEqual({
      name: 'Indumentaria',
      subCategories: [{ name: 'Remeras' }, { name: 'Pantalones' }],
    })
  })

  it('treats a change of case or accents as a rename, even without previousName', () => {
    const changes = diffCategories(before, [
      category('ROPA', ['camisas', 'Pantalones']),
      category('Calzado'),
    ])
    expect(changes.categoryRenames).toEqual([{ from: 'Ropa', to: 'ROPA' }])
    expect(changes.subCategoryRenames).toEqual([
      { category: 'ROPA', from: 'Camisas', to: 'camisas' },
    ])
  })

  it('handles swaps and "rename A to B, then add a new A"', () => {
    const swap = diffCategories(before, [
      category('Calzado', ['Camisas', 'Pantalones'], 'Ropa'),
      category('Ropa', [], 'Calzado'),
    ])
    expect(swap.categoryRenames).toEqual([
      { from: 'Ropa', to: 'Calzado' },
      { from: 'Calzado', to: 'Ropa' },
    ])
    const readd = diffCategories(before, [
      category('Indumentaria', ['Camisas', 'Pantalones'], 'Ropa'),
      category('Ropa'),
      category('Calzado'),
    ])
    expect(readd.categoryRenames).toEqual([{ from: 'Ropa', to: 'Indumentaria' }])
    expect(readd.removedCategories).toEqual([])
  })

  it('lists removals by their old names', () => {
    const changes = diffCategories(before, [category('Prendas', ['Camisas'], 'Ropa')])
    expect(changes.removedCategories).toEqual(['Calzado'])
    expect(changes.removedSubCategories).toEqual([{ category: 'Ropa', subCategory: 'Pantalones' }])
  })
})

describe('PATCH categories with products', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })

  const initial = [
    { name: 'Ropa', subCategories: [{ name: 'Camisas' }, { name: 'Pantalones' }] },
    { name: 'Calzado', subCategories: [{ name: 'Botas' }] },
    { name: 'Accesorios', subCategories: [] },
  ]

  async function insertProduct(businessId: string, categoryName: string, subCategory?: string) {
    const [row] = await t.db
      .insert(products)
      .values({
        businessId,
        name: `Producto ${categoryName} ${subCategory ?? ''}`,
        description: 'Producto de prueba',
        price: 100,
        image: { url: 'https://images.example.com/p.jpg' },
        category: categoryName,
        subCategory: subCategory ?? null,
        searchText: 'producto de prueba',
      })
      .returning()
    return row!
  }

  async function productCategories(businessId: string) {
    const rows = await t.db
      .select({ category: products.category, subCategory: products.subCategory })
      .from(products)
      .where(eq(products.businessId, businessId))
      .orderBy(products.name)
    return rows.map((r) => `${r.category}/${r.subCategory ?? ''}`).sort()
  }

  async function setup() {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, { categories: initial })
    await insertProduct(business._id, 'Ropa', 'Camisas')
    await insertProduct(business._id, 'Ropa', 'Pantalones')
    await insertProduct(business._id, 'Calzado')
    return { owner, business }
  }

  it('renames cascade to this business’s products only', async () => {
    const { owner, business } = await setup()
    // Another business with the same category names must not be touched
    const neighbour = await setup()

    const response = await patchBusiness(t.app, owner, business._id, {
      categories: [
        {
          name: 'Indumentaria',
          previousName: 'Ropa',
          subCategories: [{ name: 'Remeras', previousName: 'Camisas' }, { name: 'Pantalones' }],
        },
        { name: 'Zapatos', previousName: 'Calzado', subCategories: [{ name: 'Botas' }] },
        { name: 'Accesorios', subCategories: [] },
      ],
    })
    expect(response.statusCode).toBe(200)
    expect((response.json() as Business).categories).toEqual([
      { name: 'Indumentaria', subCategories: [{ name: 'Remeras' }, { name: 'Pantalones' }] },
      { name: 'Zapatos', subCategories: [{ name: 'Botas' }] },
      { name: 'Accesorios', subCategories: [] },
    ])
    expect(await productCategories(business._id)).toEqual([
      'Indumentaria/Pantalones',
      'Indumentaria/Remeras',
      'Zapatos/',
    ])
    expect(await productCategories(neighbour.business._id)).toEqual([
      'Calzado/',
      'Ropa/Camisas',
      'Ropa/Pantalones',
    ])
  })

  it('swaps two names correctly', async () => {
    const { owner, business } = await setup()
    const response = await patchBusiness(t.app, owner, business._id, {
      categories: [
        { name: 'Calzado', previousName: 'Ropa', subCategories: initial[0]!.subCategories },
        { name: 'Ropa', previousName: 'Calzado', subCategories: [{ name: 'Botas' }] },
        { name: 'Accesorios' },
      ],
    })
    expect(response.statusCode).toBe(200)
    expect(await productCategories(business._id)).toEqual([
      'Calzado/Camisas',
      'Calzado/Pantalones',
      'Ropa/',
    ])
  })

  it('refuses to remove a category in use; business and products unchanged', async () => {
    const { owner, business } = await setup()
    const [before] = await t.db.select().from(businesses).where(eq(businesses.id, business._id))
    const response = await patchBusiness(t.app, owner, business._id, {
      name: 'Otro nombre',
      categories: [
        // a rename that would happen in the same change must not happen either
        { name: 'Indumentaria', previousName: 'Ropa', subCategories: initial[0]!.subCategories },
        { name: 'Accesorios' },
      ],
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      message: BUSINESS_MESSAGES.categoryInUse,
      errors: [{ path: 'categories', message: BUSINESS_MESSAGES.categoryInUse }],
    })
    const [after] = await t.db.select().from(businesses).where(eq(businesses.id, business._id))
    expect(after).toEqual(before)
    expect(await productCategories(business._id)).toEqual([
      'Calzado/',
      'Ropa/Camisas',
      'Ropa/Pantalones',
    ])
  })

  it('a rename without previousName is a removal, refused while in use', async () => {
    const { owner, business } = await setup()
    const response = await patchBusiness(t.app, owner, business._id, {
      categories: [
        { name: 'Indumentaria', subCategories: initial[0]!.subCategories },
        initial[1],
        initial[2],
      ],
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ message: BUSINESS_MESSAGES.categoryInUse })
  })

  it('refuses to remove a subcategory in use', async () => {
    const { owner, business } = await setup()
    const response = await patchBusiness(t.app, owner, business._id, {
      categories: [{ name: 'Ropa', subCategories: [{ name: 'Camisas' }] }, initial[1], initial[2]],
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ message: BUSINESS_MESSAGES.subCategoryInUse })
    const [row] = await t.db
      .select()
      .from(products)
      .where(and(eq(products.businessId, business._id), eq(products.subCategory, 'Pantalones')))
    expect(row).toBeDefined()
  })

  it('removes unused categories and subcategories freely', async () => {
    const { owner, business } = await setup()
    const response = await patchBusiness(t.app, owner, business._id, {
      categories: [initial[0], { name: 'Calzado', subCategories: [] }],
    })
    expect(response.statusCode).toBe(200)
    expect((response.json() as Business).categories.map((c) => c.name)).toEqual(['Ropa', 'Calzado'])
  })
})
