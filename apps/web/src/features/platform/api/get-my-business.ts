// The owner's business lives in the shared api layer (the owner area and the login use it too).
export { getMyBusiness, myBusinessQueryOptions, useMyBusiness } from '../../../api/my-business'
