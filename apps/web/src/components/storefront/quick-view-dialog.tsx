import { useQuery } from '@tanstack/react-query'
import { ArrowRight, ImageOff, ShoppingBag } from 'lucide-react'
import { useId } from 'react'
import { useOutletContext } from 'react-router'
import { Link } from '../ui/link'
import { productQueryOptions } from '../../api/products'
import { Button } from '../ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog'
import { addPickedToCart } from './add-picked-to-cart'
import type { ProductCardData } from './product-card-data'
import { ProductBadges } from './product-badges'
import { StorefrontImage } from './storefront-image'
import { useStorefrontThemeStyle } from './storefront-frame'
import { AvailabilityNote, PickedPrice, useVariantChoice, VariantPicker } from './variant-picker'

/**
 * 'Vista rápida' (SPEC §2.5 leaves it without behaviour; we show the product's main data and a
 * link to its page). Loaded lazily by ProductCard. Issue 25: on a storefront page it also picks
 * a variant (price, image and availability follow) and adds it to the cart.
 */
interface QuickViewProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  product: ProductCardData
  href: string | null
  identifier: string
}

export default function QuickViewDialog(props: QuickViewProps) {
  const { product } = props
  // Issue 25: list cards carry no variants (the list reply stays as light as one without them);
  // a product with options reads its detail — the same query as its page — when the view opens.
  const needsDetail =
    product._id !== undefined &&
    (product.options?.length ?? 0) > 0 &&
    (product.variants?.length ?? 0) === 0
  const detail = useQuery({
    ...productQueryOptions(product._id ?? ''),
    enabled: needsDetail && props.open,
  })
  const full = needsDetail ? detail.data : product
  return (
    // The choice starts from the options, which the card already has: it carries over.
    <QuickView {...props} product={full ?? product} loading={needsDetail && !detail.data} />
  )
}

function QuickView({
  open,
  onOpenChange,
  product,
  href,
  identifier,
  loading,
}: QuickViewProps & { loading: boolean }) {
  const themeStyle = useStorefrontThemeStyle()
  // The storefront layout's context (absent in the owner's previews): opens the cart drawer.
  const storefront = useOutletContext<{ openCart?: () => void } | undefined>()
  const picked = useVariantChoice(product)
  const noteId = useId()
  const imageIndex = picked.variant?.imageIndex ?? null
  const shownImage =
    imageIndex === null
      ? product.image
      : ([product.image, ...(product.images ?? [])][imageIndex] ?? product.image)
  const canOrder = href !== null && product._id !== undefined && storefront?.openCart
  // Nothing is added before the variants are known (a product with options needs one).
  const canAdd = picked.canAddToCart && !loading

  function onAddToCart() {
    if (!canAdd || !product._id) return
    onOpenChange(false)
    addPickedToCart({
      identifier,
      productId: product._id,
      product,
      picked,
      image: shownImage?.url ?? null,
      quantity: 1,
      openCart: storefront?.openCart,
    })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="media" className="sm:grid-cols-2" style={themeStyle}>
        <div className="relative aspect-square bg-muted sm:aspect-auto sm:min-h-full">
          {shownImage?.url ? (
            <StorefrontImage
              image={shownImage}
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
          <ProductBadges
            product={product}
            isSoldOut={!picked.available}
            className="absolute top-3 left-3"
          />
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
          <PickedPrice product={product} state={picked} />
          <VariantPicker product={product} state={picked} />
          <AvailabilityNote state={picked} id={noteId} />
          {product.code && (
            <p className="text-sm text-muted-foreground">
              Código: <span className="font-medium text-foreground">{product.code}</span>
            </p>
          )}
          {canOrder && (
            <Button
              type="button"
              variant="store"
              className="mt-auto"
              onClick={onAddToCart}
              disabled={!canAdd}
              aria-busy={loading || undefined}
              aria-describedby={canAdd ? undefined : noteId}
            >
              <ShoppingBag aria-hidden="true" />
              Añadir al carrito
            </Button>
          )}
          {href && (
            <Button
              asChild
              variant={canOrder ? 'outline' : 'store'}
              className={canOrder ? undefined : 'mt-auto'}
            >
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
