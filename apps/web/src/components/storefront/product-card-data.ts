import type { ImageAsset, Product } from '@vitrina/contracts'

/**
 * What a card needs. Everything but the name and price is optional so the owner area can show a
 * card for a product that is still being written (`isPreview`).
 */
export type ProductCardData = Pick<Product, 'name' | 'price'> &
  Partial<
    Pick<
      Product,
      | '_id'
      | 'slug'
      | 'businessId'
      | 'discount'
      | 'isNew'
      | 'isOffer'
      | 'description'
      | 'code'
      | 'options'
      | 'variants'
      | 'available'
      | 'lowStock'
      | 'priceFrom'
      | 'status'
      | 'promotion'
    >
  > & {
    /** 'UYU' / 'USD' (the form's preview may hold any of the accepted spellings). */
    currency?: string
    image?: ImageAsset | null
    images?: readonly ImageAsset[]
    category?: string | null
  }
