/**
 * Issue 46 §3 (ADR 039): the storefront's consent for the owner's pixels, through the storefront's
 * own event calls — no banner and nothing loaded for a shop without ids; with ids, the banner
 * (axe clean) and no script before an answer; 'Aceptar' loads gtag.js and fbevents.js and the
 * events reach them in the standard names; 'Rechazar' loads nothing; «Preferencias de cookies»
 * asks again; a returning shopper who accepted gets the scripts without a banner.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CONSENT_BANNER_SCRIPT,
  CONSENT_BANNER_TEXTS as T,
  COOKIE_PREFERENCES_LABEL,
  pixelConsentCookie,
} from '@vitrina/contracts'
import { consentBannerHtml } from '../../ssr/consent-banner-html'
import { axeViolations } from '../../test/axe'

const BUSINESS = '11111111-1111-4111-8111-111111111111'
const PRODUCT = '22222222-2222-4222-8222-222222222222'
const VARIANT = '33333333-3333-4333-8333-333333333333'
const COOKIE = pixelConsentCookie(BUSINESS)

function footer(ids: { ga4?: string; meta?: string } | null) {
  document.body.innerHTML = ids
    ? `<main><h1>Tienda Ana</h1></main><footer><button type="button" data-pixels="${BUSINESS}" data-shop="Tienda Ana" data-ga4="${ids.ga4 ?? ''}" data-meta-pixel="${ids.meta ?? ''}">${COOKIE_PREFERENCES_LABEL}</button></footer>`
    : '<main><h1>Tienda Ana</h1></main><footer></footer>'
}

/**
 * A page of the shop as the server sends it (ssr/consent-banner-html.tsx): the banner after the
 * page, hidden, then its inline script — run here as the browser runs it while parsing (jsdom
 * runs no script of the markup).
 */
function served({ keepsCookies = true } = {}) {
  footer({ ga4: 'G-TEST1234', meta: '123456789' })
  document.body.insertAdjacentHTML(
    'beforeend',
    consentBannerHtml({
      _id: BUSINESS,
      name: 'Tienda Ana',
      pixels: { ga4MeasurementId: 'G-TEST1234', metaPixelId: '123456789' },
    }),
  )
  const script = document.body.lastElementChild as HTMLScriptElement
  const parsing = {
    currentScript: script,
    get cookie() {
      return document.cookie
    },
    set cookie(value: string) {
      if (keepsCookies) document.cookie = value
    },
  }
  new Function('document', CONSENT_BANNER_SCRIPT)(parsing)
  return document.querySelector<HTMLElement>(`[data-consent-banner="${BUSINESS}"]`)!
}

function atWidth(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

/** A fresh page load: the modules' state starts over. */
async function load() {
  vi.resetModules()
  return import('../storefront-events')
}

const scripts = () =>
  [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'))
const googleCalls = () =>
  (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>))
const metaCalls = () => (window.fbq?.queue ?? []) as unknown[][]

function banner() {
  return screen.findByRole('region', { name: T.title })
}

/** Each test is a page load: the previous loads' document listeners go with their page. */
const listeners: [string, EventListenerOrEventListenerObject][] = []
const addListener = document.addEventListener.bind(document)

beforeEach(() => {
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    listeners.push([type, listener])
    addListener(type, listener, options)
  })
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/`
  document.head.innerHTML = ''
  delete window.dataLayer
  delete window.gtag
  delete window.fbq
  delete window._fbq
})
afterEach(() => {
  for (const [type, listener] of listeners.splice(0)) document.removeEventListener(type, listener)
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('the owner’s pixels on the storefront', () => {
  it('a shop without ids: no banner, nothing loaded', async () => {
    footer(null)
    const events = await load()
    events.trackStorefrontPage(BUSINESS, '/tienda-ana', '')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    expect(document.querySelector('[data-consent-banner]')).toBeNull()
    expect(scripts()).toEqual([])
    expect(window.gtag).toBeUndefined()
  })

  it('asks first, and loads no script before an answer; axe clean', async () => {
    footer({ ga4: 'G-TEST1234', meta: '123456789' })
    const events = await load()
    events.trackStorefrontPage(BUSINESS, `/tienda-ana/productos/${PRODUCT}`, '')
    const region = await banner()
    expect(within(region).getByText(T.body('Tienda Ana', T.services.both))).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: T.accept })).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: T.reject })).toBeInTheDocument()
    // A first visit's banner does not take the focus away from the page.
    expect(region).not.toHaveFocus()
    events.trackPixel(BUSINESS, { type: 'cart', currency: 'UYU', items: [] })
    expect(scripts()).toEqual([])
    expect(window.gtag).toBeUndefined()
    expect(window.fbq).toBeUndefined()
    expect(await axeViolations()).toEqual([])
  })

  it('«Aceptar» loads both scripts and the events reach them in the standard names', async () => {
    footer({ ga4: 'G-TEST1234', meta: '123456789' })
    const ui = userEvent.setup()
    const events = await load()
    events.trackStorefrontPage(BUSINESS, `/tienda-ana/productos/${PRODUCT}`, '')
    await ui.click(within(await banner()).getByRole('button', { name: T.accept }))

    await waitFor(() =>
      expect(scripts()).toEqual([
        'https://www.googletagmanager.com/gtag/js?id=G-TEST1234',
        'https://connect.facebook.net/en_US/fbevents.js',
      ]),
    )
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    expect(document.cookie).toContain(`${COOKIE}=granted`)
    // The page accepted on is reported: a page view and the product's view.
    expect(googleCalls()).toContainEqual(['config', 'G-TEST1234', { send_page_view: false }])
    expect(googleCalls()).toContainEqual([
      'event',
      'view_item',
      { items: [{ item_id: PRODUCT }], send_to: 'G-TEST1234' },
    ])
    expect(googleCalls().some(([, name]) => name === 'page_view')).toBe(true)
    expect(metaCalls()).toContainEqual(['init', '123456789'])
    expect(metaCalls()).toContainEqual(['trackSingle', '123456789', 'PageView'])
    expect(metaCalls()).toContainEqual([
      'trackSingle',
      '123456789',
      'ViewContent',
      { content_ids: [PRODUCT], content_type: 'product' },
    ])

    events.trackPixel(BUSINESS, {
      type: 'cart',
      currency: 'UYU',
      items: [{ id: VARIANT, name: 'Poncho (M)', price: 1250.5, quantity: 2 }],
    })
    await waitFor(() =>
      expect(googleCalls()).toContainEqual([
        'event',
        'add_to_cart',
        {
          currency: 'UYU',
          value: 2501,
          items: [{ item_id: VARIANT, item_name: 'Poncho (M)', price: 1250.5, quantity: 2 }],
          send_to: 'G-TEST1234',
        },
      ]),
    )
    expect(metaCalls()).toContainEqual([
      'trackSingle',
      '123456789',
      'AddToCart',
      {
        currency: 'UYU',
        value: 2501,
        content_ids: [VARIANT],
        contents: [{ id: VARIANT, quantity: 2 }],
        content_type: 'product',
      },
    ])
  })

  it('«Rechazar» loads nothing; «Preferencias de cookies» asks again, with the focus', async () => {
    footer({ ga4: 'G-TEST1234' })
    const ui = userEvent.setup()
    const events = await load()
    events.trackStorefrontPage(BUSINESS, '/tienda-ana', '')
    await ui.click(within(await banner()).getByRole('button', { name: T.reject }))
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    expect(document.cookie).toContain(`${COOKIE}=denied`)
    events.trackPixel(BUSINESS, { type: 'cart', currency: 'UYU', items: [] })
    // A later page of the same shop does not ask again.
    events.trackStorefrontPage(BUSINESS, '/tienda-ana/productos', '')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    expect(scripts()).toEqual([])
    expect(window.gtag).toBeUndefined()

    await ui.click(screen.getByRole('button', { name: COOKIE_PREFERENCES_LABEL }))
    const region = await banner()
    expect(region).toHaveFocus()
    // This shop measures with Google only: the banner names Google only.
    expect(within(region).getByText(T.body('Tienda Ana', T.services.ga4))).toBeInTheDocument()
    await ui.click(within(region).getByRole('button', { name: T.accept }))
    await waitFor(() =>
      expect(scripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST1234']),
    )
    expect(document.cookie).toContain(`${COOKIE}=granted`)
  })

  it('a shopper who accepted before gets the scripts after the load, without a banner', async () => {
    document.cookie = `${COOKIE}=granted; Path=/`
    footer({ meta: '123456789' })
    const events = await load()
    act(() => events.trackStorefrontPage(BUSINESS, '/tienda-ana', ''))
    expect(scripts()).toEqual([])
    await waitFor(() =>
      expect(scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']),
    )
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    expect(metaCalls()).toContainEqual(['trackSingle', '123456789', 'PageView'])
    expect(window.gtag).toBeUndefined()
  })

  it('an order sent is a purchase per currency, with the order’s code', async () => {
    document.cookie = `${COOKIE}=granted; Path=/`
    footer({ ga4: 'G-TEST1234', meta: '123456789' })
    const events = await load()
    events.trackStorefrontPage(BUSINESS, '/tienda-ana', '')
    const { trackOrderPixels } = await import('./order-event')
    const line = { code: null, price: 450, discount: 0, image: null }
    trackOrderPixels(BUSINESS, {
      code: 'K7P2QX',
      items: [
        {
          ...line,
          productId: PRODUCT,
          name: 'Mate',
          quantity: 2,
          unitPrice: 450,
          lineTotal: 900,
          currency: 'UYU',
        },
        {
          ...line,
          productId: VARIANT,
          name: 'Bombilla',
          quantity: 1,
          unitPrice: 15,
          lineTotal: 15,
          currency: 'USD',
        },
      ],
      totals: { UYU: 1050, USD: 15 },
    })
    await waitFor(() =>
      expect(googleCalls()).toContainEqual([
        'event',
        'purchase',
        {
          transaction_id: 'K7P2QX-UYU',
          currency: 'UYU',
          value: 1050,
          items: [{ item_id: PRODUCT, item_name: 'Mate', price: 450, quantity: 2 }],
          send_to: 'G-TEST1234',
        },
      ]),
    )
    expect(metaCalls()).toContainEqual([
      'trackSingle',
      '123456789',
      'Purchase',
      {
        currency: 'USD',
        value: 15,
        num_items: 1,
        content_ids: [VARIANT],
        contents: [{ id: VARIANT, quantity: 1 }],
        content_type: 'product',
      },
    ])
  })
})

describe('the banner the server wrote (it paints with the page)', () => {
  for (const width of [375, 1280]) {
    it(`shows before any app code without an answer; the chunk takes it over in place (axe at ${width} px)`, async () => {
      atWidth(width)
      const host = served()
      // The inline script showed it: this is what the first paint has.
      expect(host.hidden).toBe(false)
      const region = screen.getByRole('region', { name: T.title })
      expect(within(region).getByText(T.body('Tienda Ana', T.services.both))).toBeInTheDocument()
      expect(region).not.toHaveFocus()
      expect(await axeViolations()).toEqual([])

      const errors = vi.spyOn(console, 'error')
      const ui = userEvent.setup()
      const events = await load()
      events.trackStorefrontPage(BUSINESS, '/tienda-ana', '')
      // The same element, not painted again; still one banner.
      expect(await banner()).toBe(region)
      expect(screen.getAllByRole('region', { name: T.title })).toHaveLength(1)
      // Keyboard: the choices are the next stops after the page's own controls.
      await ui.tab()
      await ui.tab()
      expect(within(region).getByRole('button', { name: T.reject })).toHaveFocus()
      await ui.keyboard('{Tab}{Enter}')
      await waitFor(() =>
        expect(scripts()).toEqual([
          'https://www.googletagmanager.com/gtag/js?id=G-TEST1234',
          'https://connect.facebook.net/en_US/fbevents.js',
        ]),
      )
      expect(document.cookie).toContain(`${COOKIE}=granted`)
      expect(screen.queryByRole('region', { name: T.title })).toBeNull()
      expect(googleCalls().some(([, name]) => name === 'page_view')).toBe(true)
      expect(errors).not.toHaveBeenCalled()
    })
  }

  it('stays hidden for a shopper who answered; «Preferencias de cookies» shows it, focused', async () => {
    document.cookie = `${COOKIE}=denied; Path=/`
    const host = served()
    expect(host.hidden).toBe(true)
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    const ui = userEvent.setup()
    const events = await load()
    events.trackStorefrontPage(BUSINESS, '/tienda-ana', '')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(host.hidden).toBe(true)
    expect(scripts()).toEqual([])

    await ui.click(screen.getByRole('button', { name: COOKIE_PREFERENCES_LABEL }))
    const region = await banner()
    expect(host.contains(region)).toBe(true)
    await waitFor(() => expect(region).toHaveFocus())
    await ui.click(within(region).getByRole('button', { name: T.reject }))
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    expect(document.cookie).toContain(`${COOKIE}=denied`)
    expect(scripts()).toEqual([])
  })

  it('a tap on «Aceptar» before the chunk arrived hides the banner and counts when it arrives', async () => {
    served()
    const ui = userEvent.setup()
    await ui.click(screen.getByRole('button', { name: T.accept }))
    // At once, from the page's inline script: the answer kept (a shopper who leaves now is not
    // asked again), no app code yet, nothing loaded.
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    expect(document.cookie).toContain(`${COOKIE}=granted`)
    expect(scripts()).toEqual([])

    const events = await load()
    events.trackStorefrontPage(BUSINESS, '/tienda-ana', '')
    await waitFor(() =>
      expect(scripts()).toEqual([
        'https://www.googletagmanager.com/gtag/js?id=G-TEST1234',
        'https://connect.facebook.net/en_US/fbevents.js',
      ]),
    )
    expect(document.cookie).toContain(`${COOKIE}=granted`)
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    expect(metaCalls()).toContainEqual(['trackSingle', '123456789', 'PageView'])
  })

  it('a tap on «Rechazar» before the chunk arrived holds for the page even without cookies', async () => {
    // A browser that keeps no cookie: the chunk learns the answer from the banner itself.
    served({ keepsCookies: false })
    const ui = userEvent.setup()
    await ui.click(screen.getByRole('button', { name: T.reject }))
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    expect(document.cookie).not.toContain(COOKIE)
    const events = await load()
    events.trackStorefrontPage(BUSINESS, '/tienda-ana', '')
    await waitFor(() => expect(document.cookie).toContain(`${COOKIE}=denied`))
    expect(screen.queryByRole('region', { name: T.title })).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(scripts()).toEqual([])
  })
})
