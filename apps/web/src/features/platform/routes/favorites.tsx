import { currencySymbol, formatPrice } from '@vitrina/contracts'
import { Heart, ImageOff, Trash2 } from 'lucide-react'
import { Link } from '../../../components/ui/link'
import { PageHeader } from '../../../components/page-header'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { removeFavorite, useFavorites } from '../../../lib/favorites'

/** /favoritos: the favourites saved on this device (SPEC §1: local only), with links. */
function FavoritesRoute() {
  useDocumentTitle('Mis favoritos')
  const favorites = useFavorites()
  return (
    <>
      <PageHeader
        eyebrow="Mi cuenta"
        title="Mis favoritos"
        description="Los productos que marcaste con el corazón. Se guardan en este dispositivo."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        {favorites.length === 0 ? (
          <div className="grid place-items-center gap-3 rounded-2xl border border-dashed border-input bg-card px-6 py-16 text-center">
            <Heart className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-semibold">Todavía no tienes favoritos</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Toca el corazón de un producto en cualquier tienda para guardarlo aquí.
            </p>
            <Button className="mt-2" asChild>
              <Link to={paths.platform.businesses()}>Explorar negocios</Link>
            </Button>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
            {favorites.map((item) => (
              <li
                key={`${item.businessIdentifier}/${item.productId}`}
                className="group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
              >
                <div className="aspect-square bg-muted">
                  {item.image ? (
                    <img
                      src={item.image}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : (
                    <span className="grid size-full place-items-center">
                      <ImageOff className="size-10 text-muted-foreground/50" aria-hidden="true" />
                    </span>
                  )}
                </div>
                <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
                  <h2 className="line-clamp-2 text-sm font-semibold sm:text-base">
                    <Link
                      to={paths.storefront.product(
                        item.businessIdentifier,
                        item.slug ?? item.productId,
                      )}
                      className="outline-none after:absolute after:inset-0 hover:text-accent focus-visible:underline"
                    >
                      {item.name}
                    </Link>
                  </h2>
                  <p className="truncate text-xs text-muted-foreground sm:text-sm">
                    {item.businessIdentifier}
                  </p>
                  <p className="mt-auto pt-2 font-bold sm:text-lg">
                    {formatPrice(item.price, currencySymbol(item.currency ?? 'UYU'))}
                  </p>
                </div>
                <Button
                  variant="floating"
                  size="icon-sm"
                  shape="round"
                  className="absolute top-2 right-2 z-10"
                  aria-label={`Quitar ${item.name} de favoritos`}
                  onClick={() => removeFavorite(item.businessIdentifier, item.productId)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

export { FavoritesRoute as Component }
