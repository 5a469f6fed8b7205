import { useSyncExternalStore } from 'react'
import { isHydrating, onHydrated } from '../lib/hydration'

const isDone = () => !isHydrating()
const onServer = () => false

/**
 * False on the server and in the hydration of a server-rendered page, true from the render
 * right after (and from the start in a page the browser renders itself). For a part the server
 * cannot render, such as a lazily loaded component: render its placeholder until this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(onHydrated, isDone, onServer)
}
