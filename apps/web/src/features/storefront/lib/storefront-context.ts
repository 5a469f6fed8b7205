import type { Business } from '@vitrina/contracts'
import { useOutletContext } from 'react-router'

/**
 * What the storefront layout gives its pages (SPEC §3 "business context"): the layout shows the
 * spinner and the not-found / error screens itself, so pages only render with a loaded business.
 */
export interface StorefrontContext {
  business: Business
  openCart: () => void
}

export function useStorefront(): StorefrontContext {
  return useOutletContext<StorefrontContext>()
}
