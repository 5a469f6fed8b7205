import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}
const inBrowser = () => true
const onServer = () => false

/**
 * False on the server and in the hydration of a server-rendered page, true from the render right
 * after (React renders again when the hydration commits, because the client snapshot differs
 * from the server's), and true from the start in a part the browser renders itself. For a part
 * the server cannot render, such as a lazily loaded component: render its placeholder until
 * this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, inBrowser, onServer)
}
