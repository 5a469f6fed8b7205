import { ChevronDown } from 'lucide-react'
import { LAYOUT } from '@vitrina/contracts'
import type { StoredProductCategory } from '@vitrina/contracts'
import { Link } from '../ui/link'
import { paths } from '../../config/paths'
import { cn } from '../../lib/utils'
import { useDisclosure } from './use-disclosure'

export type StorefrontCategory = Pick<
  StoredProductCategory,
  'name' | 'description' | 'subCategories'
>

/** SPEC §2.6: /{identifier}/productos?categoria={name}[&subcategoria={name}]. */
export function categoryHref(identifier: string, category: string, subCategory?: string): string {
  return paths.storefront.products(identifier, { categoria: category, subcategoria: subCategory })
}

/**
 * SPEC §2.6, §9: the 'Categorías' panel, 650 px wide in two columns, each category with its
 * subcategory links.
 */
export function CategoriesMenu({
  identifier,
  categories,
  triggerClassName,
}: {
  identifier: string
  categories: readonly StorefrontCategory[]
  triggerClassName?: string
}) {
  const { isOpen, close, rootRef, buttonProps, panelProps } = useDisclosure()
  if (categories.length === 0) return null
  return (
    <div ref={rootRef} className="relative">
      <button {...buttonProps} className={cn('gap-1', triggerClassName)}>
        Categorías
        <ChevronDown
          className={cn('size-4 transition-transform', isOpen && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <div
        {...panelProps}
        style={{ width: LAYOUT.categoryPanelPx }}
        className="absolute top-full left-0 z-50 mt-2 max-w-[calc(100vw-2rem)] rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xl"
      >
        <ul className="grid max-h-[70vh] grid-cols-2 gap-x-6 gap-y-5 overflow-y-auto">
          {categories.map((category) => (
            <li key={category.name} className="min-w-0">
              <Link
                to={categoryHref(identifier, category.name)}
                onClick={close}
                className="block rounded-md text-sm font-semibold text-foreground hover:text-(--store-primary-text) hover:underline"
              >
                {category.name}
              </Link>
              {category.description && (
                <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">
                  {category.description}
                </p>
              )}
              {category.subCategories.length > 0 && (
                <ul className="mt-2 grid gap-1 border-l border-border pl-3">
                  {category.subCategories.map((sub) => (
                    <li key={sub.name}>
                      <Link
                        to={categoryHref(identifier, category.name, sub.name)}
                        onClick={close}
                        className="block truncate rounded-md py-0.5 text-sm text-muted-foreground hover:text-foreground hover:underline"
                      >
                        {sub.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-5 border-t border-border pt-4">
          <Link
            to={paths.storefront.products(identifier)}
            onClick={close}
            className="text-sm font-semibold text-(--store-primary-text) hover:underline"
          >
            Ver todos los productos
          </Link>
        </div>
      </div>
    </div>
  )
}
