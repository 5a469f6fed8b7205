import { STOREFRONT_APP_TEXTS } from '@vitrina/contracts'
import { WifiOff } from 'lucide-react'
import { useOnline } from '../../../hooks/use-online'

/**
 * 'Sin conexión' while the device is offline (issue 27 §4): the page the visitor sees may be the
 * copy the service worker kept. The live region is always there (empty while online), so screen
 * readers announce the notice when it appears.
 */
export function OfflineNotice() {
  const isOnline = useOnline()
  return (
    <div role="status" className="empty:hidden">
      {!isOnline && (
        <p className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{STOREFRONT_APP_TEXTS.offline}.</strong>{' '}
            {STOREFRONT_APP_TEXTS.offlineDescription}
          </span>
        </p>
      )}
    </div>
  )
}
