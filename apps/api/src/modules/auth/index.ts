/**
 * What other modules may use of the auth module besides its service (eslint.config.js: modules
 * reach each other only through index.ts or service.ts): the per-key rate limit its routes use.
 */
export { limitBy, type LimitOptions } from './rate-limits.js'
/** Issue 44 §3: an order's token id is made as a mailed link's (128 random bits). */
export { newTokenId } from './tokens.js'
