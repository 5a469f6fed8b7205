/**
 * The storefront as an installable app while the visitor is in it (issue 27 §4, ADR 026): the
 * service worker registered for its scope. Its manifest, bar colour and touch icon are part of
 * every storefront page's head (lib/storefront-head.ts), written by the server and kept by the
 * head updater as the visitor moves (ssr/head-updater.ts).
 */
import { storefrontAppPaths } from '@vitrina/contracts'
import { useEffect } from 'react'
import { storefrontShop } from '../../../lib/site'
import { registerStorefrontWorker } from '../../../lib/storefront-worker'

/** Registers the shop's service worker, for a storefront reached from another page too. */
export function StorefrontWorker({ identifier }: { identifier: string }): null {
  useEffect(() => {
    void registerStorefrontWorker(storefrontAppPaths(storefrontShop(identifier)).scope)
  }, [identifier])
  return null
}
