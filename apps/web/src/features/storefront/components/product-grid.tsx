import { IMAGE_SIZES } from '@vitrina/contracts'
import type { Product } from '@vitrina/contracts'
import { ProductCard } from '../../../components/storefront/product-card'
import { Skeleton } from '../../../components/ui/skeleton'

/** Two columns on phones (a catalogue is scanned, not read), three beside the sidebar. */
const GRID = 'grid grid-cols-2 gap-3 sm:gap-5 xl:grid-cols-3'

export function ProductGrid({
  products,
  identifier,
}: {
  products: readonly Product[]
  identifier: string
}) {
  return (
    <ul className={GRID}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            identifier={identifier}
            sizes={IMAGE_SIZES.productGrid}
            priority={index < 2}
            headingLevel="h2"
          />
        </li>
      ))}
    </ul>
  )
}

export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className={GRID} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="overflow-hidden rounded-2xl border border-border bg-card">
          <Skeleton radius="none" className="aspect-square" />
          <div className="grid gap-2 p-4">
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-6 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  )
}
