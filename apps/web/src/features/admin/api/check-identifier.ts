import type { IdentifierAvailability } from '@vitrina/contracts'
import { api } from '../../../api/client'

/** GET /api/businesses/check/{identifier} (SPEC §4: checked before leaving the first step). */
export function checkIdentifier(identifier: string): Promise<IdentifierAvailability> {
  return api.get<IdentifierAvailability>(`/businesses/check/${encodeURIComponent(identifier)}`)
}
