/**
 * `blob:` URLs previewing picked files before they are uploaded, revoked once no component shows
 * them any more (so previews never leak memory). Several components may preview the same file
 * (the form and the live preview): URLs are shared and counted. A release revokes on the next
 * tick, so React's development double-mount (unmount, mount again) keeps the URL alive.
 */
import { useEffect, useMemo } from 'react'

interface Entry {
  url: string
  users: number
  revokeTimer?: ReturnType<typeof setTimeout>
}

const entries = new Map<Blob, Entry>()

function entryFor(blob: Blob): Entry {
  let entry = entries.get(blob)
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0 }
    entries.set(blob, entry)
  }
  return entry
}

function acquire(blob: Blob): void {
  const entry = entryFor(blob)
  clearTimeout(entry.revokeTimer)
  entry.users += 1
}

function release(blob: Blob): void {
  const entry = entries.get(blob)
  if (!entry) return
  entry.users = Math.max(0, entry.users - 1)
  if (entry.users > 0) return
  clearTimeout(entry.revokeTimer)
  entry.revokeTimer = setTimeout(() => {
    if (entry.users > 0 || entries.get(blob) !== entry) return
    entries.delete(blob)
    URL.revokeObjectURL(entry.url)
  }, 0)
}

type Source = Blob | string | null | undefined

function urlOf(source: Source): string | null {
  if (!source) return null
  return typeof source === 'string' ? source : entryFor(source).url
}

/** A URL to show `source`: stored image URLs pass through, files get a `blob:` URL. */
export function useObjectUrl(source: Source): string | null {
  const url = useMemo(() => urlOf(source), [source])
  useEffect(() => {
    if (!(source instanceof Blob)) return
    acquire(source)
    return () => release(source)
  }, [source])
  return url
}

/** `useObjectUrl` for a list (cover slides, extra images), in the same order. */
export function useObjectUrls(sources: readonly (Blob | string)[]): string[] {
  const urls = useMemo(() => sources.map((source) => urlOf(source) ?? ''), [sources])
  useEffect(() => {
    const blobs = sources.filter((source): source is Blob => source instanceof Blob)
    blobs.forEach(acquire)
    return () => blobs.forEach(release)
  }, [sources])
  return urls
}
