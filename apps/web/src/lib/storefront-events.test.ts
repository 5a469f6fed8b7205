import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  flushInsights,
  resetInsights,
  SEARCH_SETTLE_MS,
  trackInsight,
  trackSearch,
  trackStorefrontPage,
} from './storefront-events'

const BUSINESS = '11111111-1111-4111-8111-111111111111'
const PRODUCT = '22222222-2222-4222-8222-222222222222'

type Idle = (callback: () => void, options?: { timeout: number }) => number

describe('insights beacon (issue 26)', () => {
  let beacon: ReturnType<typeof vi.fn>
  let idleCallbacks: (() => void)[]

  beforeEach(() => {
    vi.useFakeTimers()
    resetInsights()
    idleCallbacks = []
    beacon = vi.fn(() => true)
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: beacon }))
    const idle: Idle = (callback) => idleCallbacks.push(callback)
    vi.stubGlobal('requestIdleCallback', idle)
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  function sent() {
    return beacon.mock.calls.map(([url, body]) => ({ url, body: JSON.parse(body as string) }))
  }

  it('sends nothing until the page is idle, then the events in one batch', () => {
    trackStorefrontPage(BUSINESS, `/tienda/productos/${PRODUCT}`, '?utm_source=instagram')
    trackInsight(BUSINESS, { type: 'cart_add', productId: PRODUCT })
    expect(beacon).not.toHaveBeenCalled()
    expect(idleCallbacks).toHaveLength(1)
    idleCallbacks[0]!()
    expect(sent()).toEqual([
      {
        url: '/api/events',
        body: {
          businessId: BUSINESS,
          events: [
            { type: 'visit', source: 'instagram' },
            { type: 'product_view', productId: PRODUCT },
            { type: 'cart_add', productId: PRODUCT },
          ],
        },
      },
    ])
  })

  it('counts the visit once per page load, and a product view on every product page', () => {
    trackStorefrontPage(BUSINESS, '/tienda', '')
    trackStorefrontPage(BUSINESS, `/tienda/productos/${PRODUCT}`, '')
    trackStorefrontPage(BUSINESS, '/tienda', '')
    flushInsights()
    const types = sent().flatMap((call) => call.body.events.map((e: { type: string }) => e.type))
    expect(types).toEqual(['visit', 'product_view'])
  })

  it('splits more than 20 events into batches of 20', () => {
    for (let i = 0; i < 25; i++) trackInsight(BUSINESS, { type: 'whatsapp_click' })
    flushInsights()
    expect(sent().map((call) => call.body.events.length)).toEqual([20, 5])
  })

  it('counts a WhatsApp link clicked on the storefront', () => {
    trackStorefrontPage(BUSINESS, '/tienda', '')
    const link = document.createElement('a')
    link.href = 'https://wa.me/59899123456'
    link.addEventListener('click', (event) => event.preventDefault())
    document.body.append(link)
    link.click()
    link.remove()
    flushInsights()
    expect(sent()[0]!.body.events).toContainEqual({ type: 'whatsapp_click' })
  })

  it('counts a search once it settles, not the words typed on the way', () => {
    trackSearch(BUSINESS, 'y', 4)
    trackSearch(BUSINESS, 'yer', 2)
    trackSearch(BUSINESS, 'yerba', 0)
    vi.advanceTimersByTime(SEARCH_SETTLE_MS)
    trackSearch(BUSINESS, 'yerba', 0)
    vi.advanceTimersByTime(SEARCH_SETTLE_MS)
    flushInsights()
    expect(sent()[0]!.body.events).toEqual([{ type: 'search', query: 'yerba', results: 0 }])
  })

  it('falls back to fetch with keepalive when sendBeacon refuses', () => {
    beacon.mockReturnValue(false)
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })))
    vi.stubGlobal('fetch', fetchMock)
    trackInsight(BUSINESS, { type: 'whatsapp_click' })
    flushInsights()
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/events',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    )
  })

  it('sends nothing when the browser asks not to be tracked', () => {
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), { sendBeacon: beacon, doNotTrack: '1' }),
    )
    trackStorefrontPage(BUSINESS, '/tienda', '')
    flushInsights()
    expect(beacon).not.toHaveBeenCalled()
  })
})
