import { ArrowRight, Percent } from 'lucide-react'
import { hasDiscountBadge } from '@vitrina/contracts'
import type { Business, Product, ProductCarousels } from '@vitrina/contracts'
import { useEffect } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { Link } from '../../../components/ui/link'
import type { LoaderFunctionArgs } from 'react-router'
import { businessByIdentifierQueryOptions, businessKeys } from '../../../api/businesses'
import { ensureData } from '../../../api/ensure-data'
import {
  carouselsQueryOptions,
  productsQueryOptions,
  useProductCarousels,
  useProducts,
} from '../../../api/products'
import { HeroSlides } from '../../../components/storefront/hero-slides'
import { ProductCarousel } from '../../../components/storefront/product-carousel'
import { isStorefrontOwner } from '../../../components/storefront/owner'
import { StoreContact } from '../../../components/storefront/store-contact'
import { StorefrontHero } from '../../../components/storefront/storefront-hero'
import { paths } from '../../../config/paths'
import { storefrontIdentifier } from '../../../lib/site'
import { useSession } from '../../../lib/session'
import { EmptyStorefront } from '../components/empty-storefront'
import { storefrontHead } from '../lib/storefront-head'
import { useStorefront } from '../lib/storefront-context'
import type { HeadArgs, RouteDocument } from '../../../ssr/page-head'

const CAROUSELS = ['featured', 'new', 'offer'] as const satisfies (keyof ProductCarousels)[]
const NO_CAROUSELS: ProductCarousels = { featured: [], new: [], offer: [] }

/**
 * The three carousels: one observer of their one cache entry (an observer per carousel cost each
 * its subscription and option checks at the first use). A failure is only logged (the sections
 * then render nothing).
 */
function useCarousels(businessId: string): { carousels: ProductCarousels; isLoaded: boolean } {
  const query = useProductCarousels(businessId)
  useEffect(() => {
    if (query.error) console.error('No se pudieron cargar los carruseles de productos', query.error)
  }, [query.error])
  return { carousels: query.data ?? NO_CAROUSELS, isLoaded: query.isSuccess }
}

/** 'Explora todo el catálogo': the way to every product, below the carousels. */
function ExploreCatalogue({ identifier }: { identifier: string }) {
  return (
    <section className="skip-offscreen border-t border-border bg-card">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-12 text-center">
        <h2 className="text-2xl font-bold tracking-tight">Explora todo el catálogo</h2>
        <p className="max-w-xl text-muted-foreground">
          Filtra por categoría, precio u ofertas y encuentra lo que buscas.
        </p>
        <Link
          to={paths.storefront.products(identifier)}
          className="inline-flex h-12 items-center gap-2 rounded-lg bg-(--store-primary) px-6 text-base font-semibold text-(--store-on-primary) shadow-sm transition-opacity outline-none hover:opacity-90 focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          Ver todos los productos
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  )
}

/**
 * Below three empty carousels the store may have no product at all: a one-product page says
 * (the loader asks it only when the carousels are empty). An empty store says so instead of linking to an empty list, and
 * offers its owner to add the first product. The session is signed out on the server and in the
 * browser's first render (ADR 017): the owner's prompt only appears once it is restored.
 */
const ONE_PRODUCT = { pageSize: 1 }

function CatalogueOrEmptyStore({ business }: { business: Business }) {
  const catalogue = useProducts(business._id, ONE_PRODUCT)
  const { user } = useSession()
  if (catalogue.data?.total !== 0) return <ExploreCatalogue identifier={business.identifier} />
  return (
    <EmptyStorefront
      name={business.name}
      isOwner={isStorefrontOwner(user, business.userId)}
      className="flex-1"
    />
  )
}

/** The largest discount among the offers, for the badge next to 'Ofertas Especiales'. */
function maxDiscount(products: readonly Product[]): number {
  return products.reduce((max, p) => (hasDiscountBadge(p) ? Math.max(max, p.discount) : max), 0)
}

/**
 * SPEC §2.5 storefront home: cover slides, the hero (name, description, social links, feature
 * badges) and the featured, new and offer carousels, each linking to the filtered list; a store
 * without products says so (and offers its owner to add the first one). Last, the shop's contact
 * section (issue 24 §1, `#contacto`).
 */
function StorefrontHome() {
  const { business } = useStorefront()
  const { carousels, isLoaded } = useCarousels(business._id)
  const areCarouselsEmpty = isLoaded && CAROUSELS.every((kind) => carousels[kind].length === 0)
  const id = business.identifier
  const discount = maxDiscount(carousels.offer)

  return (
    // At least the page's height, so an empty store's message reaches the footer.
    <div className="flex min-h-[calc(100dvh-4rem)] flex-col">
      <HeroSlides slides={business.slides} name={business.name} />
      <StorefrontHero
        name={business.name}
        description={business.description}
        socialLinks={business.socialLinks}
        features={business.features}
      />
      <ProductCarousel
        title="Productos Destacados"
        subtitle="Descubre nuestra selección de productos destacados"
        viewAllLabel="Ver todos"
        viewAllHref={paths.storefront.products(id, { destacado: true })}
        products={carousels.featured}
        identifier={id}
      />
      <ProductCarousel
        title="Nuevos Productos"
        viewAllLabel="Ver todos los nuevos productos"
        viewAllHref={paths.storefront.products(id, { nuevo: true })}
        products={carousels.new}
        identifier={id}
        className="bg-card"
      />
      <ProductCarousel
        title="Ofertas Especiales"
        badge={
          <span className="inline-flex items-center gap-1 rounded-full bg-destructive px-2.5 py-1 text-xs font-bold text-white">
            <Percent className="size-3.5" aria-hidden="true" />
            {discount > 0 ? `Hasta -${discount}%` : 'Descuentos'}
          </span>
        }
        subtitle="Aprovecha nuestros descuentos por tiempo limitado"
        viewAllLabel="Ver todas las ofertas"
        viewAllHref={paths.storefront.products(id, { oferta: true })}
        products={carousels.offer}
        identifier={id}
      />
      {areCarouselsEmpty ? (
        <CatalogueOrEmptyStore business={business} />
      ) : (
        <ExploreCatalogue identifier={id} />
      )}
      <StoreContact business={business} />
    </div>
  )
}

/** The business and its three carousels, before the page renders (router.tsx). */
export function dataLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const business = await ensureData(
      queryClient,
      businessByIdentifierQueryOptions(storefrontIdentifier(params)),
    )
    if (!business) return null
    const carousels = await ensureData(queryClient, carouselsQueryOptions(business._id))
    // Three empty carousels: is there any product at all (CatalogueOrEmptyStore)?
    if (carousels && CAROUSELS.every((kind) => carousels[kind].length === 0)) {
      await ensureData(queryClient, productsQueryOptions(business._id, ONE_PRODUCT))
    }
    return null
  }
}

/** The shop's head (SPEC §2.5), from the business its loader read. */
export function head({ queryClient, params, url }: HeadArgs): RouteDocument | null {
  const business = queryClient.getQueryData<Business>(
    businessKeys.byIdentifier(storefrontIdentifier(params)),
  )
  return business ? storefrontHead(business, url, 'home') : null
}

export { StorefrontHome as Component }
