import { useMyBusiness } from '../../../../api/my-business'
import { useSession } from '../../../../lib/session'

/**
 * The signed-in owner's business, for the settings sections that save on their own in the
 * business form (none while the business is being created).
 */
export function useSessionBusiness() {
  const { user } = useSession()
  return useMyBusiness(user?._id).data
}
