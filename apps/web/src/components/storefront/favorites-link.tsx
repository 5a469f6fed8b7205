import { Heart } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '../../config/paths'
import { useFavorites } from '../../lib/favorites'
import { cn } from '../../lib/utils'
import { unitsLabel } from './cart-button'

/**
 * Issue 41 §5: the way to the favourites saved on this device (/favoritos), for every visitor —
 * the heart filled on a product led nowhere for a shopper without an account. A heart with the
 * count, beside the cart. The count is of every favourite (the page lists them all); the server
 * renders none (the device's list is read after hydration).
 */
export function FavoritesLink({ className }: { className?: string }) {
  const count = useFavorites().length
  return (
    <Link
      to={paths.account.favorites()}
      aria-label={`Favoritos: ${unitsLabel(count)}`}
      title="Favoritos"
      className={cn(
        'relative grid size-10 shrink-0 place-items-center rounded-full outline-none hover:bg-current/10 focus-visible:ring-3 focus-visible:ring-current/40',
        className,
      )}
    >
      <Heart className="size-5.5" aria-hidden="true" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-(--store-secondary) px-1 text-[11px] leading-none font-bold text-(--store-on-secondary) tabular-nums ring-2 ring-(--store-bar)"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  )
}

/** The count alone, for the mobile menu's 'Favoritos' row. */
export function useFavoritesCount(): number {
  return useFavorites().length
}
