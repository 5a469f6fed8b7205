/**
 * What other modules may use of the auth module besides its service (eslint.config.js: modules
 * reach each other only through index.ts or service.ts): the per-key rate limit its routes use.
 */
export { limitBy, type LimitOptions } from './rate-limits.js'
