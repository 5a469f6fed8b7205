/**
 * localStorage access for the whole app. Reads and writes never throw (private browsing,
 * quota, disabled storage), and every change — in this tab or, through the `storage` event,
 * in another one — is announced to subscribers so state built on storage stays in sync.
 */
import { STORAGE_KEYS } from '@vitrina/contracts'

type Listener = (key: string | null) => void
const listeners = new Set<Listener>()
let isWindowListening = false

function notify(key: string | null) {
  for (const listener of listeners) listener(key)
}

function onWindowStorage(event: StorageEvent) {
  // Another tab changed localStorage (event.key is null when it called clear()).
  if (event.storageArea === window.localStorage) notify(event.key)
}

/** Calls `listener` with the changed key whenever stored data changes; returns the unsubscribe. */
export function subscribeStorage(listener: Listener): () => void {
  listeners.add(listener)
  if (!isWindowListening && typeof window !== 'undefined') {
    window.addEventListener('storage', onWindowStorage)
    isWindowListening = true
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && isWindowListening) {
      window.removeEventListener('storage', onWindowStorage)
      isWindowListening = false
    }
  }
}

export function readString(key: string): string | null {
  // The server's render has no storage: nothing stored, without an exception at every read (the
  // API client asks for the access token on each of a render's requests).
  if (typeof window === 'undefined') return null
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch (error) {
    console.warn(`No se pudo guardar "${key}" en este dispositivo`, error)
  }
  notify(key)
}

/** Parsed JSON, or `null` when missing; corrupt JSON is removed and reported as missing. */
export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key)
  if (raw === null) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (isValid(value)) return value
  } catch {
    // fall through: corrupt
  }
  writeString(key, null)
  return null
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value))
}

/** Whether this site has stored anything on this device (a session, a cart, favourites). */
export function hasStoredState(): boolean {
  try {
    return window.localStorage.length > 0
  } catch {
    return false
  }
}

/** The session pair (SPEC §9 keys `access_token` / `refresh_token`). */
export const tokenStorage = {
  getAccessToken: () => readString(STORAGE_KEYS.accessToken),
  getRefreshToken: () => readString(STORAGE_KEYS.refreshToken),
  setTokens(tokens: { access_token: string; refresh_token: string }) {
    writeString(STORAGE_KEYS.accessToken, tokens.access_token)
    writeString(STORAGE_KEYS.refreshToken, tokens.refresh_token)
  },
}

/** SPEC §4: logging out (or a failed refresh) clears user, tokens and the saved business. */
export function clearSessionStorage(): void {
  for (const key of Object.values(STORAGE_KEYS)) writeString(key, null)
}
