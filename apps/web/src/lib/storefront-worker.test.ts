import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { linkedStorefrontScope, registerStorefrontWorker } from './storefront-worker'

/** A browser's service worker container (jsdom has none): records registrations. */
function fakeServiceWorkers({ fails = false } = {}) {
  const posted: unknown[] = []
  const worker = { postMessage: (message: unknown) => posted.push(message) }
  let activate = () => {}
  const ready = new Promise((resolve) => {
    activate = () => resolve({ active: worker })
  })
  const register = vi.fn(async (_url: string, _options: { scope: string }) => {
    if (fails) throw new DOMException('The operation is insecure.', 'SecurityError')
    return { scope: _options.scope }
  })
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { register, ready },
    configurable: true,
  })
  return { register, posted, activate }
}

describe('registerStorefrontWorker (issue 27 §4)', () => {
  let idle: (() => void)[]

  beforeEach(() => {
    idle = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('registers /sw.js for the scope once the browser is idle after load, then lists the loaded page', async () => {
    const workers = fakeServiceWorkers()
    const done = registerStorefrontWorker('/cafe-del-puerto', { enabled: true })
    await flush()
    // Not before the browser is idle: the first paint and input come first.
    expect(workers.register).not.toHaveBeenCalled()
    idle.forEach((callback) => callback())
    await flush()
    expect(workers.register).toHaveBeenCalledWith('/sw.js', { scope: '/cafe-del-puerto' })
    // It waits for the worker to be active before telling it what the page loaded.
    expect(workers.posted).toEqual([])
    workers.activate()
    await done
    expect(workers.posted).toEqual([{ type: 'vitrina:keep', urls: [location.href] }])
  })

  it('registers a scope once, however often it is asked', async () => {
    const workers = fakeServiceWorkers()
    const first = registerStorefrontWorker('/una-vez', { enabled: true })
    const second = await registerStorefrontWorker('/una-vez', { enabled: true })
    expect(second).toBeNull()
    idle.forEach((callback) => callback())
    await flush()
    workers.activate()
    await first
    expect(workers.register).toHaveBeenCalledTimes(1)
  })

  it('does nothing outside a production build or without service workers', async () => {
    const workers = fakeServiceWorkers()
    // The test run is not a production build: the default is off.
    expect(await registerStorefrontWorker('/tienda-dev')).toBeNull()
    expect(workers.register).not.toHaveBeenCalled()
    Reflect.deleteProperty(navigator, 'serviceWorker')
    expect(await registerStorefrontWorker('/sin-soporte', { enabled: true })).toBeNull()
  })

  it('leaves the storefront working when the browser refuses the worker', async () => {
    fakeServiceWorkers({ fails: true })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const done = registerStorefrontWorker('/rechazada', { enabled: true })
    await flush()
    idle.forEach((callback) => callback())
    await expect(done).resolves.toBeNull()
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })
})

describe('linkedStorefrontScope', () => {
  afterEach(() => document.head.querySelector('link[rel="manifest"]')?.remove())

  it('is the scope of the storefront whose manifest the page links, else null', () => {
    expect(linkedStorefrontScope()).toBeNull()
    const link = document.createElement('link')
    link.rel = 'manifest'
    link.href = '/cafe-del-puerto/manifest.webmanifest'
    document.head.append(link)
    expect(linkedStorefrontScope()).toBe('/cafe-del-puerto')
    link.setAttribute('href', '/otra/cosa.json')
    expect(linkedStorefrontScope()).toBeNull()
  })
})
