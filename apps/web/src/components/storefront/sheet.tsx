import { Dialog as DialogPrimitive } from 'radix-ui'
import { XIcon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/utils'
import { useStorefrontThemeStyle } from './storefront-frame'

/**
 * A panel that slides in from a side (mobile menu, cart, mobile filters), on Radix Dialog:
 * modal, focus kept inside, Escape and the backdrop close it, page scroll locked. It carries the
 * storefront's colour variables into the portal.
 */
export function Sheet({
  open,
  onOpenChange,
  side = 'right',
  title,
  description,
  children,
  footer,
  className,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  side?: 'left' | 'right'
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
  className?: string
}) {
  const themeStyle = useStorefrontThemeStyle()
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-primary/50 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
        <DialogPrimitive.Content
          style={themeStyle}
          className={cn(
            'fixed inset-y-0 z-50 flex w-full max-w-sm flex-col bg-card text-card-foreground shadow-2xl outline-none',
            // Slides in from its side (@starting-style); closing is immediate.
            'transition-transform duration-250 ease-out motion-reduce:transition-none',
            side === 'right'
              ? 'right-0 starting:translate-x-full'
              : 'left-0 starting:-translate-x-full',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold">
                {title}
              </DialogPrimitive.Title>
              <DialogPrimitive.Description
                className={description ? 'text-sm text-muted-foreground' : 'sr-only'}
              >
                {description ?? title}
              </DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close className="-mr-1 grid size-9 shrink-0 place-items-center rounded-lg text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
              <XIcon className="size-5" aria-hidden="true" />
              <span className="sr-only">Cerrar</span>
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
          {footer && <div className="border-t border-border px-5 py-4">{footer}</div>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

export const SheetClose = DialogPrimitive.Close
export type SheetCloseProps = ComponentProps<typeof DialogPrimitive.Close>
