import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { createSessionStore } from './session-store'
import type { SessionState, SessionStore } from './session-store'

const SessionContext = createContext<SessionStore | null>(null)

/** Owns the session store; restores it from storage before the first paint (SPEC §4). */
export function SessionProvider({
  children,
  store: givenStore,
}: {
  children: ReactNode
  store?: SessionStore
}) {
  const [store] = useState(() => givenStore ?? createSessionStore())
  useLayoutEffect(() => store.start(), [store])
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>
}

export type Session = SessionState &
  Pick<SessionStore, 'saveUser' | 'updateUser' | 'saveBusiness' | 'logout'>

/** The current session and its actions. Must be used under <SessionProvider>. */
export function useSession(): Session {
  const store = useContext(SessionContext)
  if (!store) throw new Error('useSession must be used within <SessionProvider>')
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  return {
    ...state,
    saveUser: store.saveUser,
    updateUser: store.updateUser,
    saveBusiness: store.saveBusiness,
    logout: store.logout,
  }
}
