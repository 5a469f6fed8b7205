/**
 * The storefront as an installable app while the visitor is in it (issue 27 §4, ADR 026): its
 * manifest, the colour of the browser's bar and the touch icon in the document's head — the
 * server writes them into a storefront page's HTML; this keeps them when the visitor arrived
 * from another page of the app, and takes them away on leaving — and the service worker
 * registered for its scope.
 */
import {
  storefrontAppColor,
  storefrontAppPaths,
  storefrontIconVersion,
  type StorefrontIconSource,
} from '@vitrina/contracts'
import { useEffect } from 'react'
import { registerStorefrontWorker } from '../../../lib/storefront-worker'

/** The platform's own bar colour (index.html), back when the visitor leaves the storefront. */
const PLATFORM_THEME_COLOR = '#0D1B2A'

/** Sets one head element (found by `selector`, else created) to `attributes`. */
function setHeadElement(
  tag: 'link' | 'meta',
  selector: string,
  attributes: Record<string, string>,
) {
  const element = document.head.querySelector(selector) ?? document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  if (!element.isConnected) document.head.append(element)
}

export function useStorefrontApp(business: StorefrontIconSource & { identifier: string }): void {
  const { identifier, name, bgColor } = business
  const logoUrl = business.logo?.url ?? null
  useEffect(() => {
    const paths = storefrontAppPaths(identifier)
    const source = { name, bgColor, logo: logoUrl ? { url: logoUrl } : null }
    const touchIcon = paths.icon(storefrontIconVersion(source), 'apple-180')
    setHeadElement('link', 'link[rel="manifest"]', { rel: 'manifest', href: paths.manifest })
    setHeadElement('meta', 'meta[name="theme-color"]', {
      name: 'theme-color',
      content: storefrontAppColor(bgColor),
    })
    setHeadElement('link', 'link[rel="apple-touch-icon"]', {
      rel: 'apple-touch-icon',
      href: touchIcon,
    })
    return () => {
      document.head.querySelector('link[rel="manifest"]')?.remove()
      document.head.querySelector('link[rel="apple-touch-icon"]')?.remove()
      setHeadElement('meta', 'meta[name="theme-color"]', {
        name: 'theme-color',
        content: PLATFORM_THEME_COLOR,
      })
    }
  }, [identifier, name, bgColor, logoUrl])
  useEffect(() => {
    void registerStorefrontWorker(storefrontAppPaths(identifier).scope)
  }, [identifier])
}

/** `useStorefrontApp` where the layout has its business (after its loading and error states). */
export function StorefrontAppLinks({
  business,
}: {
  business: StorefrontIconSource & { identifier: string }
}): null {
  useStorefrontApp(business)
  return null
}
