import { openingStatus } from '@vitrina/contracts'
import type { OpeningHours, TimeZoneOffsets } from '@vitrina/contracts'
import { useEffect, useState } from 'react'
import { useHydrated } from '../../hooks/use-hydrated'
import { useRenderTime } from '../../lib/render-time'
import { cn } from '../../lib/utils'

/**
 * The time now, then at every minute's turn. On the server and in the hydration of its page, the
 * server's render time (lib/render-time: the same markup on both sides, ADR 021); in a part the
 * browser renders itself, its own clock from the start; after mounting, always the browser's.
 * Null only when neither is known (a hydration without the server's time).
 */
export function useMinuteClock(): Date | null {
  const isHydrated = useHydrated()
  const renderTime = useRenderTime()
  const [now, setNow] = useState<Date | null>(() =>
    isHydrated ? new Date() : renderTime === undefined ? null : new Date(renderTime),
  )
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      const current = new Date()
      setNow(current)
      timer = setTimeout(tick, 60_000 - (current.getTime() % 60_000) + 50)
    }
    tick()
    return () => clearTimeout(timer)
  }, [])
  return now
}

/**
 * Issue 24 §1: 'Abierto ahora · cierra a las 19:00' / 'Cerrado · abre mañana a las 09:00', in the
 * business's time zone. Its line keeps its height before the time is known (no layout shift).
 */
export function OpeningStatus({
  hours,
  timeZone,
  offsets,
  className,
}: {
  hours: OpeningHours | null
  timeZone: string
  /** The reply's offsets: the clock without `Intl` (its first use costs a phone ~80 ms). */
  offsets?: TimeZoneOffsets
  className?: string
}) {
  const now = useMinuteClock()
  if (!hours) return null
  const status = now ? openingStatus(hours, now, timeZone, offsets) : null
  return (
    <p className={cn('flex min-h-6 items-center gap-2 text-sm font-medium', className)}>
      {status && (
        <>
          <span
            aria-hidden="true"
            className={cn('size-2.5 rounded-full', status.open ? 'bg-[#16a34a]' : 'bg-destructive')}
          />
          <span>{status.text}</span>
        </>
      )}
    </p>
  )
}
