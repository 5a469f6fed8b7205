import { ArrowRight, ImageOff } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog'
import type { ProductCardData } from './product-card'
import { PriceDisplay } from './price-display'
import { ProductBadges } from './product-badges'
import { StorefrontImage } from './storefront-image'
import { useStorefrontThemeStyle } from './storefront-frame'

/**
 * 'Vista rápida' (SPEC §2.5 leaves it without behaviour; we show the product's main data and a
 * link to its page). Loaded lazily by ProductCard.
 */
export default function QuickViewDialog({
  open,
  onOpenChange,
  product,
  href,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  product: ProductCardData
  href: string | null
}) {
  const themeStyle = useStorefrontThemeStyle()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="media" className="sm:grid-cols-2" style={themeStyle}>
        <div className="relative aspect-square bg-muted sm:aspect-auto sm:min-h-full">
          {product.image?.url ? (
            <StorefrontImage
              image={product.image}
              alt={product.name}
              sizes="(min-width: 640px) 384px, 100vw"
              priority
              className="size-full object-cover"
            />
          ) : (
            <div className="grid size-full place-items-center text-muted-foreground">
              <ImageOff className="size-10" aria-hidden="true" />
            </div>
          )}
          <ProductBadges product={product} className="absolute top-3 left-3" />
        </div>
        <div className="flex flex-col gap-4 p-6">
          <DialogHeader>
            {product.category && (
              <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {product.category}
              </p>
            )}
            <DialogTitle size="lg">{product.name}</DialogTitle>
            <DialogDescription className={product.description ? undefined : 'sr-only'}>
              {product.description || 'Vista rápida del producto'}
            </DialogDescription>
          </DialogHeader>
          <PriceDisplay
            price={product.price}
            discount={product.discount}
            currency={product.currency}
            size="detail"
          />
          {product.code && (
            <p className="text-sm text-muted-foreground">
              Código: <span className="font-medium text-foreground">{product.code}</span>
            </p>
          )}
          {href && (
            <Button asChild variant="store" className="mt-auto">
              <Link to={href} onClick={() => onOpenChange(false)}>
                Ver detalles del producto
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
