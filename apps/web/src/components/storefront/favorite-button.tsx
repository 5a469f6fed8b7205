import { Heart } from 'lucide-react'
import { discountedPrice } from '@vitrina/contracts'
import type { ImageAsset } from '@vitrina/contracts'
import { useMemo } from 'react'
import { useFavorite } from '../../lib/favorites'
import { cn } from '../../lib/utils'

export interface FavoriteTarget {
  businessIdentifier: string
  productId: string
  /** Issue 27 §3: the product's address, kept with the favourite for its link. */
  slug?: string
  name: string
  price: number
  discount?: number | null
  currency?: string | null
  image?: ImageAsset | null
}

/**
 * SPEC §2.5, §2.8: the favourite toggle, saved on this device only. A toggle button
 * (aria-pressed), so assistive technology announces its state.
 */
export function FavoriteButton({
  target,
  variant = 'overlay',
  className,
}: {
  target: FavoriteTarget
  variant?: 'overlay' | 'outline'
  className?: string
}) {
  const { businessIdentifier, productId, slug, name, price, discount, currency, image } = target
  const favorite = useMemo(
    () => ({
      businessIdentifier,
      productId,
      ...(slug ? { slug } : {}),
      name,
      price: discountedPrice(price, discount),
      currency: currency ?? undefined,
      image: image?.url ?? null,
    }),
    [businessIdentifier, productId, slug, name, price, discount, currency, image?.url],
  )
  const { isFavorite, toggle } = useFavorite(favorite)
  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      aria-label="Añadir a favoritos"
      title={isFavorite ? 'Quitar de favoritos' : 'Añadir a favoritos'}
      onClick={(event) => {
        event.preventDefault()
        event.stopPropagation()
        toggle()
      }}
      className={cn(
        'grid place-items-center rounded-full transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50',
        variant === 'overlay'
          ? 'size-10 bg-white/95 shadow-md hover:bg-white'
          : 'size-12 border border-border bg-card hover:bg-muted',
        isFavorite ? 'text-destructive' : variant === 'overlay' && 'text-foreground',
        className,
      )}
    >
      <Heart
        className={cn('size-5', isFavorite && 'fill-current')}
        aria-hidden="true"
        strokeWidth={2}
      />
    </button>
  )
}
