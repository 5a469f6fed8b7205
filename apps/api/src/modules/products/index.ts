/**
 * What other modules may use of the products module besides its service (eslint.config.js:
 * modules reach each other only through index.ts or service.ts): the search's typo rules (the
 * directory's business search follows them), a product's variants and its reply for the owner.
 */
export { adjacentSwaps, swapTolerant, typoTolerant } from './search.js'
export {
  remapImageIndexes,
  saveVariantsOfMany,
  toProductReply,
  toProducts,
  variantsOf,
} from './variants.js'
export { OWNER } from './mapper.js'
