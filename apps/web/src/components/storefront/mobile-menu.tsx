import { ChevronDown, Heart } from 'lucide-react'
import { useState } from 'react'
import { Link } from '../ui/link'
import { paths } from '../../config/paths'
import { cn } from '../../lib/utils'
import { AccountLinks } from './account-links'
import type { StorefrontUser } from './account-menu'
import { categoryHref } from './categories-menu'
import { useFavoritesCount } from './favorites-link'
import type { StorefrontCategory } from './categories-menu'
import { HeaderSearch } from './header-search'
import { storefrontNavItems } from './nav-items'
import { Sheet } from './sheet'

const rowClass =
  'flex w-full items-center gap-3 rounded-lg px-3 font-medium outline-none hover:bg-muted focus-visible:bg-muted [&_svg]:size-5'
/** The account links colour themselves (AccountLinks). */
const accountLinkClass = `${rowClass} py-2.5 text-base`
const linkClass = `${accountLinkClass} text-foreground [&_svg]:text-muted-foreground`
const subCategoryLinkClass = `${rowClass} py-2 text-sm text-muted-foreground [&_svg]:text-muted-foreground`

/**
 * SPEC §2.6 mobile menu: search, the header links, categories that expand and collapse one by
 * one, and the account links. Loaded lazily the first time the menu opens.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  identifier,
  name,
  categories,
  user,
  isOwner,
  onLogout,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  identifier: string
  name: string
  categories: readonly StorefrontCategory[]
  user: StorefrontUser | null
  isOwner: boolean
  onLogout: () => void
}) {
  const [expanded, setExpanded] = useState<string | null>(null)
  const favorites = useFavoritesCount()
  const nav = storefrontNavItems(identifier)
  const close = () => onOpenChange(false)

  return (
    <Sheet open={open} onOpenChange={onOpenChange} side="left" title={name} description="Menú">
      <div className="grid gap-6 px-4 py-5">
        <HeaderSearch identifier={identifier} onSearch={close} />
        <nav aria-label="Tienda">
          <ul className="grid gap-0.5">
            {[nav.home, nav.products, nav.offers].map((item) => (
              <li key={item.label}>
                <Link to={item.to} onClick={close} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
            {categories.length > 0 && (
              <li>
                <p className="px-3 pt-4 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Categorías
                </p>
                <ul className="grid gap-0.5">
                  {categories.map((category) => {
                    const isExpanded = expanded === category.name
                    const hasSubs = category.subCategories.length > 0
                    const panelId = `mobile-cat-${categories.indexOf(category)}`
                    return (
                      <li key={category.name}>
                        <div className="flex items-center">
                          <Link
                            to={categoryHref(identifier, category.name)}
                            onClick={close}
                            className={cn(linkClass, 'flex-1')}
                          >
                            {category.name}
                          </Link>
                          {hasSubs && (
                            <button
                              type="button"
                              aria-expanded={isExpanded}
                              aria-controls={panelId}
                              aria-label={`Subcategorías de ${category.name}`}
                              onClick={() => setExpanded(isExpanded ? null : category.name)}
                              className="grid size-11 shrink-0 place-items-center rounded-lg text-muted-foreground outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50"
                            >
                              <ChevronDown
                                className={cn(
                                  'size-5 transition-transform',
                                  isExpanded && 'rotate-180',
                                )}
                                aria-hidden="true"
                              />
                            </button>
                          )}
                        </div>
                        {hasSubs && (
                          <ul
                            id={panelId}
                            hidden={!isExpanded}
                            className="ml-4 grid gap-0.5 border-l border-border pl-2"
                          >
                            {category.subCategories.map((sub) => (
                              <li key={sub.name}>
                                <Link
                                  to={categoryHref(identifier, category.name, sub.name)}
                                  onClick={close}
                                  className={subCategoryLinkClass}
                                >
                                  {sub.name}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    )
                  })}
                </ul>
              </li>
            )}
            <li className={categories.length > 0 ? 'mt-4' : undefined}>
              <Link to={nav.contact.to} onClick={close} className={linkClass}>
                {nav.contact.label}
              </Link>
            </li>
            <li>
              <Link to={paths.account.favorites()} onClick={close} className={linkClass}>
                <Heart aria-hidden="true" />
                Favoritos
                {favorites > 0 && (
                  <span className="ml-auto rounded-full bg-muted px-2 py-0.5 text-xs font-semibold tabular-nums">
                    {favorites}
                  </span>
                )}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="border-t border-border pt-5">
          {user ? (
            <ul className="grid gap-0.5" aria-label="Tu cuenta">
              <li className="px-3 pb-2 text-sm font-semibold">{user.name}</li>
              <AccountLinks
                isOwner={isOwner}
                onClose={close}
                onLogout={onLogout}
                itemClassName={accountLinkClass}
              />
            </ul>
          ) : (
            // Issue 41: no sign-up offered to shoppers (nothing needs an account to buy).
            <Link
              to={paths.auth.login()}
              onClick={close}
              className="rounded px-3 text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
            >
              Iniciar sesión
            </Link>
          )}
        </div>
      </div>
    </Sheet>
  )
}
