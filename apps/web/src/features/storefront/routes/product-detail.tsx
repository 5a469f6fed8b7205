import { ChevronRight, Mail, ShoppingBag } from 'lucide-react'
import {
  maxOrderQuantity,
  nameWithVariant,
  PRODUCT_MESSAGES,
  whatsappNumber,
} from '@vitrina/contracts'
import type { Business, Product } from '@vitrina/contracts'
import { useEffect, useId, useState } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { Navigate, replace, useLocation, useParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import type { LoaderFunctionArgs } from 'react-router'
import { isApiError } from '../../../api/client'
import { ensureData } from '../../../api/ensure-data'
import { productBySlugQueryOptions, productKeys, useProductBySlug } from '../../../api/products'
import { PageSpinner } from '../../../components/page-spinner'
import { addPickedToCart } from '../../../components/storefront/add-picked-to-cart'
import { FavoriteButton } from '../../../components/storefront/favorite-button'
import { ProductBadges } from '../../../components/storefront/product-badges'
import {
  AvailabilityNote,
  PickedPrice,
  useVariantChoice,
  VariantPicker,
} from '../../../components/storefront/variant-picker'
import { whatsappUrl } from '../../../components/storefront/whatsapp'
import { WhatsAppIcon } from '../../../components/storefront/whatsapp-icon'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { storefrontIdentifier } from '../../../lib/site'
import { pageOrigin } from '../../../lib/page-origin'
import { ProductGallery } from '../components/product-gallery'
import { QuantitySelector } from '../components/quantity-selector'
import { SpecificationsTable } from '../components/specifications-table'
import { StatusScreen } from '../components/status-screen'
import { missingHead, productHead } from '../lib/storefront-head'
import { productInquiryMessage } from '../lib/whatsapp-messages'
import { useStorefront } from '../lib/storefront-context'
import { businessKeys } from '../../../api/businesses'
import type { HeadArgs, RouteDocument } from '../../../ssr/page-head'

/** SPEC §2.8, §8: 'Producto no encontrado' (or the load error), the apology and 'Volver al inicio'. */
function ProductUnavailable({ isLoadError }: { isLoadError: boolean }) {
  const title = isLoadError ? PRODUCT_MESSAGES.loadFailed : PRODUCT_MESSAGES.notFound
  return (
    <StatusScreen
      tone={isLoadError ? 'error' : 'not-found'}
      title={title}
      description={PRODUCT_MESSAGES.notFoundDescription}
    >
      <Button asChild>
        <Link to={paths.home()}>Volver al inicio</Link>
      </Button>
    </StatusScreen>
  )
}

function Breadcrumbs({ business, product }: { business: Business; product: Product }) {
  const id = business.identifier
  const crumbs = [
    { label: 'Inicio', to: paths.storefront.home(id) },
    { label: 'Productos', to: paths.storefront.products(id) },
    { label: product.category, to: paths.storefront.products(id, { categoria: product.category }) },
  ]
  return (
    <nav aria-label="Ruta de navegación" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb) => (
          <li key={crumb.label} className="flex items-center gap-1">
            <Link to={crumb.to} className="hover:text-foreground hover:underline">
              {crumb.label}
            </Link>
            <ChevronRight className="size-3.5" aria-hidden="true" />
          </li>
        ))}
        <li
          aria-current="page"
          className="max-w-48 truncate font-medium text-foreground sm:max-w-xs"
        >
          {product.name}
        </li>
      </ol>
    </nav>
  )
}

function ProductView({ business, product }: { business: Business; product: Product }) {
  const { openCart } = useStorefront()
  const [chosenQuantity, setQuantity] = useState(1)
  const picked = useVariantChoice(product)
  // Issue 41: never more than what is left ('Quedan 2') nor than an order line takes.
  const maxQuantity = maxOrderQuantity(picked.lowStock)
  const quantity = Math.min(chosenQuantity, maxQuantity)
  const noteId = useId()
  const id = business.identifier
  const lineName = nameWithVariant(product.name, picked.label)
  const productUrl = new URL(paths.storefront.product(id, product.slug), pageOrigin()).toString()
  const contactUrl =
    whatsappUrl(
      whatsappNumber(business),
      productInquiryMessage({
        businessName: business.name,
        productName: lineName,
        productUrl,
        quantity,
      }),
    ) ??
    `mailto:${business.email}?subject=${encodeURIComponent(product.name)}&body=${encodeURIComponent(productUrl)}`

  const variantImage =
    picked.variant?.imageIndex === null || picked.variant?.imageIndex === undefined
      ? null
      : picked.variant.imageIndex
  const lineImage =
    variantImage === null
      ? product.image
      : ([product.image, ...product.images][variantImage] ?? product.image)

  function onAddToCart() {
    if (!picked.canAddToCart) return
    addPickedToCart({
      identifier: id,
      productId: product._id,
      product,
      picked,
      image: lineImage.url,
      quantity,
      openCart,
    })
  }

  return (
    <article className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <Breadcrumbs business={business} product={product} />
      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-14">
        <ProductGallery
          image={product.image}
          images={product.images}
          name={product.name}
          selectedIndex={variantImage}
        />
        <div className="flex min-w-0 flex-col gap-5">
          <ProductBadges product={product} isSoldOut={!picked.available} />
          <div>
            <p className="text-sm font-medium tracking-wide text-muted-foreground uppercase">
              <Link
                to={paths.storefront.products(id, {
                  categoria: product.category,
                  subcategoria: product.subCategory ?? undefined,
                })}
                className="hover:underline"
              >
                {product.subCategory
                  ? `${product.category} · ${product.subCategory}`
                  : product.category}
              </Link>
            </p>
            <h1 className="mt-1 text-3xl leading-tight font-bold tracking-tight break-words lg:text-4xl">
              {product.name}
            </h1>
          </div>
          <PickedPrice product={product} state={picked} />
          <p className="leading-relaxed text-pretty text-muted-foreground">{product.description}</p>
          {(product.code || picked.variant?.code || product.tags.length > 0) && (
            <dl className="grid gap-2 text-sm">
              {(picked.variant?.code || product.code) && (
                <div className="flex gap-2">
                  <dt className="text-muted-foreground">Código:</dt>
                  <dd className="font-medium">{picked.variant?.code || product.code}</dd>
                </div>
              )}
              {product.tags.length > 0 && (
                <div className="flex flex-wrap items-center gap-2">
                  <dt className="sr-only">Etiquetas</dt>
                  {product.tags.map((tag) => (
                    <dd
                      key={tag}
                      className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground"
                    >
                      #{tag}
                    </dd>
                  ))}
                </div>
              )}
            </dl>
          )}
          <div className="grid gap-4 border-t border-border pt-5">
            <VariantPicker product={product} state={picked} />
            <QuantitySelector value={quantity} onChange={setQuantity} max={maxQuantity} />
            <AvailabilityNote state={picked} id={noteId} />
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                onClick={onAddToCart}
                disabled={!picked.canAddToCart}
                aria-describedby={picked.canAddToCart ? undefined : noteId}
                className="inline-flex h-12 flex-1 items-center justify-center gap-2 rounded-lg bg-(--store-primary) px-6 text-base font-semibold whitespace-nowrap text-(--store-on-primary) shadow-sm transition-opacity outline-none hover:opacity-90 focus-visible:ring-3 focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50"
              >
                <ShoppingBag className="size-5" aria-hidden="true" />
                Añadir al carrito
              </button>
              <a
                href={contactUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-12 flex-1 items-center justify-center gap-2 rounded-lg border border-border bg-card px-6 text-base font-semibold whitespace-nowrap shadow-xs transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50"
              >
                {whatsappNumber(business) ? (
                  <WhatsAppIcon className="size-5 text-[#128C7E]" aria-hidden="true" />
                ) : (
                  <Mail className="size-5" aria-hidden="true" />
                )}
                Contactar
              </a>
              <FavoriteButton
                variant="outline"
                target={{
                  businessIdentifier: id,
                  productId: product._id,
                  slug: product.slug,
                  name: product.name,
                  price: product.price,
                  discount: product.discount,
                  currency: product.currency,
                  image: product.image,
                }}
              />
            </div>
          </div>
        </div>
      </div>

      {(product.specifications.length > 0 || product.info) && (
        <div className="mt-12 grid gap-10 border-t border-border pt-10 lg:grid-cols-2 lg:gap-14">
          {product.specifications.length > 0 && (
            <section aria-labelledby="especificaciones">
              <h2 id="especificaciones" className="mb-4 text-xl font-bold tracking-tight">
                Especificaciones
              </h2>
              <SpecificationsTable specifications={product.specifications} />
            </section>
          )}
          {product.info && (
            <section aria-labelledby="descripcion">
              <h2 id="descripcion" className="mb-4 text-xl font-bold tracking-tight">
                Descripción
              </h2>
              <p className="leading-relaxed whitespace-pre-line text-muted-foreground">
                {product.info}
              </p>
            </section>
          )}
        </div>
      )}
    </article>
  )
}

/**
 * Issue 27 §3: the address segment as the API is asked about it — lower case, so an address
 * typed in capitals still finds its product (and then redirects to the real one).
 */
function productAddress(segment: string): string {
  return segment.toLowerCase()
}

/** SPEC §2.8 product detail (and §4 product page states: loading, loaded, error / not found). */
function StorefrontProductDetail() {
  const { business } = useStorefront()
  const { slug = '' } = useParams()
  const { search } = useLocation()
  const product = useProductBySlug(business.identifier, productAddress(slug))
  const isNotFound = isApiError(product.error) && product.error.status === 404

  useEffect(() => {
    // SPEC §8: 'Error al cargar el producto' is also logged.
    if (product.error && !isNotFound) console.error(PRODUCT_MESSAGES.loadFailed, product.error)
  }, [product.error, isNotFound])

  if (product.isPending) return <PageSpinner label="Cargando producto…" />
  // A product of another business is not found here (its address names this business).
  if (product.isError || product.data.businessId !== business._id) {
    return <ProductUnavailable isLoadError={product.isError && !isNotFound} />
  }
  // An old address (an earlier slug, or the product's id): the loader redirected already; this
  // covers a product whose address changed while its page was open.
  if (product.data.slug !== slug) {
    return (
      <Navigate
        replace
        to={`${paths.storefront.product(business.identifier, product.data.slug)}${search}`}
      />
    )
  }
  return <ProductView key={product.data._id} business={business} product={product.data} />
}

/**
 * The product, before the page renders, read by the storefront's identifier and the address's
 * segment beside the business (the layout's loader reads that meanwhile). An old address — an
 * earlier slug or the product's id (issue 27 §3) — is a permanent redirect to the product's
 * slug: a 301 from the server, the address replaced in the browser.
 */
export function dataLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const identifier = storefrontIdentifier(params)
    const slug = params.slug ?? ''
    // Capitals in the identifier: the layout's loader redirects to the lower-case address.
    if (identifier !== identifier.toLowerCase()) return null
    const product = await ensureData(
      queryClient,
      productBySlugQueryOptions(identifier, productAddress(slug)),
    )
    if (product && product.slug !== slug) {
      // The page at the new address reads the same product: no second request for it.
      queryClient.setQueryData(productKeys.bySlug(identifier, product.slug), product)
      const { search } = new URL(request.url)
      // `replace`: the old address does not stay in the history (going back skips it).
      return replace(`${paths.storefront.product(identifier, product.slug)}${search}`, 301)
    }
    return null
  }
}

/**
 * The product's head (SPEC §2.8), or 'Producto no encontrado' with a 404 — for a product that is
 * not there, hidden, or of another shop — or the load error (the browser tries again).
 */
export function head({ queryClient, params, url }: HeadArgs): RouteDocument | null {
  const identifier = storefrontIdentifier(params)
  const business = queryClient.getQueryData<Business>(businessKeys.byIdentifier(identifier))
  if (!business) return null
  const key = productKeys.bySlug(identifier, productAddress(params.slug ?? ''))
  const state = queryClient.getQueryState<Product>(key)
  if (state?.status === 'error') {
    return isApiError(state.error) && state.error.status === 404
      ? missingHead(PRODUCT_MESSAGES.notFound, business)
      : { ...missingHead(PRODUCT_MESSAGES.loadFailed, business), status: 200 }
  }
  const product = state?.data
  if (!product) return null
  if (product.businessId !== business._id) return missingHead(PRODUCT_MESSAGES.notFound, business)
  return productHead(business, product, url)
}

export { StorefrontProductDetail as Component }
