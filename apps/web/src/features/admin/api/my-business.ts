// The owner's business lives in the shared api layer (the login and the dashboard use it too).
export {
  getMyBusiness,
  myBusinessQueryKey,
  myBusinessQueryOptions,
  useMyBusiness,
} from '../../../api/my-business'
