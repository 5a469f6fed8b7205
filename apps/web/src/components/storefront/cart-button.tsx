import { ShoppingBag } from 'lucide-react'
import { cn } from '../../lib/utils'

/** '1 producto', '3 productos'. */
export function unitsLabel(count: number): string {
  return `${count} ${count === 1 ? 'producto' : 'productos'}`
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
      className={cn(
        'relative grid size-10 shrink-0 place-items-center rounded-full outline-none hover:bg-current/10 focus-visible:ring-3 focus-visible:ring-current/40',
        className,
      )}
    >
      <ShoppingBag className="size-5.5" aria-hidden="true" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-(--store-secondary) px-1 text-[11px] leading-none font-bold text-(--store-on-secondary) tabular-nums ring-2 ring-(--store-bar)"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  )
}
