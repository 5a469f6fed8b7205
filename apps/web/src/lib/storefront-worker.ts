/**
 * Registers the storefronts' service worker (issue 27 §4, ADR 026) for one storefront's scope —
 * after the page's `load` and when the browser is idle, never on the first paint's path — and,
 * once it is active, tells it what the page has already loaded (its address, scripts, styles,
 * images), so the page the visitor is on opens offline too. Once per scope; nothing happens in a
 * browser without service workers or outside a production build (the dev server has no worker).
 */
import { SERVICE_WORKER_PATH } from '@vitrina/contracts'

const registered = new Set<string>()

/** After the load event (at once if it has passed), when the browser is idle. */
function afterLoadAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 200)
    if (document.readyState === 'complete') idle()
    else addEventListener('load', idle, { once: true })
  })
}

/** What the page has loaded from this origin: its address and the resources it fetched. */
export function loadedUrls(): string[] {
  const resources = performance.getEntriesByType('resource').map((entry) => entry.name)
  return [location.href, ...resources.filter((url) => url.startsWith(`${location.origin}/`))]
}

export async function registerStorefrontWorker(
  scope: string,
  { enabled = import.meta.env.PROD }: { enabled?: boolean } = {},
): Promise<ServiceWorkerRegistration | null> {
  const workers = navigator.serviceWorker
  if (!enabled || !workers || registered.has(scope)) return null
  registered.add(scope)
  await afterLoadAndIdle()
  try {
    const registration = await workers.register(SERVICE_WORKER_PATH, { scope })
    // Once active (this page is in its scope), it keeps what the page loaded before it existed.
    ;(await workers.ready).active?.postMessage({ type: 'vitrina:keep', urls: loadedUrls() })
    return registration
  } catch (error) {
    // No worker (a private window, storage full): the storefront works as before, online.
    console.warn('service worker', error)
    return null
  }
}

/**
 * The scope of the storefront a server-rendered page links the manifest of, if any: `/{identifier}`,
 * or `/` on the shop's own domain (issue 46 §1: `/manifest.webmanifest`).
 */
export function linkedStorefrontScope(): string | null {
  const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.getAttribute('href')
  const match = href ? /^(\/[^/]+)?\/manifest\.webmanifest$/.exec(href) : null
  return match ? (match[1] ?? '/') : null
}
