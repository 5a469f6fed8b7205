import { ShoppingBag } from 'lucide-react'
import { cn } from '../../lib/utils'

/** '1 producto', '3 productos'. */
export function unitsLabel(count: number): string {
  return `${count} ${count === 1 ? 'producto' : 'productos'}`
}

/** A round icon control of the storefront header (the cart, favourites). */
export const HEADER_ICON_CLASS =
  'relative grid size-10 shrink-0 place-items-center rounded-full outline-none hover:bg-current/10 focus-visible:ring-3 focus-visible:ring-current/40'

/** The count on a header icon (hidden from screen readers: the control's label says it). */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-(--store-secondary) px-1 text-[11px] leading-none font-bold text-(--store-on-secondary) tabular-nums ring-2 ring-(--store-bar)"
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}

/** SPEC §2.6: the cart with an item-count badge (units in this business's cart). */
export function CartButton({
  count,
  onClick,
  className,
}: {
  count: number
  onClick?: () => void
  className?: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Carrito: ${unitsLabel(count)}`}
      aria-haspopup="dialog"
      className={cn(HEADER_ICON_CLASS, className)}
    >
      <ShoppingBag className="size-5.5" aria-hidden="true" />
      <CountBadge count={count} />
    </button>
  )
}
