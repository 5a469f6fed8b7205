/**
 * What the web build's server render and the browser share about the document (issue 42 §1):
 * the platform's head defaults, and the contract between a server-rendered page's inline boot
 * script and the app it starts (apps/web/src/ssr/hydrate.tsx). The API allows the boot script in
 * its CSP by the hash of BOOT_SCRIPT (plugins/security.ts).
 */
/** The platform's own description and bar colour (every page that is not a storefront's). */
export const PLATFORM_DESCRIPTION =
  'Crea el catálogo online de tu negocio en minutos, sin conocimientos técnicos.'
export const PLATFORM_THEME_COLOR = '#0D1B2A'

/**
 * What a server-rendered page's inline boot script (BOOT_SCRIPT) leaves on `window` for the app
 * (apps/web/src/ssr/hydrate.tsx): the one contract between the two, typed here.
 */
export const BOOT_USED = '__vitrinaStart'
export const BOOT_CLICKS = '__vitrinaClicks'
export interface BootGlobals<Control = unknown> {
  /** The visitor used the page (pointer, touch, key, wheel, a kept click) before the app started. */
  [BOOT_USED]?: boolean
  /** Buttons clicked before the app arrived (at most 5), to click again; null once it has. */
  [BOOT_CLICKS]?: Control[] | null
}

/**
 * The events that count as the visitor's first use of a server-rendered page (issue 42 §2: one
 * list): the boot script below starts the app's download at the first of them, and the app
 * hydrates at the first of them (apps/web/src/lib/first-use.ts, the one listener in the app).
 * 'offline': the storefront then shows its 'Sin conexión' notice (ADR 026).
 */
export const FIRST_USE_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'offline',
] as const

/**
 * A server-rendered page holds every CSS transition still until its script has run (issue
 * 42 §4, issue 46 §3): Chromium sometimes styles the elements inside a size container (the
 * storefront's `@container/storefront`, each card's `@container/card`) before the external
 * stylesheet has been applied, with the browser's own styles alone, and when the stylesheet
 * arrives every element with a `transition` then animates from those styles to the page's —
 * hundreds of transitions on the storefront home (buttons from grey with a black border, carousel
 * dots from a 2 px border), run on the main thread in the page's first second, a long task that
 * Lighthouse multiplies by its 4× CPU. This `<style>`, written before the stylesheet, holds them
 * (a transition starts only if the style after the change has one). The app's script removes it
 * at the browser's first idle moment after it starts (ssr/hydrate.tsx), when the stylesheet has
 * applied: the removal changes no value, so it starts nothing, but it restyles every element (~7
 * ms on a desktop, ×4 on a slow phone) — an idle task of its own, not part of the first use's
 * hydration. A page without JavaScript keeps the style (and has no transitions).
 */
export const STILL_STYLE_ID = 'vitrina-still'
export const STILL_STYLE = '*,::before,::after{transition:none!important}'

/**
 * The one inline script of a server-rendered page (ADR 021): the page paints from its HTML, CSS
 * and images alone, and the app's code is requested after that — when the browser is idle after
 * `load`, or at once at the visitor's first use, FIRST_USE_EVENTS (then the app hydrates as
 * soon as it has started: BOOT_USED). It keeps listening for that first use after an idle start,
 * until the use comes. The entry and its imports come from the element's `data-src` and
 * `data-preload`, so the script's text never changes and the CSP allows it by its hash
 * (apps/api/src/plugins/security.ts).
 *
 * A tap on a button before the code has arrived would otherwise be lost: a link is followed by
 * the browser, but a button (a carousel's arrow, 'Añadir al carrito', the menu) does nothing
 * without the app. Such clicks are kept in BOOT_CLICKS (at most 5), and the app clicks them
 * again right after it has started hydrating, when the control is still in the page. A control
 * the browser itself acts on — a link, a form's submit button, a field, a label — is not kept.
 */
export const BOOT_SCRIPT = `(function(){var me=document.currentScript,started=false,events=${JSON.stringify(FIRST_USE_EVENTS)};function start(used){if(used)window.${BOOT_USED}=true;if(started)return;started=true;(me.getAttribute("data-preload")||"").split(" ").forEach(function(href){if(!href)return;var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=href;document.head.appendChild(l)});var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=me.getAttribute("data-src");document.head.appendChild(s)}function use(){events.forEach(function(e){removeEventListener(e,use,true)});start(true)}events.forEach(function(e){addEventListener(e,use,{capture:true,passive:true})});function idle(){if(window.requestIdleCallback)requestIdleCallback(function(){start(false)},{timeout:3000});else setTimeout(function(){start(false)},200)}window.${BOOT_CLICKS}=[];addEventListener("click",function(e){var q=window.${BOOT_CLICKS},t=e.target,b=q&&t&&t.closest&&t.closest("button,[role=button]");if(!b||b.closest("a[href],label")||(b.form&&b.type==="submit")||q.length>4)return;q.push(b);start(true)},true);if(document.readyState==="complete")idle();else addEventListener("load",idle)})()`

/**
 * A description for a page's head or a web manifest: one line, at most 160 characters, cut at a
 * word (the storefront's head in the web build, the PWA manifest in the API).
 */
export function summarize(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/**
 * The web build's answer for an address (its `renderPage`, read by the API's page plugin): a
 * redirect its routes answered with, or the document. `shared`: the page is the same for every
 * visitor and may be kept (the server's page cache) until a write of `businessId` (every write,
 * without one); a page for one visitor and the shells are not kept.
 */
export type RenderedPage =
  | {
      status: number
      headers: Record<string, string>
      html: string
      shared?: { businessId?: string }
    }
  | { redirect: string; status: number }
