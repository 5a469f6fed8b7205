/**
 * Session state (SPEC §4), kept in localStorage under the SPEC §9 keys and mirrored into a small
 * external store that React reads with useSyncExternalStore. Storage is the source of truth, so a
 * change from another tab (login, logout, token rotation) reaches this tab too.
 */
import { STORAGE_KEYS } from '@vitrina/contracts'
import type { TokenPair, User } from '@vitrina/contracts'
import { api } from '../../api/client'
import {
  clearSessionStorage,
  readJson,
  subscribeStorage,
  tokenStorage,
  writeJson,
} from '../storage'

/** The business saved with the session: at least what links and menus need. */
export interface SessionBusiness {
  _id: string
  identifier: string
  name: string
  [field: string]: unknown
}

export interface SessionState {
  user: User | null
  business: SessionBusiness | null
  isAuthenticated: boolean
  /** True until the start-up restore has read storage (SPEC §4). */
  isUserLoading: boolean
}

export interface SessionStore {
  getState(): SessionState
  subscribe(listener: () => void): () => void
  /**
   * Restores the session from storage (corrupt stored user JSON is removed) and follows storage
   * changes from then on; returns the function that stops following.
   */
  start(): () => void
  /** After login: persists the user and, when given, the token pair. */
  saveUser(user: User, tokens?: TokenPair): void
  /** Merges fields into the stored user. */
  updateUser(fields: Partial<User>): void
  saveBusiness(business: SessionBusiness | null): void
  /** Tells the server (best effort) and clears user, tokens and business. */
  logout(): Promise<void>
}

function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false
  const { _id, name } = value as Record<string, unknown>
  return typeof _id === 'string' && _id.length > 0 && typeof name === 'string'
}

function isSessionBusiness(value: unknown): value is SessionBusiness {
  if (!value || typeof value !== 'object') return false
  const { _id, identifier } = value as Record<string, unknown>
  return typeof _id === 'string' && typeof identifier === 'string'
}

function readSession(): Omit<SessionState, 'isUserLoading'> {
  const user = readJson(STORAGE_KEYS.user, isUser)
  const business = readJson(STORAGE_KEYS.business, isSessionBusiness)
  // SPEC §4: a stored user plus a refresh token at start-up means authenticated.
  const isAuthenticated = user !== null && tokenStorage.getRefreshToken() !== null
  return {
    user: isAuthenticated ? user : null,
    business: isAuthenticated ? business : null,
    isAuthenticated,
  }
}

const INITIAL: SessionState = {
  user: null,
  business: null,
  isAuthenticated: false,
  isUserLoading: true,
}

/**
 * How a server-rendered page shows the session (ADR 017): signed out. The browser hydrates it
 * the same way, then restores what is stored.
 */
export const SIGNED_OUT: SessionState = { ...INITIAL, isUserLoading: false }

/** The stored part of a session, as `sync` compares it (the keys in readSession's order). */
const storedPart = ({ user, business, isAuthenticated }: SessionState) =>
  JSON.stringify({ user, business, isAuthenticated })

export function createSessionStore(initial: SessionState = INITIAL): SessionStore {
  let state = initial
  // A hydrated page starts from SIGNED_OUT: restoring nothing stored then keeps that state
  // object, and React does not render every reader of the session again right after hydrating.
  let snapshot = storedPart(initial)
  let hasRestored = false
  const listeners = new Set<() => void>()

  function sync() {
    if (!hasRestored) return
    const next = readSession()
    // Token rotation rewrites storage without changing the session: keep the same state object.
    const nextSnapshot = JSON.stringify(next)
    if (nextSnapshot === snapshot && !state.isUserLoading) return
    snapshot = nextSnapshot
    state = { ...next, isUserLoading: false }
    for (const listener of listeners) listener()
  }

  // Only our four keys matter; `null` means another tab cleared everything.
  const sessionKeys = new Set<string>(Object.values(STORAGE_KEYS))

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start() {
      const stop = subscribeStorage((key) => {
        if (key === null || sessionKeys.has(key)) sync()
      })
      hasRestored = true
      sync()
      return stop
    },
    saveUser(user, tokens) {
      if (tokens) tokenStorage.setTokens(tokens)
      writeJson(STORAGE_KEYS.user, user)
    },
    updateUser(fields) {
      if (!state.user) return
      writeJson(STORAGE_KEYS.user, { ...state.user, ...fields })
    },
    saveBusiness(business) {
      writeJson(STORAGE_KEYS.business, business)
    },
    async logout() {
      const refreshToken = tokenStorage.getRefreshToken()
      clearSessionStorage()
      if (!refreshToken) return
      // Best effort: revoke the refresh token family on the server; the local session is gone
      // either way.
      await api
        .post('/auth/logout', undefined, {
          headers: { Authorization: `Bearer ${refreshToken}` },
          skipAuthRefresh: true,
        })
        .catch((error: unknown) =>
          console.warn('No se pudo cerrar la sesión en el servidor', error),
        )
    },
  }
}
