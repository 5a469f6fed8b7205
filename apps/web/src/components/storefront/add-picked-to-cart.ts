import { discountedPrice, nameWithVariant } from '@vitrina/contracts'
import { addToCart } from '../../lib/cart'
import { trackInsight } from '../../lib/insights'
import { toast } from '../../lib/toast'
import type { ProductCardData } from './product-card'
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
  if (product.businessId) trackInsight(product.businessId, { type: 'cart_add', productId })
  addToCart({
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
  })
  toast.success('Producto añadido al carrito', {
    description: `${quantity} × ${nameWithVariant(product.name, picked.label)}`,
    action: openCart ? { label: 'Ver carrito', onClick: openCart } : undefined,
  })
}
