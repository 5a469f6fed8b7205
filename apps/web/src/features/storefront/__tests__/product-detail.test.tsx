import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LIMITS, SHOPPER_VARIANT_TEXTS } from '@vitrina/contracts'
import { renderApp } from '../../../test/render'
import { makeBusiness, makeProduct } from '../../../components/storefront/__tests__/fixtures'
import { installStorefrontApi } from './storefront-api'

vi.setConfig({ testTimeout: 20_000 })

const business = makeBusiness()
const product = makeProduct({
  name: 'Cafetera italiana 6 tazas',
  description: 'Aluminio, para hornalla de gas.',
  info: 'Lavar sin detergente.\nSecar bien.',
  price: 1890,
  discount: 10,
  isNew: true,
  code: 'ACC-MOKA-6',
  tags: ['moka', 'regalo'],
  specifications: [
    { name: 'Material', value: 'Aluminio' },
    { name: 'Capacidad', value: '6 tazas' },
  ],
  images: [{ url: '/media/extra-640.webp', width: 640, height: 640 }],
})
const PATH = `/almacen-lucia/productos/${product.slug}`

async function renderDetail(options: Partial<Parameters<typeof installStorefrontApi>[0]> = {}) {
  const fake = installStorefrontApi({ business, products: [product], ...options })
  const view = renderApp(PATH)
  return { ...view, fake, ui: userEvent.setup() }
}

function decodedText(href: string | null): string {
  return decodeURIComponent(new URL(href ?? '').searchParams.get('text') ?? '')
}

describe('product detail states (SPEC §2.8, §4, §8)', () => {
  it('shows a spinner while the route loads its data, then the product', async () => {
    await renderDetail()
    expect(await screen.findByRole('status', { name: 'Cargando…' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument()
  })

  it('asks for the product while the business is still loading, and for each only once', async () => {
    let releaseBusiness = () => {}
    const businessGate = new Promise<void>((resolve) => (releaseBusiness = resolve))
    const businessKey = `GET /api/businesses/${business.identifier}/identifier`
    const { fake } = await renderDetail({
      extra: {
        [businessKey]: async () => {
          await businessGate
          return { body: business }
        },
      },
    })
    // Both start from the route loaders, in parallel with the page's code (SPEC §9 speed).
    await waitFor(() =>
      expect(fake.callsTo(`GET /api/products/almacen-lucia/slug/${product.slug}`)).toHaveLength(1),
    )
    releaseBusiness()
    await screen.findByRole('heading', { level: 1, name: product.name })
    expect(fake.callsTo(businessKey)).toHaveLength(1)
    expect(fake.callsTo(`GET /api/products/almacen-lucia/slug/${product.slug}`)).toHaveLength(1)
  })

  it("shows 'Producto no encontrado' with 'Volver al inicio' for a 404", async () => {
    await renderDetail({
      extra: {
        [`GET /api/products/almacen-lucia/slug/${product.slug}`]: () => ({
          status: 404,
          body: { statusCode: 404, error: 'Not Found', message: 'Producto no encontrado' },
        }),
      },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Producto no encontrado' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Lo sentimos, no pudimos encontrar el producto que estás buscando.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  })

  it("shows and logs 'Error al cargar el producto' when loading fails", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    await renderDetail({
      extra: {
        [`GET /api/products/almacen-lucia/slug/${product.slug}`]: () => ({
          status: 500,
          body: { statusCode: 500, error: 'x', message: 'Error interno del servidor' },
        }),
      },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Error al cargar el producto' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Lo sentimos, no pudimos encontrar el producto que estás buscando.'),
    ).toBeInTheDocument()
    expect(log).toHaveBeenCalledWith('Error al cargar el producto', expect.anything())
    log.mockRestore()
  })

  it("treats another business's product as not found", async () => {
    const foreign = { ...product, businessId: '11111111-2222-4333-8444-555555555555' }
    await renderDetail({
      extra: {
        [`GET /api/products/almacen-lucia/slug/${product.slug}`]: () => ({ body: foreign }),
      },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Producto no encontrado' }),
    ).toBeInTheDocument()
  })
})

describe('product addresses (issue 27 §3)', () => {
  it('opens an old address (the id, an earlier slug) at the product’s slug, replacing it', async () => {
    for (const old of [product._id, 'cafetera-vieja']) {
      installStorefrontApi({
        business,
        products: [product],
        extra: { [`GET /api/products/almacen-lucia/slug/${old}`]: () => ({ body: product }) },
      })
      const { router, location, unmount } = renderApp(`/almacen-lucia/productos/${old}?ref=chat`)
      await screen.findByRole('heading', { level: 1, name: product.name })
      expect(location()).toBe(`/almacen-lucia/productos/${product.slug}?ref=chat`)
      // Replaced, not pushed: going back does not land on the old address again.
      expect(router.state.historyAction).not.toBe('PUSH')
      unmount()
    }
  })

  it('links the product at its slug in the order message', async () => {
    await renderDetail()
    const contact = await screen.findByRole('link', { name: /Contactar/ })
    expect(decodedText(contact.getAttribute('href'))).toContain(
      `/almacen-lucia/productos/${product.slug}`,
    )
  })
})

describe('product detail content (SPEC §2.8)', () => {
  it('shows badges, final price, struck original, savings, description, code and tags', async () => {
    await renderDetail()
    const article = (await screen.findByRole('heading', { level: 1, name: product.name })).closest(
      'article',
    ) as HTMLElement
    expect(within(article).getByText('Nuevo')).toBeInTheDocument()
    expect(within(article).getByText('-10%')).toBeInTheDocument()
    expect(article).toHaveTextContent('Precio final: $ 1.701,00')
    expect(article.querySelector('s')).toHaveTextContent('$ 1.890,00')
    expect(within(article).getByText('Ahorras $ 189,00')).toBeInTheDocument()
    expect(within(article).getByText(product.description)).toBeInTheDocument()
    expect(within(article).getByText('ACC-MOKA-6')).toBeInTheDocument()
    expect(within(article).getByText('#moka')).toBeInTheDocument()
  })

  it("has the 'Especificaciones' table and the 'Descripción' section with the info", async () => {
    await renderDetail()
    const specs = (await screen.findByRole('heading', { name: 'Especificaciones' })).closest(
      'section',
    ) as HTMLElement
    const rows = within(specs).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual(['MaterialAluminio', 'Capacidad6 tazas'])
    const description = screen.getByRole('heading', { name: 'Descripción' }).closest('section')
    expect(description).toHaveTextContent('Lavar sin detergente. Secar bien.', {
      normalizeWhitespace: true,
    })
  })

  it('shows the main image first, then the extra ones, with thumbnails', async () => {
    await renderDetail()
    const gallery = await screen.findByRole('region', { name: `Imágenes de ${product.name}` })
    const main = within(gallery).getByRole('img', { name: product.name })
    expect(main).toHaveAttribute('loading', 'eager')
    const thumbs = within(within(gallery).getByRole('list', { name: 'Miniaturas' })).getAllByRole(
      'button',
    )
    expect(thumbs).toHaveLength(2)
    expect(thumbs[0]).toHaveAttribute('aria-current', 'true')
  })

  it('shows a product with one image without a carousel: no arrows, no thumbnails', async () => {
    const single = makeProduct({ name: 'Taza esmaltada', images: [] })
    installStorefrontApi({ business, products: [single] })
    renderApp(`/almacen-lucia/productos/${single.slug}`)
    const main = await screen.findByRole('img', { name: single.name })
    expect(main).toHaveAttribute('loading', 'eager')
    expect(main).toHaveAttribute('fetchpriority', 'high')
    expect(screen.queryByRole('region', { name: `Imágenes de ${single.name}` })).toBeNull()
    expect(screen.queryByRole('list', { name: 'Miniaturas' })).toBeNull()
    expect(screen.queryByRole('button', { name: /siguiente/i })).toBeNull()
  })

  it("caps 'Cantidad:' at the order's limit of 99, at the input, saying why (issue 41)", async () => {
    const { ui } = await renderDetail()
    const input = await screen.findByLabelText('Cantidad:')
    await ui.clear(input)
    await ui.type(input, '999')
    expect(input).toHaveValue('99')
    expect(
      screen.getByText(SHOPPER_VARIANT_TEXTS.quantityMax(LIMITS.orderQuantityMax)),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Aumentar cantidad' })).toBeDisabled()
    await ui.click(screen.getByRole('button', { name: 'Añadir al carrito' }))
    await ui.click(screen.getByRole('button', { name: 'Añadir al carrito' }))
    // The cart never holds more than an order line takes.
    expect(JSON.parse(localStorage.getItem('vitrina:cart') ?? '[]')[0].quantity).toBe(99)
    expect(await screen.findByText(SHOPPER_VARIANT_TEXTS.cartAtMost(99))).toBeInTheDocument()
  })

  it("refuses more than 'Quedan 2' at the selector and in the cart (issue 41 §6)", async () => {
    const scarce = makeProduct({ ...product, trackStock: true, lowStock: 2 })
    const { ui } = await renderDetail({ products: [scarce] })
    const input = await screen.findByLabelText('Cantidad:')
    expect(screen.getByText('Quedan 2')).toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: 'Aumentar cantidad' }))
    expect(input).toHaveValue('2')
    expect(screen.getByRole('button', { name: 'Aumentar cantidad' })).toBeDisabled()
    await ui.clear(input)
    await ui.type(input, '4')
    expect(input).toHaveValue('2')
    expect(screen.getByText(SHOPPER_VARIANT_TEXTS.quantityLeft(2))).toBeVisible()

    await ui.click(screen.getByRole('button', { name: 'Añadir al carrito' }))
    await ui.click(screen.getByRole('button', { name: 'Añadir al carrito' }))
    expect(JSON.parse(localStorage.getItem('vitrina:cart') ?? '[]')[0].quantity).toBe(2)
    expect(await screen.findByText(SHOPPER_VARIANT_TEXTS.cartAtMost(2))).toBeInTheDocument()

    await ui.click(screen.getByRole('button', { name: 'Carrito: 2 productos' }))
    const drawer = await screen.findByRole('dialog', { name: 'Tu carrito' })
    expect(within(drawer).getByRole('button', { name: 'Agregar una unidad' })).toBeDisabled()
    expect(within(drawer).getByText(SHOPPER_VARIANT_TEXTS.quantityLeft(2))).toBeInTheDocument()
  })

  it("has a 'Cantidad:' selector that never goes below 1", async () => {
    const { ui } = await renderDetail()
    const input = await screen.findByLabelText('Cantidad:')
    expect(input).toHaveValue('1')
    expect(screen.getByRole('button', { name: 'Disminuir cantidad' })).toBeDisabled()
    await ui.click(screen.getByRole('button', { name: 'Aumentar cantidad' }))
    expect(input).toHaveValue('2')
    await ui.clear(input)
    await ui.type(input, '0')
    await ui.tab()
    expect(input).toHaveValue('1')
    await ui.clear(input)
    await ui.type(input, '25')
    expect(input).toHaveValue('25')
  })

  it("'Contactar' opens WhatsApp with a message naming the product, its link and the quantity", async () => {
    const { ui } = await renderDetail()
    await ui.click(await screen.findByRole('button', { name: 'Aumentar cantidad' }))
    const contact = screen.getByRole('link', { name: 'Contactar' })
    expect(contact.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/59899123456\?text=/)
    const text = decodedText(contact.getAttribute('href'))
    expect(text).toContain(
      '¡Hola Almacén Lucía! Me interesa el producto "Cafetera italiana 6 tazas" (2 unidades).',
    )
    expect(text).toContain(`http://localhost:3000${PATH}`)
  })

  it("'Añadir al carrito' adds to this business's cart, updates the header badge and confirms", async () => {
    const { ui } = await renderDetail()
    const dismiss = vi.spyOn((await import('sonner')).toast, 'dismiss')
    await ui.click(await screen.findByRole('button', { name: 'Aumentar cantidad' }))
    await ui.click(screen.getByRole('button', { name: 'Añadir al carrito' }))
    expect(await screen.findByText('Producto añadido al carrito')).toBeInTheDocument()
    expect(dismiss).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Carrito: 2 productos' })).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('vitrina:cart') ?? '[]')).toEqual([
      expect.objectContaining({
        businessIdentifier: 'almacen-lucia',
        productId: product._id,
        slug: product.slug,
        price: 1701,
        quantity: 2,
      }),
    ])

    await ui.click(screen.getByRole('button', { name: 'Carrito: 2 productos' }))
    const drawer = await screen.findByRole('dialog', { name: 'Tu carrito' })
    // Issue 27 §3: the line links the product at its address.
    expect(within(drawer).getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/almacen-lucia/productos/${product.slug}`,
    )
    expect(drawer).toHaveTextContent('$ 3.402,00')
    // The open cart closes the toast, which would cover its top.
    await waitFor(() => expect(dismiss).toHaveBeenCalled())
    await ui.click(within(drawer).getByRole('button', { name: 'Agregar una unidad' }))
    await waitFor(() => expect(drawer).toHaveTextContent('$ 5.103,00'))
    // Issue 24: the order is saved first, then WhatsApp opens (checkout.test.tsx).
    expect(
      within(drawer).getByRole('button', { name: 'Enviar pedido por WhatsApp' }),
    ).toBeInTheDocument()
    await ui.click(
      within(drawer).getByRole('button', { name: `Quitar ${product.name} del carrito` }),
    )
    expect(await within(drawer).findByText('Tu carrito está vacío')).toBeInTheDocument()
  })

  it('has no floating WhatsApp button over its buttons: its own Contactar opens WhatsApp (issue 41)', async () => {
    await renderDetail()
    expect(await screen.findByRole('link', { name: 'Contactar' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Escribir a .* por WhatsApp/ })).toBeNull()
    expect(screen.getByRole('button', { name: /favoritos/i })).toBeInTheDocument()
  })

  it('toggles the favourite heart (aria-pressed)', async () => {
    const { ui } = await renderDetail()
    const heart = await screen.findByRole('button', { name: 'Añadir a favoritos' })
    await ui.click(heart)
    expect(heart).toHaveAttribute('aria-pressed', 'true')
  })

  // The first page's head is the server's (ssr/share-head.test.tsx); moving in the app, each
  // page's head is its route's (issue 42 §1).
  it("gives the storefront's head when leaving the product, and the product's when back", async () => {
    const { router } = await renderDetail()
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument()
    await act(() => router.navigate('/almacen-lucia'))
    await waitFor(() => expect(document.title).toBe('Almacén Lucía | Vitrina'))
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute(
      'content',
      'website',
    )
    await act(() => router.navigate(PATH))
    await waitFor(() => expect(document.title).toBe('Cafetera italiana 6 tazas | Almacén Lucía'))
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute(
      'content',
      'product',
    )
    expect(document.head.querySelector('link[rel~="icon"]')).toHaveAttribute(
      'href',
      business.logo!.favicon!,
    )
  })
})
