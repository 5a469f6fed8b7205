/**
 * What a server-rendered page carries for the browser (ADR 017, 021): the router's state and the
 * query cache its HTML was rendered from, in `<script type="application/json" id="server-state">`.
 */
import type { DehydratedState } from '@tanstack/react-query'
import type { HydrationState } from 'react-router'
import { SERVER_STATE_ID } from '@vitrina/contracts'

export interface ServerState {
  router: HydrationState
  queries: DehydratedState
  /** False when a read of the page was left to the browser: then it hydrates at once. */
  complete: boolean
}

/** The state the server rendered the page with, or null for a page the browser renders. */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID)
  if (!element) return null
  element.remove()
  try {
    return JSON.parse(element.textContent ?? '') as ServerState
  } catch {
    return null
  }
}
