import { STOREFRONT_APP_TEXTS } from '@vitrina/contracts'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { axeViolations } from '../../../test/axe'
import { OfflineNotice } from '../components/offline-notice'

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
