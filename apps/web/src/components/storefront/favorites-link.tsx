import { Heart } from 'lucide-react'
import { Link } from '../ui/link'
import { paths } from '../../config/paths'
import { useFavorites } from '../../lib/favorites'
import { cn } from '../../lib/utils'
import { CountBadge, HEADER_ICON_CLASS, unitsLabel } from './cart-button'

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
      className={cn(HEADER_ICON_CLASS, className)}
    >
      <Heart className="size-5.5" aria-hidden="true" />
      <CountBadge count={count} />
    </Link>
  )
}

/** The count alone, for the mobile menu's 'Favoritos' row. */
export function useFavoritesCount(): number {
  return useFavorites().length
}
