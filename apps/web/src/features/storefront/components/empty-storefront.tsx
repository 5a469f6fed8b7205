import { STOREFRONT_MESSAGES } from '@vitrina/contracts'
import { PackageOpen, PackagePlus } from 'lucide-react'
import { useId } from 'react'
import { Link } from '../../../components/ui/link'
import { paths } from '../../../config/paths'
import { cn } from '../../../lib/utils'

/**
 * The storefront home of a business with no products yet: a friendly word for shoppers, and for
 * the owner viewing their own store a way to add the first product. It fills the page down to
 * the footer (no empty band below it).
 */
export function EmptyStorefront({
  name,
  isOwner,
  className,
}: {
  name: string
  isOwner: boolean
  className?: string
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex items-center justify-center border-t border-border bg-card', className)}
    >
      <div className="flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <span
          aria-hidden="true"
          className="grid size-16 place-items-center rounded-full bg-[color-mix(in_oklab,var(--store-primary)_12%,transparent)] text-(--store-primary-text)"
        >
          {isOwner ? <PackagePlus className="size-8" /> : <PackageOpen className="size-8" />}
        </span>
        <h2 id={headingId} className="text-2xl font-bold tracking-tight">
          {isOwner ? STOREFRONT_MESSAGES.ownerEmptyStoreTitle : STOREFRONT_MESSAGES.emptyStoreTitle}
        </h2>
        <p className="text-pretty text-muted-foreground">
          {isOwner
            ? STOREFRONT_MESSAGES.ownerEmptyStoreDescription
            : STOREFRONT_MESSAGES.emptyStoreDescription(name)}
        </p>
        {isOwner && (
          <Link
            to={paths.admin.newProduct()}
            className="mt-2 inline-flex h-12 items-center gap-2 rounded-lg bg-(--store-primary) px-6 text-base font-semibold text-(--store-on-primary) shadow-sm transition-opacity outline-none hover:opacity-90 focus-visible:ring-3 focus-visible:ring-ring/50"
          >
            <PackagePlus className="size-5" aria-hidden="true" />
            {STOREFRONT_MESSAGES.ownerAddFirstProduct}
          </Link>
        )}
      </div>
    </section>
  )
}
