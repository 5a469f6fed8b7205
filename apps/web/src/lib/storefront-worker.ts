/**
 * Registers the storefronts' service worker (issue 27 §4, ADR 026) for one storefront's scope —
 * after the page's `load` and when the browser is idle, never on the first paint's path — and,
 * once it is active, tells it what the page has already loaded (its address, scripts, styles,
 * images), so the page the visitor is on opens offline too. Once per scope; nothing happens in a
 * browser without service workers or outside a production build (the dev server has no worker).
 */
import { SERVICE_WORKER_PATH } from '@vitrina/contracts'
import { whenIdle } from './when-idle'

const registered = new Set<string>()

/** The load event, or at once if it has passed. */
function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve()
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }))
}

/** What the page has loaded from this origin: its address and the resources it fetched. */
export function loadedUrls(): string[] {
  const resources = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/`))
  return [location.href, ...new Set(resources)]
}

function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const worker = registration.installing ?? registration.waiting ?? registration.active
  if (!worker || worker.state === 'activated') return Promise.resolve(worker)
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(worker)
      if (worker.state === 'redundant') resolve(registration.active)
    })
  })
}

export async function registerStorefrontWorker(
  scope: string,
  { enabled = import.meta.env.PROD }: { enabled?: boolean } = {},
): Promise<ServiceWorkerRegistration | null> {
  if (!enabled || !('serviceWorker' in navigator) || registered.has(scope)) return null
  registered.add(scope)
  await afterLoad()
  await whenIdle()
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope })
    const worker = await activeWorker(registration)
    worker?.postMessage({ type: 'vitrina:keep', urls: loadedUrls() })
    return registration
  } catch (error) {
    // No worker (a private window, storage full): the storefront works as before, online.
    console.warn('No se pudo registrar el service worker', error)
    return null
  }
}

/** The scope of the storefront a server-rendered page links the manifest of, if any. */
export function linkedStorefrontScope(): string | null {
  const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.getAttribute('href')
  const match = href ? /^(\/[^/]+)\/manifest\.webmanifest$/.exec(href) : null
  return match ? match[1]! : null
}
