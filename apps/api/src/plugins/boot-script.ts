/**
 * The one inline script of a server-rendered page (ADR 021): the page paints from its HTML, CSS
 * and images alone, and the app's code is requested after that — when the browser is idle after
 * `load`, or at once at the visitor's first pointer, touch, key or wheel (then the app hydrates
 * as soon as it has started: `window.__vitrinaStart`). It keeps listening for that first use
 * after an idle start, until the use comes: a key pressed while the code is on its way still
 * reaches the app, which reads the flag once its route modules have loaded. The entry and its imports come from the
 * element's `data-src` and `data-preload`, so the script's text never changes and the CSP allows
 * it by its hash (plugins/security.ts).
 *
 * A tap on a button before the code has arrived would otherwise be lost: a link is followed by
 * the browser, but a button (a carousel's arrow, 'Añadir al carrito', the menu) does nothing
 * without the app. Such clicks are kept in `window.__vitrinaClicks` (the control, at most 5), and
 * the app clicks them again right after it has started hydrating (ssr/hydrate.tsx), when the
 * control is still in the page. A control the browser itself acts on — a link, a form's submit
 * button, a field, a label — is not kept: its click already did what it does.
 */
import { createHash } from 'node:crypto'

export const BOOT_SCRIPT = `(function(){var me=document.currentScript,started=false,events=["pointerdown","touchstart","keydown","focusin","wheel"];function start(used){if(used)window.__vitrinaStart=true;if(started)return;started=true;(me.getAttribute("data-preload")||"").split(" ").forEach(function(href){if(!href)return;var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=href;document.head.appendChild(l)});var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=me.getAttribute("data-src");document.head.appendChild(s)}function use(){events.forEach(function(e){removeEventListener(e,use,true)});start(true)}events.forEach(function(e){addEventListener(e,use,{capture:true,passive:true})});function idle(){if(window.requestIdleCallback)requestIdleCallback(function(){start(false)},{timeout:3000});else setTimeout(function(){start(false)},200)}window.__vitrinaClicks=[];addEventListener("click",function(e){var q=window.__vitrinaClicks,t=e.target,b=q&&t&&t.closest&&t.closest("button,[role=button]");if(!b||b.closest("a[href],label")||(b.form&&b.type==="submit")||q.length>4)return;q.push(b);start(true)},true);if(document.readyState==="complete")idle();else addEventListener("load",idle)})()`

/** The CSP source that allows exactly BOOT_SCRIPT. */
export const BOOT_SCRIPT_CSP = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g

/**
 * `indexHtml` for a server-rendered page: the entry's script and module preloads taken out of
 * the head, and the boot script (which requests them after first paint) put before `</body>`.
 * Unchanged when the page has no module entry (a bare shell).
 */
export function deferScripts(indexHtml: string): string {
  const entry = ENTRY.exec(indexHtml)?.[1]
  if (!entry) return indexHtml
  const preloads = [...indexHtml.matchAll(PRELOAD)].map((match) => match[1]!)
  const boot = `<script data-src="${entry}" data-preload="${preloads.join(' ')}">${BOOT_SCRIPT}</script>`
  return indexHtml
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace('</body>', () => `${boot}</body>`)
}
