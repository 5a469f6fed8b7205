/**
 * A list kept in localStorage on this device, with a snapshot that only changes when the stored
 * text changes (so React's useSyncExternalStore can read it) and sync across tabs.
 */
import { useSyncExternalStore } from 'react'
import { readString, subscribeStorage, writeString } from './storage'

export interface StoredList<T> {
  key: string
  get(): readonly T[]
  set(items: readonly T[]): void
  subscribe(listener: () => void): () => void
}

/** Nothing stored: what the server renders, so what a server-rendered page hydrates with. */
const NOTHING_STORED: readonly never[] = []
const nothingStored = () => NOTHING_STORED

export function createStoredList<T>(
  key: string,
  isItem: (value: unknown) => value is T,
): StoredList<T> {
  let cachedRaw: string | null | undefined
  let cached: readonly T[] = NOTHING_STORED

  function get(): readonly T[] {
    const raw = readString(key)
    if (raw === cachedRaw) return cached
    cachedRaw = raw
    // Nothing stored is the server's snapshot itself: the hydration's snapshot and this one are
    // then the same, and React has no reason to render every card's button again after it.
    cached = NOTHING_STORED
    if (raw !== null) {
      try {
        const parsed: unknown = JSON.parse(raw)
        // Drop entries an older version (or a hand edit) left malformed, keep the rest.
        if (Array.isArray(parsed)) cached = parsed.filter(isItem)
      } catch {
        cached = NOTHING_STORED
      }
    }
    return cached
  }

  return {
    key,
    get,
    set(items) {
      writeString(key, items.length ? JSON.stringify(items) : null)
    },
    subscribe(listener) {
      return subscribeStorage((changed) => {
        if (changed === null || changed === key) listener()
      })
    },
  }
}

/**
 * The list's items; re-renders on change (also from other tabs). Empty on the server and while a
 * server-rendered page hydrates (React reads the server snapshot then, ADR 017), the stored
 * items in the render right after.
 */
export function useStoredList<T>(list: StoredList<T>): readonly T[] {
  return useSyncExternalStore(list.subscribe, list.get, nothingStored)
}
