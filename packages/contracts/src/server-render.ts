/**
 * A server-rendered page (ADR 017, 021) carries the state its HTML was rendered with (router and
 * query cache) in this `<script type="application/json">` element, which the browser hydrates.
 */
export const SERVER_STATE_ID = 'server-state'
