import { STOREFRONT_APP_TEXTS, storefrontIconVersion } from '@vitrina/contracts'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { axeViolations } from '../../../test/axe'
import { OfflineNotice } from '../components/offline-notice'
import { StorefrontAppLinks } from '../lib/storefront-app'

function setOnline(isOnline: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: isOnline, configurable: true })
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'))
}

describe('OfflineNotice (issue 27 §4)', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'onLine'))

  it("says 'Sin conexión' in a live region while offline, and nothing online", async () => {
    render(<OfflineNotice />)
    const region = screen.getByRole('status')
    expect(region).toBeEmptyDOMElement()
    act(() => setOnline(false))
    expect(region).toHaveTextContent(STOREFRONT_APP_TEXTS.offline)
    expect(region).toHaveTextContent(STOREFRONT_APP_TEXTS.offlineDescription)
    expect(await axeViolations()).toEqual([])
    act(() => setOnline(true))
    expect(region).toBeEmptyDOMElement()
  })
})

describe('StorefrontAppLinks', () => {
  const business = {
    identifier: 'cafe-del-puerto',
    name: 'Café del Puerto',
    bgColor: '#1D4ED8',
    logo: { url: '/media/ab/ab12-256.webp' },
  }

  it("links the storefront's manifest, bar colour and touch icon while it is shown", () => {
    const view = render(<StorefrontAppLinks business={business} />)
    const head = document.head
    expect(head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/cafe-del-puerto/manifest.webmanifest',
    )
    expect(head.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#1D4ED8')
    expect(head.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe(
      `/cafe-del-puerto/app-icons/${storefrontIconVersion(business)}/apple-180.png`,
    )
    // Leaving the storefront (to the platform's pages): no manifest, the platform's colour.
    view.unmount()
    expect(head.querySelector('link[rel="manifest"]')).toBeNull()
    expect(head.querySelector('link[rel="apple-touch-icon"]')).toBeNull()
    expect(head.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0D1B2A')
  })
})
