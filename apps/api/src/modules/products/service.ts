/**
 * Products (SPEC §3, §5, §6, §7, §9): the module's service, what its routes and other modules
 * call. Reads are public (reads.ts); writes belong to the owner of the product's business
 * (writes.ts); the rules both share — errors, the variants' and plan's checks, the category
 * placement, a new product's columns — are in rules.ts.
 */
export {
  getProduct,
  getProductBySlug,
  listBusinessOptions,
  listCarousel,
  listCarousels,
  listProducts,
  type Viewer,
} from './reads.js'
export {
  createProduct,
  deleteProduct,
  duplicateProduct,
  loadOwnedProduct,
  updateProduct,
} from './writes.js'
export { productColumns, resolvePlacement, type ProductDeps, type ProductUploads } from './rules.js'
