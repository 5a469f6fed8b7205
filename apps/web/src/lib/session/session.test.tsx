import { act, render, renderHook, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { SessionProvider, useSession } from './session-provider'
import { SIGNED_OUT, createSessionStore } from './session-store'

const user = {
  _id: '7d1c6b39-5b43-4b4b-9d3f-7d2f5d9e4a11',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'owner' as const,
}
const wrapper = ({ children }: { children: ReactNode }) => (
  <SessionProvider>{children}</SessionProvider>
)

describe('session restore (SPEC §4)', () => {
  it('is loading until the restore has run', () => {
    const store = createSessionStore()
    expect(store.getState()).toMatchObject({ isUserLoading: true, isAuthenticated: false })
    const stop = store.start()
    expect(store.getState()).toMatchObject({
      isUserLoading: false,
      isAuthenticated: false,
      user: null,
    })
    stop()
  })

  it('a hydrated page (signed out) with nothing stored keeps its state: no reader renders again', () => {
    const store = createSessionStore(SIGNED_OUT)
    const listener = vi.fn()
    store.subscribe(listener)
    const stop = store.start()
    expect(listener).not.toHaveBeenCalled()
    expect(store.getState()).toBe(SIGNED_OUT)
    stop()
  })

  it('a stored user plus a refresh token means authenticated', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1')
    localStorage.setItem(
      STORAGE_KEYS.business,
      JSON.stringify({ _id: 'b1', identifier: 'tienda', name: 'Tienda' }),
    )
    const { result } = renderHook(() => useSession(), { wrapper })
    expect(result.current).toMatchObject({
      isUserLoading: false,
      isAuthenticated: true,
      user,
      business: { identifier: 'tienda' },
    })
  })

  it('clears a corrupt stored user', () => {
    localStorage.setItem(STORAGE_KEYS.user, '{not json')
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1')
    const { result } = renderHook(() => useSession(), { wrapper })
    expect(result.current).toMatchObject({
      isUserLoading: false,
      isAuthenticated: false,
      user: null,
    })
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
  })

  it('a stored user without a refresh token is not a session', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1')
    const { result } = renderHook(() => useSession(), { wrapper })
    expect(result.current).toMatchObject({ isAuthenticated: false, user: null })
  })

  it('restores before the first paint, so screens never flash the signed-out state', () => {
    function Probe() {
      const { isUserLoading } = useSession()
      return <p>{isUserLoading ? 'restaurando' : 'listo'}</p>
    }
    render(<Probe />, { wrapper })
    expect(screen.getByText('listo')).toBeInTheDocument()
  })
})

describe('session actions', () => {
  it('saveUser stores user and tokens; updateUser merges; saveBusiness persists', () => {
    const { result } = renderHook(() => useSession(), { wrapper })
    act(() => result.current.saveUser(user, { access_token: 'a1', refresh_token: 'r1' }))
    expect(result.current).toMatchObject({ isAuthenticated: true, user })
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a1')
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1')

    act(() => result.current.updateUser({ name: 'Ana María' }))
    expect(result.current.user).toEqual({ ...user, name: 'Ana María' })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toEqual({
      ...user,
      name: 'Ana María',
    })

    act(() => result.current.saveBusiness({ _id: 'b1', identifier: 'tienda', name: 'Tienda' }))
    expect(result.current.business?.identifier).toBe('tienda')
  })

  it('logout clears the four keys and tells the server with the refresh token', async () => {
    const fake = installFakeApi({ 'POST /api/auth/logout': () => ({ status: 204 }) })
    const { result } = renderHook(() => useSession(), { wrapper })
    act(() => {
      result.current.saveUser(user, { access_token: 'a1', refresh_token: 'r1' })
      result.current.saveBusiness({ _id: 'b1', identifier: 'tienda', name: 'Tienda' })
    })
    await act(() => result.current.logout())
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull()
    expect(result.current).toMatchObject({ isAuthenticated: false, user: null, business: null })
    expect(fake.callsTo('POST /api/auth/logout')[0]?.headers.authorization).toBe('Bearer r1')
  })

  it('logout still clears the session when the server cannot be reached', async () => {
    installFakeApi({ 'POST /api/auth/logout': () => ({ status: 500 }) })
    const { result } = renderHook(() => useSession(), { wrapper })
    act(() => result.current.saveUser(user, { access_token: 'a1', refresh_token: 'r1' }))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await act(() => result.current.logout())
    expect(result.current.isAuthenticated).toBe(false)
  })

  it('follows a logout made in another tab (storage event)', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1')
    const { result } = renderHook(() => useSession(), { wrapper })
    expect(result.current.isAuthenticated).toBe(true)
    act(() => {
      localStorage.clear()
      window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }))
    })
    expect(result.current.isAuthenticated).toBe(false)
  })
})
