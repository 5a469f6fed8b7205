import {
  currencyCode,
  discountedPrice,
  maxOrderQuantity,
  nameWithVariant,
  SHOPPER_VARIANT_TEXTS,
} from '@vitrina/contracts'
import { addToCart } from '../../lib/cart'
import { trackInsight, trackPixel } from '../../lib/storefront-events'
import { toast } from '../../lib/toast'
import type { ProductCardData } from './product-card-data'
import type { VariantChoiceState } from './variant-picker'

/**
 * Issue 25: 'Añadir al carrito' on the product page and in the quick view. Puts `quantity` of the
 * picked product — its variant when it has options, at that variant's price after the product's
 * discount — in the cart and says so, with a 'Ver carrito' action when `openCart` is given; the
 * owner's insights count the cart add (issue 26).
 */
export function addPickedToCart({
  identifier,
  productId,
  product,
  picked,
  image,
  quantity,
  openCart,
}: {
  identifier: string
  productId: string
  product: Pick<ProductCardData, 'name' | 'discount' | 'currency' | 'businessId' | 'slug'>
  picked: VariantChoiceState
  image: string | null
  quantity: number
  openCart?: () => void
}): void {
  if (product.businessId) {
    trackInsight(product.businessId, { type: 'cart_add', productId })
    // Issue 46 §3: the owner's pixels (only after the shopper accepted); the feeds' item id.
    trackPixel(product.businessId, {
      type: 'cart',
      currency: currencyCode(product.currency),
      items: [
        {
          id: picked.variant?._id ?? productId,
          name: nameWithVariant(product.name, picked.label),
          price: discountedPrice(picked.price, product.discount),
          quantity,
        },
      ],
    })
  }
  const line = addToCart({
    businessIdentifier: identifier,
    productId,
    ...(product.slug ? { slug: product.slug } : {}),
    name: product.name,
    image,
    price: discountedPrice(picked.price, product.discount),
    currency: product.currency,
    quantity,
    variantId: picked.variant?._id ?? null,
    variantLabel: picked.label || null,
    maxQuantity: maxOrderQuantity(picked.lowStock),
  })
  const action = openCart ? { label: 'Ver carrito', onClick: openCart } : undefined
  // Issue 41: the line is at what is left (or at an order's limit): said instead of 'añadido'.
  if (line.capped) {
    toast.info(SHOPPER_VARIANT_TEXTS.cartAtMost(line.quantity), {
      description: nameWithVariant(product.name, picked.label),
      action,
    })
    return
  }
  toast.success('Producto añadido al carrito', {
    description: `${quantity} × ${nameWithVariant(product.name, picked.label)}`,
    action,
  })
}
