import { SlidersHorizontal } from 'lucide-react'
import {
  activeFilterCount,
  currencySymbol,
  GENERIC_MESSAGES,
  listAddressParams,
  listRequestForAddress,
  parseListAddress,
  sortOptionsFor,
  TIMINGS,
} from '@vitrina/contracts'
import type { Business, ListAddress, SortValue } from '@vitrina/contracts'
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useOptimistic,
  useRef,
} from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import type { LoaderFunctionArgs } from 'react-router'
import { businessByIdentifierQueryOptions, businessKeys } from '../../../api/businesses'
import { ensureData } from '../../../api/ensure-data'
import { productsQueryOptions, useBusinessOptions, useProducts } from '../../../api/products'
import { Pagination } from '../../../components/pagination'
import { paths } from '../../../config/paths'
import { storefrontIdentifier } from '../../../lib/site'
import { ActiveFilters } from '../components/active-filters'
import { FilterPanel } from '../components/filter-panel'
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid'
import { storefrontHead } from '../lib/storefront-head'
import { clearFilters, setPage, setSort } from '../lib/product-filters'
import { useDebouncedValue } from '../lib/use-debounced-value'
import { useStorefront } from '../lib/storefront-context'
import type { HeadArgs, RouteDocument } from '../../../ssr/page-head'
import { useLazyPanel } from '../../../lib/use-lazy-panel'
import { trackSearch } from '../../../lib/storefront-events'

const FiltersSheet = lazy(() => import('../components/filters-sheet'))

function resultsLabel(total: number): string {
  return `${total} ${total === 1 ? 'producto' : 'productos'}`
}

/**
 * SPEC §2.7 product list. The address is the single source of truth (SPEC §4): filters are read
 * from it and every change writes a new entry, so back/forward restores them. The list is
 * fetched for the address after a 10 ms debounce (SPEC §9), keeping the previous page on screen.
 */
function StorefrontProducts() {
  const { business } = useStorefront()
  const [searchParams, setSearchParams] = useSearchParams()
  const navigate = useNavigate()
  const addressFilters = useMemo(() => parseListAddress(searchParams), [searchParams])
  // The controls show a change at once (a checkbox stays ticked) while the router navigates to
  // the new address; then the address is what they show again.
  const [filters, showFilters] = useOptimistic(addressFilters)
  const canonical = listAddressParams(addressFilters).toString()
  const appliedKey = useDebouncedValue(canonical, TIMINGS.productsFetchDebounceMs)
  const applied = useMemo(() => parseListAddress(appliedKey), [appliedKey])
  // The route loader asks for the same list (listRequestForAddress): it may have arrived already.
  const list = useProducts(business._id, listRequestForAddress(appliedKey))
  const {
    isOpen: isSheetOpen,
    hasOpened: hasOpenedSheet,
    open: openSheet,
    setOpen: setIsSheetOpen,
  } = useLazyPanel()
  const headingId = useId()
  const sortId = useId()
  const resultsRef = useRef<HTMLDivElement>(null)
  const identifier = business.identifier
  // Issue 25: the option filter (absent while loading, on failure, or without options) and the
  // currency the price bounds are compared in.
  const options = useBusinessOptions(business._id).data ?? []
  const mainSymbol = currencySymbol(business.mainCurrency ?? 'UYU')

  function update(next: ListAddress) {
    startTransition(async () => {
      showFilters(next)
      await navigate({ search: `?${listAddressParams(next)}` })
    })
  }
  // Issue 41: the filters' links, which also work without JavaScript.
  const hrefFor = (next: ListAddress) => paths.storefront.products(identifier, next)

  // SPEC §8: a failed list is logged (the screen offers a retry).
  useEffect(() => {
    if (list.error) console.error('No se pudieron cargar los productos', list.error)
  }, [list.error])

  const data = list.data
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  // Issue 26: the owner's insights learn what shoppers search for and whether it found anything.
  useEffect(() => {
    if (data && !list.isPlaceholderData && applied.search) {
      trackSearch(business._id, applied.search, data.total)
    }
  }, [data, list.isPlaceholderData, applied.search, business._id])

  // An address past the last page (e.g. after the catalogue shrank) moves to the last page.
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.items.length === 0 && applied.page > totalPages) {
      setSearchParams(listAddressParams(setPage(applied, totalPages)), { replace: true })
    }
  }, [data, list.isPlaceholderData, applied, totalPages, setSearchParams])

  // A new page starts at the top of the results.
  const previousPage = useRef(addressFilters.page)
  useEffect(() => {
    if (previousPage.current === addressFilters.page) return
    previousPage.current = addressFilters.page
    resultsRef.current?.scrollIntoView({ block: 'start' })
  }, [addressFilters.page])

  const isUpdating = list.isFetching && (list.isPlaceholderData || canonical !== appliedKey)
  const filterCount = activeFilterCount(filters)

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-border pb-6">
        <div>
          <p className="text-sm font-medium text-muted-foreground">
            <Link to={paths.storefront.home(identifier)} className="hover:underline">
              {business.name}
            </Link>
          </p>
          <h1 id={headingId} className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">
            Productos
          </h1>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {data ? resultsLabel(data.total) : '\u00a0'}
        </p>
      </div>

      {/* Issue 41: without script the sheet cannot open, so below lg the panel shows above the
          list (and the sheet's button, which needs script, does not); the price's own 'Aplicar'
          needs script too: 'Aplicar filtros' sends the bounds. */}
      <noscript>
        <style>
          {
            '@media (max-width:1023.98px){[data-filters-aside]{display:block;margin-bottom:2rem}[data-filters-open]{display:none}}[data-price-apply]{display:none}'
          }
        </style>
      </noscript>
      <div className="mt-8 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        <aside aria-label="Filtros" data-filters-aside="" className="hidden lg:block">
          <div className="sticky top-24">
            <FilterPanel
              filters={filters}
              categories={business.categories}
              priceMax={data?.priceMax}
              options={options}
              currencySymbol={mainSymbol}
              action={paths.storefront.products(identifier)}
              hrefFor={hrefFor}
              onChange={update}
            />
          </div>
        </aside>

        <section aria-labelledby={headingId} className="min-w-0 scroll-mt-24" ref={resultsRef}>
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <button
              type="button"
              onClick={openSheet}
              data-filters-open=""
              aria-haspopup="dialog"
              className="inline-flex h-10 items-center gap-2 rounded-lg border border-border bg-card px-4 text-sm font-semibold shadow-xs outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 lg:hidden"
            >
              <SlidersHorizontal className="size-4" aria-hidden="true" />
              Filtros
              {filterCount > 0 && (
                <span className="grid size-5 place-items-center rounded-full bg-(--store-primary) text-xs text-(--store-on-primary)">
                  {filterCount}
                </span>
              )}
            </button>
            {/* Issue 41: a GET form, so the order also changes without JavaScript (its button
                shows only then); the other filters ride along as hidden fields. */}
            <form
              method="get"
              action={paths.storefront.products(identifier)}
              className="ml-auto flex items-center gap-2"
            >
              {[...listAddressParams(filters)]
                .filter(([key]) => key !== 'sort' && key !== 'page')
                .map(([key, value], i) => (
                  <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
                ))}
              <label
                htmlFor={sortId}
                className="sr-only text-sm whitespace-nowrap text-muted-foreground sm:not-sr-only"
              >
                Ordenar por
              </label>
              <select
                id={sortId}
                name="sort"
                value={filters.sort}
                onChange={(event) => update(setSort(filters, event.target.value as SortValue))}
                className="h-10 rounded-lg border border-input bg-card px-3 text-sm font-medium shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40"
              >
                {sortOptionsFor(business.productOrder).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <noscript>
                <button
                  type="submit"
                  className="h-10 rounded-lg border border-border bg-card px-3 text-sm font-semibold"
                >
                  Ordenar
                </button>
              </noscript>
            </form>
          </div>

          <div className="mb-5 empty:hidden">
            <ActiveFilters
              filters={filters}
              currencySymbol={mainSymbol}
              hrefFor={hrefFor}
              onChange={update}
            />
          </div>

          {list.isPending ? (
            <ProductGridSkeleton />
          ) : list.isError && !data ? (
            <div className="grid place-items-center gap-3 rounded-2xl border border-dashed border-input bg-card px-6 py-16 text-center">
              <p className="font-semibold">{GENERIC_MESSAGES.tryAgainLater}</p>
              <button
                type="button"
                onClick={() => void list.refetch()}
                className="h-10 rounded-lg border border-border px-4 text-sm font-semibold hover:bg-muted"
              >
                Intentar de nuevo
              </button>
            </div>
          ) : data && data.items.length === 0 ? (
            <div className="grid place-items-center gap-3 rounded-2xl border border-dashed border-input bg-card px-6 py-16 text-center">
              <p className="font-semibold">{GENERIC_MESSAGES.noProducts}</p>
              <Link
                to={hrefFor(clearFilters())}
                className="text-sm font-semibold text-(--store-primary-text) underline-offset-4 hover:underline"
              >
                Limpiar filtros
              </Link>
            </div>
          ) : data ? (
            <div
              aria-busy={isUpdating}
              className="transition-opacity data-[busy=true]:opacity-60"
              data-busy={isUpdating}
            >
              <ProductGrid products={data.items} identifier={identifier} />
              <Pagination
                className="mt-10"
                page={applied.page}
                totalPages={totalPages}
                hrefFor={(page) => hrefFor(setPage(filters, page))}
              />
            </div>
          ) : null}
        </section>
      </div>

      {hasOpenedSheet && (
        <Suspense fallback={null}>
          <FiltersSheet
            open={isSheetOpen}
            onOpenChange={setIsSheetOpen}
            filters={filters}
            categories={business.categories}
            priceMax={data?.priceMax}
            total={data?.total}
            options={options}
            currencySymbol={mainSymbol}
            hrefFor={hrefFor}
            onChange={update}
          />
        </Suspense>
      )}
    </div>
  )
}

/** The business and the list of the address, before the page renders (router.tsx). */
export function dataLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const business = await ensureData(
      queryClient,
      businessByIdentifierQueryOptions(storefrontIdentifier(params)),
    )
    const list = listRequestForAddress(new URL(request.url).searchParams)
    if (business) await ensureData(queryClient, productsQueryOptions(business._id, list))
    return null
  }
}

/** The shop's head under the list's own address (SPEC §2.7). */
export function head({ queryClient, params, url }: HeadArgs): RouteDocument | null {
  const business = queryClient.getQueryData<Business>(
    businessKeys.byIdentifier(storefrontIdentifier(params)),
  )
  return business ? storefrontHead(business, url, 'products') : null
}

export { StorefrontProducts as Component }
