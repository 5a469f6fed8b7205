/**
 * The browser's side of the head (issue 42 §1): after each navigation the router settles, the
 * document's title and head tags become what the matched routes decide (ssr/page-head.ts) — the
 * same function the server wrote the first page's head with (ssr/document.ts), so a page reached
 * in the app has the head it would have had from the server. Loaded at the first navigation
 * (ssr/follow-head.ts), not with the page: the first page's head is the server's (or
 * index.html's) and is left alone.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { createBrowserRouter } from 'react-router'
import { pageDocument } from './page-head'
import type { PageHead } from './page-head'

/** The tags a head is made of; every one is replaced at each navigation. */
const MANAGED =
  'meta[name="description"],meta[name="keywords"],meta[name="author"],meta[name="robots"],' +
  'meta[name="theme-color"],meta[name^="twitter:"],meta[property^="og:"],link[rel="canonical"],' +
  'link[rel~="icon"],link[rel="manifest"],link[rel="apple-touch-icon"],' +
  'script[type="application/ld+json"]'

function element(tag: string, attributes: Record<string, string | undefined>): Element | null {
  const entries = Object.entries(attributes).filter(([, value]) => value)
  if (entries.length < Object.keys(attributes).length) return null
  const created = document.createElement(tag)
  for (const [name, value] of entries) created.setAttribute(name, value!)
  return created
}

/** Makes the document's head `head`. */
export function applyHead(head: PageHead): void {
  document.title = head.title
  for (const old of document.head.querySelectorAll(MANAGED)) old.remove()
  const meta = (key: 'name' | 'property', name: string, content: string | undefined) =>
    element('meta', { [key]: name, content })
  const link = (rel: string, href: string | undefined, extra: Record<string, string> = {}) =>
    element('link', { rel, ...extra, href })
  const tags = [
    meta('name', 'theme-color', head.themeColor),
    meta('name', 'description', head.description),
    meta('name', 'keywords', head.keywords?.join(', ')),
    meta('name', 'author', head.author),
    meta('name', 'robots', head.robots),
    link('canonical', head.canonical),
    head.favicon
      ? link('icon', head.favicon, { type: 'image/png', sizes: '32x32' })
      : link('icon', '/favicon.svg', { type: 'image/svg+xml' }),
    link('manifest', head.app?.manifest),
    link('apple-touch-icon', head.app?.touchIcon),
    ...(head.canonical
      ? [
          meta('property', 'og:type', head.ogType ?? 'website'),
          meta('property', 'og:title', head.title),
          meta('property', 'og:description', head.description),
          meta('property', 'og:url', head.canonical),
          meta('property', 'og:image', head.image?.url),
        ]
      : []),
  ]
  document.head.append(...tags.filter((tag): tag is Element => tag !== null))
}

type RouterState = ReturnType<typeof createBrowserRouter>['state']

/** The head of the page `state` shows, applied (follow-head.ts calls it after a navigation). */
export function applyPageHead(state: RouterState, queryClient: QueryClient): void {
  const url = new URL(state.location.pathname + state.location.search, window.location.origin)
  applyHead(pageDocument(state.matches, queryClient, url).head)
}
