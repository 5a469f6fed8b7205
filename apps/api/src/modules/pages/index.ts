/**
 * What other modules may use of the pages module besides its service (eslint.config.js: modules
 * reach each other only through index.ts or service.ts): a description cut to a head's length.
 */
export { summarize } from './head.js'
