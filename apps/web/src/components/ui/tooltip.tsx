import { Tooltip as TooltipPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { TIMINGS } from '@vitrina/contracts'
import { cn } from '../../lib/utils'

/** SPEC §9: tooltip delay 700 ms, skip delay 300 ms. */
export function TooltipProvider({
  delayDuration = TIMINGS.tooltipDelayMs,
  skipDelayDuration = TIMINGS.tooltipSkipDelayMs,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={delayDuration}
      skipDelayDuration={skipDelayDuration}
      {...props}
    />
  )
}

/**
 * A tooltip with its own provider (SPEC §9 delays), so no app-wide provider pulls Radix Popper
 * into every page's first load. A surrounding <TooltipProvider> is not needed.
 */
export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  return (
    <TooltipProvider>
      <TooltipPrimitive.Root {...props} />
    </TooltipProvider>
  )
}
export const TooltipTrigger = TooltipPrimitive.Trigger

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-lg bg-primary px-3 py-1.5 text-xs text-balance text-primary-foreground shadow-md',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-primary" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  )
}
