/**
 * The whole HTML document the server sends for a page (issue 42 §1): the web build's template
 * (index.html as the build left it, split at its markers when it was built: vite.config.ts
 * `documentTemplate`), the `<head>` the matched routes decide (ssr/page-head.ts), and either the
 * server's render with its state and the boot script, or the shell the browser renders into.
 */
import { BOOT_SCRIPT, SERVER_STATE_ID, STILL_STYLE, STILL_STYLE_ID } from '@vitrina/contracts'
import type { PageHead } from './page-head'
import { SITE_META_NAME } from '../lib/site'
import { structuredData } from './structured-data'

/** Written by the browser build to `dist/.vite/document.json` (vite.config.ts). */
export interface DocumentTemplate {
  /** Up to the head's own tags (doctype, charset, viewport). */
  start: string
  /** The build's tags for a page the browser renders: its entry script, preloads and styles. */
  scripts: string
  /** The stylesheets alone, for a page rendered here. */
  styles: readonly string[]
  /** The entry and the chunks it imports, which the boot script requests after first paint. */
  entry: string
  preloads: readonly string[]
  /** From `</head>` to the root element's opening tag included. */
  bodyStart: string
  /** What the root holds until the app renders (spinner, the no-script message). */
  shell: string
  /** From the root element's closing tag to `</body>` excluded. */
  bodyEnd: string
}

/** Text and attribute values of the head: owner-supplied text never becomes markup. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/**
 * JSON inside an inline `<script>`: `<`, `>` and `&` escaped so no owner text can close the
 * script or open a comment, and U+2028/U+2029, which some parsers treat as line ends.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const meta = (attribute: 'name' | 'property', key: string, content: string | undefined) =>
  content ? `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />` : ''

const link = (rel: string, href: string, extra = '') =>
  `<link rel="${rel}"${extra} href="${escapeHtml(href)}" />`

const SITE_NAME = 'Vitrina'

/** The head's tags for `head`. */
export function headHtml(head: PageHead, origin: string): string {
  const image = head.image
  const lines = [
    meta('name', 'theme-color', head.themeColor),
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'keywords', head.keywords?.join(', ')),
    meta('name', 'author', head.author),
    meta('name', 'robots', head.robots),
    head.canonical ? link('canonical', head.canonical) : '',
    head.favicon
      ? link('icon', head.favicon, ' type="image/png" sizes="32x32"')
      : link('icon', '/favicon.svg', ' type="image/svg+xml"'),
    head.app ? link('manifest', head.app.manifest) : '',
    head.app ? link('apple-touch-icon', head.app.touchIcon) : '',
  ]
  if (head.canonical) {
    lines.push(
      meta('property', 'og:site_name', SITE_NAME),
      meta('property', 'og:locale', 'es_UY'),
      meta('property', 'og:type', head.ogType ?? 'website'),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', head.canonical),
      meta('property', 'og:image', image?.url),
      meta('property', 'og:image:width', image?.width?.toString()),
      meta('property', 'og:image:height', image?.height?.toString()),
      meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
      meta('name', 'twitter:image', image?.url),
    )
  }
  if (head.structuredData) {
    const jsonLd = structuredData(head.structuredData, origin)
    lines.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`)
  }
  return lines.filter(Boolean).join('\n    ')
}

/**
 * Issue 46 §1: on a shop's own domain, the document says which shop the site is (lib/site.ts),
 * for the browser's route tree; nothing on the platform.
 */
function siteHtml(site: string | null | undefined): string {
  return site ? `\n    ${meta('name', SITE_META_NAME, site)}` : ''
}

/**
 * A page rendered here: its HTML, the state it hydrates with, and the boot script; `after`, what
 * goes after them outside the app's root (a shop's consent banner, ssr/consent-banner-html.tsx).
 */
export function renderedDocument(
  template: DocumentTemplate,
  origin: string,
  head: PageHead,
  html: string,
  state: unknown,
  site?: string | null,
  after = '',
): string {
  // Transitions wait until the app's script has run (contracts' STILL_STYLE), set before the sheet.
  const styles = [
    `<style id="${STILL_STYLE_ID}">${STILL_STYLE}</style>`,
    ...template.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ].join('\n    ')
  const boot = `<script data-src="${template.entry}" data-preload="${template.preloads.join(' ')}">${BOOT_SCRIPT}</script>`
  const stateScript = `<script type="application/json" id="${SERVER_STATE_ID}">${jsonForScript(state)}</script>`
  return `${template.start}${headHtml(head, origin)}${siteHtml(site)}\n    ${styles}\n  </head>${template.bodyStart}${html}</div>${stateScript}${boot}${after}${template.bodyEnd}</body>\n</html>\n`
}

/** A page the browser renders: the build's shell with the route's head and the app's script. */
export function shellDocument(
  template: DocumentTemplate,
  origin: string,
  head: PageHead,
  site?: string | null,
): string {
  return `${template.start}${headHtml(head, origin)}${siteHtml(site)}\n    ${template.scripts}\n  </head>${template.bodyStart}${template.shell}</div>${template.bodyEnd}</body>\n</html>\n`
}
