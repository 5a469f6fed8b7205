import { hasDiscountBadge, SHOPPER_VARIANT_TEXTS } from '@vitrina/contracts'
import type { ProductStatus } from '@vitrina/contracts'
import { EyeOff } from 'lucide-react'
import { cn } from '../../lib/utils'

export interface ProductBadgeData {
  isNew?: boolean
  isOffer?: boolean
  discount?: number | null
  /** Issue 25: false when nothing of the product can be ordered ('Agotado'). */
  available?: boolean
  /** Issue 25 §2: 'hidden' only ever reaches the owner's cards ('Oculto'). */
  status?: ProductStatus
  /** Issue 45: the running automatic promotion's badge ('3x2') and its words (the API's). */
  promotion?: { badge: string; label: string }
}

/** The discount badge text, '-{discount}%' (SPEC §2.8), or null when it must not show (§9). */
export function discountBadgeText(product: ProductBadgeData): string | null {
  return hasDiscountBadge({ isOffer: product.isOffer === true, discount: product.discount })
    ? `-${product.discount}%`
    : null
}

/**
 * SPEC §2.5, §2.8: 'Nuevo' when isNew; '-N%' only when isOffer and discount > 0; issue 25:
 * 'Agotado' when nothing can be ordered (`isSoldOut` overrides it: the detail's chosen variant);
 * issue 25 §2: 'Oculto' on the owner's card of a hidden product (public replies have none);
 * issue 45: the automatic promotion's badge ('3x2', '-20 %'), its words for screen readers.
 */
export function ProductBadges({
  product,
  isSoldOut = product.available === false,
  className,
}: {
  product: ProductBadgeData
  isSoldOut?: boolean
  className?: string
}) {
  const discount = discountBadgeText(product)
  const isHidden = product.status === 'hidden'
  const { promotion } = product
  if (!product.isNew && !discount && !isSoldOut && !isHidden && !promotion) return null
  return (
    <div className={cn('flex flex-wrap gap-1.5', className)}>
      {isHidden && (
        <span className="inline-flex items-center gap-1 rounded-full bg-foreground/85 px-2.5 py-0.5 text-xs font-semibold text-background shadow-sm">
          <EyeOff className="size-3" aria-hidden="true" />
          {SHOPPER_VARIANT_TEXTS.hiddenBadge}
        </span>
      )}
      {isSoldOut && (
        <span className="rounded-full bg-foreground px-2.5 py-0.5 text-xs font-semibold text-background shadow-sm">
          {SHOPPER_VARIANT_TEXTS.soldOut}
        </span>
      )}
      {product.isNew && (
        <span className="rounded-full bg-(--store-primary) px-2.5 py-0.5 text-xs font-semibold text-(--store-on-primary) shadow-sm">
          Nuevo
        </span>
      )}
      {discount && (
        <span className="rounded-full bg-destructive px-2.5 py-0.5 text-xs font-semibold text-white shadow-sm tabular-nums">
          <span className="sr-only">Descuento </span>
          {discount}
        </span>
      )}
      {promotion && (
        <span className="rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-semibold text-amber-950 shadow-sm tabular-nums">
          <span className="sr-only">{promotion.label}</span>
          <span aria-hidden="true">{promotion.badge}</span>
        </span>
      )}
    </div>
  )
}
