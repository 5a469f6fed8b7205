/**
 * What other modules may use of the catalogue-io module (eslint.config.js: modules reach each
 * other only through index.ts or service.ts): the guarded download of an image by URL and the
 * import's limits for it — issue 41's cover slides given by URL are fetched the same way.
 */
export { FETCH_DEFAULTS } from './images.js'
export { FetchRefused, safeFetch, type SafeFetchOptions } from './safe-fetch.js'
