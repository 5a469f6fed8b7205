import { ArrowRight, Store } from 'lucide-react'
import { GENERIC_MESSAGES, LAYOUT } from '@vitrina/contracts'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from '../../../components/ui/link'
import { Button } from '../../../components/ui/button'
import {
  Carousel,
  CarouselContent,
  CarouselDots,
  CarouselItem,
  CarouselNext,
  CarouselPrevious,
} from '../../../components/ui/carousel'
import { paths } from '../../../config/paths'
import { featuredBusinessesQueryOptions } from '../api/get-businesses'
import { BusinessCard, BusinessCardSkeleton } from './business-card'

/**
 * SPEC §2.2 'Negocios destacados': at most 6 businesses (issue 23 §3: an operator's choice, or
 * those with a logo and products), looping when there are more than 3,
 * 1/2/3 cards per view by breakpoint. A load failure is only logged (SPEC §8) and the section
 * shows its empty text.
 */
export function FeaturedBusinesses() {
  const { data, isPending, isError, error } = useQuery(featuredBusinessesQueryOptions())
  useEffect(() => {
    if (isError) console.error('No se pudieron cargar los negocios destacados', error)
  }, [isError, error])

  const businesses = isError ? [] : (data ?? [])
  const shouldLoop = businesses.length > LAYOUT.featuredBusinessesLoopAbove

  return (
    <section aria-labelledby="destacados-titulo" className="bg-card py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-wide text-accent uppercase">Inspírate</p>
            <h2 id="destacados-titulo" className="mt-1 text-3xl font-bold tracking-tight">
              Negocios destacados
            </h2>
          </div>
          <Link
            to={paths.platform.businesses()}
            className="inline-flex items-center gap-1 rounded font-semibold text-accent hover:underline"
          >
            Ver todos
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>

        <div className="mt-8">
          {isPending ? (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
              <span className="sr-only">Cargando negocios…</span>
              {/* As many placeholders as the carousel shows cards: 1, 2 or 3 by breakpoint. */}
              <BusinessCardSkeleton />
              <BusinessCardSkeleton shownFrom="sm" />
              <BusinessCardSkeleton shownFrom="lg" />
            </div>
          ) : businesses.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-border bg-background p-10 text-center text-muted-foreground">
              {GENERIC_MESSAGES.featuredBusinessesEmpty}
            </p>
          ) : (
            // Its dots count the measured pages (up to three cards a view, no loop below four).
            <Carousel label="Negocios destacados" loop={shouldLoop}>
              <CarouselContent>
                {businesses.map((business, index) => (
                  <CarouselItem
                    key={business._id}
                    aria-label={`${index + 1} de ${businesses.length}`}
                    className="basis-full sm:basis-1/2 lg:basis-1/3"
                  >
                    <BusinessCard business={business} />
                  </CarouselItem>
                ))}
              </CarouselContent>
              <div className="mt-6 flex items-center justify-between gap-4">
                <CarouselDots />
                <div className="ml-auto flex gap-2">
                  <CarouselPrevious />
                  <CarouselNext />
                </div>
              </div>
            </Carousel>
          )}
        </div>

        <div className="mt-10 flex flex-col items-start gap-4 rounded-2xl bg-primary p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div className="flex items-start gap-4">
            <span
              className="hidden size-12 shrink-0 place-items-center rounded-xl bg-white/10 sm:grid"
              aria-hidden="true"
            >
              <Store className="size-6" />
            </span>
            <div>
              <p className="text-lg font-semibold">¿Tienes un negocio?</p>
              <p className="text-sm text-white/75">
                Súmate a los negocios que ya venden con su catálogo en Vitrina.
              </p>
            </div>
          </div>
          <Button variant="inverted" size="lg" asChild>
            <Link to={paths.platform.newBusiness()}>Crear mi negocio</Link>
          </Button>
        </div>
      </div>
    </section>
  )
}
