/**
 * The server's inline boot script and the app agree on what a first use is (issue 42 §2: one
 * list, contracts' FIRST_USE_EVENTS): each event of the list makes the boot script request the
 * app's code at once and mark the page used, which the app reads when it hydrates.
 */
import {
  BOOT_SCRIPT,
  BOOT_USED,
  FIRST_USE_EVENTS,
  STILL_STYLE,
  STILL_STYLE_ID,
  type BootGlobals,
} from '@vitrina/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import { onFirstUse, FIRST_USE_EVENTS as APP_EVENTS } from '../lib/first-use'

const ENTRY = '/assets/index-test.js'

/** Runs the boot script as the server writes it (document.ts), before `load`. */
function boot() {
  const element = document.createElement('script')
  element.setAttribute('data-src', ENTRY)
  element.setAttribute('data-preload', '/assets/runtime-test.js')
  document.body.append(element)
  Object.defineProperty(document, 'currentScript', { configurable: true, value: element })
  Object.defineProperty(document, 'readyState', { configurable: true, value: 'interactive' })
  new Function(BOOT_SCRIPT)()
}

const requested = () =>
  [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'))

afterEach(() => {
  // A boot script still waiting for a use (the test of an event outside the list) would start
  // at the next test's event too: it starts now, before the head is emptied.
  window.dispatchEvent(new Event(FIRST_USE_EVENTS[0]))
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  delete (window as BootGlobals)[BOOT_USED]
  // Back to jsdom's own: the files of this project share one document (vitest.config.ts).
  Reflect.deleteProperty(document, 'currentScript')
  Reflect.deleteProperty(document, 'readyState')
})

describe('boot script', () => {
  it('is written from the one first-use list the app listens to', () => {
    expect(APP_EVENTS).toBe(FIRST_USE_EVENTS)
    expect(BOOT_SCRIPT).toContain(JSON.stringify(FIRST_USE_EVENTS))
  })

  it.each(FIRST_USE_EVENTS)('requests the app at once and marks the page used at %s', (type) => {
    boot()
    expect(requested()).toEqual([])
    window.dispatchEvent(new Event(type))
    expect(requested()).toEqual([ENTRY])
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe(
      '/assets/runtime-test.js',
    )
    expect((window as BootGlobals)[BOOT_USED]).toBe(true)
  })

  it('an event outside the list is not a use', () => {
    boot()
    window.dispatchEvent(new Event('scroll'))
    expect(requested()).toEqual([])
    expect((window as BootGlobals)[BOOT_USED]).toBeUndefined()
  })
})

describe("transitions held still until the app's script has run", () => {
  /** The page's still style, as renderedDocument writes it before the stylesheet. */
  function stillStyle() {
    const style = document.createElement('style')
    style.id = STILL_STYLE_ID
    style.textContent = STILL_STYLE
    document.head.append(style)
    return style
  }

  it('holds every transition, pseudo-elements included', () => {
    const style = stillStyle()
    const rule = style.sheet?.cssRules[0] as CSSStyleRule
    expect(rule.selectorText.replaceAll(' ', '')).toBe('*,::before,::after')
    expect(rule.style.getPropertyValue('transition')).toBe('none')
    expect(rule.style.getPropertyPriority('transition')).toBe('important')
  })

  it('is left to the app: the boot script keeps it through the load and the first use', () => {
    const style = stillStyle()
    boot()
    window.dispatchEvent(new Event('load'))
    window.dispatchEvent(new Event('pointermove'))
    expect(requested()).toEqual([ENTRY])
    // (ssr/hydrate.tsx removes it at the first idle moment: e2e/server-render.spec.ts.)
    expect(style.isConnected).toBe(true)
  })
})

describe('onFirstUse', () => {
  it('starts once, at the first event of the list', () => {
    let starts = 0
    onFirstUse(() => starts++)
    window.dispatchEvent(new Event('wheel'))
    window.dispatchEvent(new Event('keydown'))
    expect(starts).toBe(1)
  })
})
