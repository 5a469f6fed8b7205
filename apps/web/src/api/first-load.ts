/**
 * The replies a server-filled page carries for its first screen (contracts `first-load.ts`):
 * each is taken once, by the first GET of its address within FIRST_LOAD_MAX_AGE_MS of the
 * navigation; anything later asks the API.
 */
import { FIRST_LOAD_MAX_AGE_MS, FIRST_LOAD_REPLIES_ID, firstLoadKey } from '@vitrina/contracts'

let replies: Map<string, unknown> | undefined
/** On the server (entry-server.tsx): the replies of the page it renders, read as often as asked. */
let serverReplies: ReadonlyMap<string, unknown> | undefined

/** The server renders a page from these replies; `undefined` when it is done. */
export function setServerReplies(carried: ReadonlyMap<string, unknown> | undefined): void {
  serverReplies = carried
}

function readReplies(): Map<string, unknown> {
  const element =
    typeof document === 'undefined' ? null : document.getElementById(FIRST_LOAD_REPLIES_ID)
  if (!element) return new Map()
  element.remove()
  try {
    return new Map(Object.entries(JSON.parse(element.textContent ?? '{}') as object))
  } catch {
    return new Map() // a page without usable replies simply asks the API
  }
}

/** The carried reply to a GET of `address` (`/api/...?...`), once; otherwise undefined. */
export function takeFirstLoadReply(address: string): unknown {
  if (typeof window === 'undefined') return serverReplies?.get(firstLoadKey(address))
  replies ??= readReplies()
  if (replies.size === 0) return undefined
  if (performance.now() > FIRST_LOAD_MAX_AGE_MS) {
    replies.clear()
    return undefined
  }
  const key = firstLoadKey(address)
  const reply = replies.get(key)
  replies.delete(key)
  return reply
}

/** Tests only: forget what was read, so the next call reads the document again. */
export function resetFirstLoadReplies(): void {
  replies = undefined
}
