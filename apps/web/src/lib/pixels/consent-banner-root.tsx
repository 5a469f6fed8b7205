/**
 * Issue 46 §3 (ADR 039): the consent banner for a shop whose document did not bring one (reached
 * by a navigation inside the app, from the directory or another shop): made by React in its own
 * element at the end of `<body>`. A chunk of its own — a first visit uses the banner the server
 * wrote and never loads this.
 */
import { createRoot } from 'react-dom/client'
import { CONSENT_BANNER_ID_PREFIX, type PixelConsent } from '@vitrina/contracts'
import { ConsentBanner, servicesOf } from './consent-banner'
import type { PixelShop } from './pixel-event'

export interface MadeBanner {
  host: HTMLElement
  render(shop: PixelShop, takeFocus: boolean, onChoice: (choice: PixelConsent) => void): void
  unmount(): void
}

export function mountConsentBanner(businessId: string): MadeBanner {
  const host = document.createElement('div')
  host.dataset.consentBanner = businessId
  document.body.append(host)
  // Its own ids: the page's root names its elements from the same counter.
  const root = createRoot(host, { identifierPrefix: CONSENT_BANNER_ID_PREFIX })
  return {
    host,
    render: (shop, takeFocus, onChoice) =>
      root.render(
        <ConsentBanner
          shop={shop.name}
          services={servicesOf(shop)}
          takeFocus={takeFocus}
          onChoice={onChoice}
        />,
      ),
    unmount: () => root.unmount(),
  }
}
