/**
 * What other modules may use of the businesses module besides its service (eslint.config.js:
 * modules reach each other only through index.ts or service.ts): the row locks and reads other
 * services run inside their own transactions, the owner's reply shape, and the identifier hold.
 */
export {
  findBusinessAccess,
  findBusinessById,
  findBusinessByUserId,
  isListed,
  listFeaturedBusinesses,
  lockBusiness,
  updateBusinessRow,
  type BusinessAccess,
} from './repository.js'
export { toOwnBusiness } from './mapper.js'
export { holdIdentifiers } from './released-identifiers.js'
