import { ORDER_ADMIN_TEXTS } from '@vitrina/contracts'
import { cn } from '../lib/utils'

/**
 * Issue 24 §3: the number of new orders beside 'Pedidos' in the owner's menu; nothing at 0.
 * Decorative: the link's accessible name carries the count (`ordersLinkLabel`).
 */
export function NewOrdersBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      className={cn(
        'ml-auto grid h-5 min-w-5 place-items-center rounded-full bg-destructive px-1.5 text-xs font-bold text-white tabular-nums',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}

/** 'Pedidos' or 'Pedidos, 3 nuevos'. */
export function ordersLinkLabel(count: number): string {
  return count > 0 ? ORDER_ADMIN_TEXTS.menuOrdersNew(count) : ORDER_ADMIN_TEXTS.menuOrders
}
