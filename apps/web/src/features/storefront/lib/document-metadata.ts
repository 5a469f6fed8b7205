/**
 * Page metadata (SPEC §2.5, §2.8): title, description, keywords, author, Open Graph, robots and
 * the favicon. The server already writes these into a shared page's HTML for link previews
 * (ARCHITECTURE.md); this keeps them right while the visitor moves between pages in the app, and
 * puts back what was there before when the page unmounts.
 */
import { useEffect } from 'react'

export interface DocumentMetadata {
  title: string
  description?: string
  keywords?: readonly string[]
  author?: string
  robots?: string
  /** Open Graph: type ('website' | 'product'), image URL and page URL. */
  ogType?: 'website' | 'product'
  image?: string
  url?: string
  /** 32×32 icon (SPEC §9); the app's default icon comes back on unmount. */
  favicon?: string
}

type Restore = () => void

function absolute(url: string): string {
  try {
    return new URL(url, window.location.origin).toString()
  } catch {
    return url
  }
}

/** Sets `<meta {attribute}="{key}" content>`; returns how to undo it. */
function setMeta(
  attribute: 'name' | 'property',
  key: string,
  content: string | undefined,
): Restore {
  const selector = `meta[${attribute}="${key}"]`
  const existing = document.head.querySelector<HTMLMetaElement>(selector)
  if (content === undefined || content === '') {
    if (!existing) return () => {}
    const previous = existing.content
    existing.remove()
    return () => {
      const meta = document.createElement('meta')
      meta.setAttribute(attribute, key)
      meta.content = previous
      document.head.append(meta)
    }
  }
  if (existing) {
    const previous = existing.content
    existing.content = content
    return () => {
      existing.content = previous
    }
  }
  const meta = document.createElement('meta')
  meta.setAttribute(attribute, key)
  meta.content = content
  document.head.append(meta)
  return () => meta.remove()
}

function restoreAttribute(element: Element, name: string, value: string | null) {
  if (value === null) element.removeAttribute(name)
  else element.setAttribute(name, value)
}

function setFavicon(href: string | undefined): Restore {
  if (!href) return () => {}
  const icons = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')]
  const saved = icons.map((link) => ({
    link,
    href: link.getAttribute('href'),
    type: link.getAttribute('type'),
    sizes: link.getAttribute('sizes'),
  }))
  const link = icons[0] ?? document.createElement('link')
  if (!icons[0]) {
    link.rel = 'icon'
    document.head.append(link)
  }
  // Other icons (e.g. the app's SVG) would win in some browsers: hide them while we own it.
  for (const other of icons.slice(1)) other.remove()
  link.setAttribute('href', href)
  link.setAttribute('type', href.endsWith('.svg') ? 'image/svg+xml' : 'image/png')
  link.setAttribute('sizes', '32x32')
  return () => {
    if (saved.length === 0) {
      link.remove()
      return
    }
    for (const { link: original, href: oldHref, type, sizes } of saved) {
      restoreAttribute(original, 'href', oldHref)
      restoreAttribute(original, 'type', type)
      restoreAttribute(original, 'sizes', sizes)
      if (!original.isConnected) document.head.append(original)
    }
  }
}

export function applyDocumentMetadata(metadata: DocumentMetadata): Restore {
  const previousTitle = document.title
  document.title = metadata.title
  const image = metadata.image ? absolute(metadata.image) : undefined
  const restores: Restore[] = [
    setMeta('name', 'description', metadata.description),
    setMeta('name', 'keywords', metadata.keywords?.filter(Boolean).join(', ')),
    setMeta('name', 'author', metadata.author),
    setMeta('name', 'robots', metadata.robots ?? 'index,follow'),
    setMeta('property', 'og:title', metadata.title),
    setMeta('property', 'og:description', metadata.description),
    setMeta('property', 'og:type', metadata.ogType ?? 'website'),
    setMeta('property', 'og:image', image),
    setMeta('property', 'og:url', metadata.url ?? window.location.href),
    setFavicon(metadata.favicon ? absolute(metadata.favicon) : undefined),
  ]
  return () => {
    for (const restore of restores.reverse()) restore()
    document.title = previousTitle
  }
}

/** Applies `metadata` while the calling page is shown (null: leave the document alone). */
export function useDocumentMetadata(metadata: DocumentMetadata | null): void {
  // One string dependency, so a new object with the same values does not re-apply.
  const key = metadata ? JSON.stringify(metadata) : null
  useEffect(() => {
    if (key === null) return
    return applyDocumentMetadata(JSON.parse(key) as DocumentMetadata)
  }, [key])
}
