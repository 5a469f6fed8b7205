import {
  currencySymbol,
  discountedPrice,
  formatPrice,
  savedAmount,
  SHOPPER_VARIANT_TEXTS,
} from '@vitrina/contracts'
import { cn } from '../../lib/utils'

export interface PriceDisplayProps {
  price: number
  discount?: number | null
  /** 'UYU' / 'USD' (or the old '$' / 'US$'): written as '$' / 'US$'. */
  currency?: string | null
  /** 'card' for product cards and lists, 'detail' for the product page (adds 'Ahorras …'). */
  size?: 'card' | 'detail'
  /** Issue 25: 'desde $ X' — the lowest price among variants whose prices differ. */
  isFrom?: boolean
  className?: string
}

/**
 * SPEC §9: the final price (price − price × discount / 100) with the currency and 2 decimals;
 * when discounted, the original struck through, and on the detail page 'Ahorras {amount}'.
 */
export function PriceDisplay({
  price,
  discount,
  currency,
  size = 'card',
  isFrom = false,
  className,
}: PriceDisplayProps) {
  const symbol = currencySymbol(currency ?? 'UYU')
  const isDiscounted = (discount ?? 0) > 0
  const final = discountedPrice(price, discount)
  const isDetail = size === 'detail'
  return (
    <div className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-1', className)}>
      <p
        className={cn(
          'font-bold tracking-tight text-foreground tabular-nums',
          isDetail ? 'text-3xl' : 'text-base @min-[220px]/card:text-lg',
        )}
      >
        {isDiscounted && <span className="sr-only">Precio final: </span>}
        {isFrom && (
          <span className="mr-1 text-sm font-medium text-muted-foreground">
            {SHOPPER_VARIANT_TEXTS.priceFrom}
          </span>
        )}
        {formatPrice(final, symbol)}
      </p>
      {isDiscounted && (
        <p className={cn('text-muted-foreground tabular-nums', isDetail ? 'text-lg' : 'text-sm')}>
          <span className="sr-only">Precio original: </span>
          <s>{formatPrice(price, symbol)}</s>
        </p>
      )}
      {isDiscounted && isDetail && (
        <p className="w-full text-sm font-semibold text-success">
          Ahorras {formatPrice(savedAmount(price, discount), symbol)}
        </p>
      )}
    </div>
  )
}
