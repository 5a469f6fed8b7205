import { GENERIC_MESSAGES, LIMITS } from '@vitrina/contracts'
import { SearchX, X } from 'lucide-react'
import { useEffect } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import type { LoaderFunctionArgs } from 'react-router'
import { ensureData } from '../../../api/ensure-data'
import { PageHeader } from '../../../components/page-header'
import { Pagination } from '../../../components/pagination'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { prefersReducedMotion } from '../../../hooks/use-reduced-motion'
import { businessesQueryOptions, useBusinesses } from '../api/get-businesses'
import { BusinessCard, BusinessCardSkeleton } from '../components/business-card'

function parsePage(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/** The directory's list at an address (`?page=2&search=cafe`), as the page and its loader ask. */
function directoryQuery(searchParams: URLSearchParams) {
  const rawSearch = (searchParams.get('search') ?? '').trim()
  // The API needs at least 3 characters (SPEC §9); a shorter search lists everything.
  const isSearchTooShort = rawSearch.length > 0 && rawSearch.length < LIMITS.searchMin
  const params = {
    page: parsePage(searchParams.get('page')),
    pageSize: LIMITS.businessPageSizeDefault,
    search: isSearchTooShort ? '' : rawSearch,
  }
  return { params, isSearchTooShort }
}

/** SPEC §2.1, §2.3: every business as a card, paginated (page in the address), with name search. */
function BusinessesRoute() {
  useDocumentTitle('Negocios')
  const [searchParams] = useSearchParams()
  const { params, isSearchTooShort } = directoryQuery(searchParams)
  const { page, search } = params
  const { data, isPending, isError, refetch, isPlaceholderData } = useBusinesses(params)
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }, [page])

  return (
    <>
      <PageHeader
        eyebrow="Directorio"
        title="Negocios"
        description="Descubre los catálogos que ya están en Vitrina y encuentra lo que buscas."
      >
        {search && (
          <p className="mt-5 flex flex-wrap items-center gap-2 text-sm">
            <span>
              Resultados para <strong>“{search}”</strong>
              {data &&
                !isPlaceholderData &&
                ` · ${data.total} ${data.total === 1 ? 'negocio' : 'negocios'}`}
            </span>
            <Link
              to={paths.platform.businesses()}
              className="inline-flex items-center gap-1 rounded-full bg-muted px-3 py-1 font-medium hover:bg-secondary"
            >
              <X className="size-3.5" aria-hidden="true" />
              Quitar búsqueda
            </Link>
          </p>
        )}
        {isSearchTooShort && (
          <p role="status" className="mt-5 text-sm text-muted-foreground">
            {GENERIC_MESSAGES.searchMin}
          </p>
        )}
      </PageHeader>

      <section
        aria-label="Listado de negocios"
        className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8"
      >
        {isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            <span className="sr-only">Cargando negocios…</span>
            {Array.from({ length: 6 }, (_, i) => (
              <BusinessCardSkeleton key={i} />
            ))}
          </div>
        ) : isError ? (
          <div className="grid place-items-center gap-4 py-16 text-center" role="alert">
            <p className="text-muted-foreground">{GENERIC_MESSAGES.tryAgainLater}</p>
            <Button variant="outline" onClick={() => void refetch()}>
              Intentar de nuevo
            </Button>
          </div>
        ) : data.items.length === 0 ? (
          <div className="grid place-items-center gap-3 py-16 text-center">
            <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-semibold">
              {search
                ? 'No encontramos negocios con ese nombre.'
                : 'Todavía no hay negocios publicados.'}
            </p>
            <Button asChild className="mt-2">
              <Link to={paths.platform.newBusiness()}>Crear mi negocio</Link>
            </Button>
          </div>
        ) : (
          <>
            <ul
              className="grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 data-[stale=true]:opacity-60"
              data-stale={isPlaceholderData}
            >
              {data.items.map((business) => (
                <li key={business._id}>
                  <BusinessCard business={business} headingLevel="h2" />
                </li>
              ))}
            </ul>
            <Pagination
              className="mt-10"
              page={Math.min(page, totalPages)}
              totalPages={totalPages}
              hrefFor={(p) => paths.platform.businesses({ search, page: p })}
            />
          </>
        )}
      </section>
    </>
  )
}

/** The directory page of the address, before the page renders (router.tsx). */
export function dataLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { params } = directoryQuery(new URL(request.url).searchParams)
    await ensureData(queryClient, businessesQueryOptions(params))
    return null
  }
}

export { BusinessesRoute as Component }
