import { LIMITS, OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import type { FeaturedSelection, OperatorBusiness } from '@vitrina/contracts'
import { useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import { useState } from 'react'
import { FormField } from '../../../components/form-field'
import { PageSpinner } from '../../../components/page-spinner'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { toast } from '../../../lib/toast'
import {
  featuredSelectionQueryOptions,
  operatorBusinessesQueryOptions,
  useSaveFeatured,
} from '../api/operator'
import { ConsoleSection, LoadProblem, actionFailed } from '../components/console-parts'

function Candidates({
  chosen,
  onAdd,
}: {
  chosen: OperatorBusiness[]
  onAdd: (business: OperatorBusiness) => void
}) {
  const [search, setSearch] = useState('')
  const { data } = useQuery(
    operatorBusinessesQueryOptions({
      page: 1,
      pageSize: 10,
      state: 'active',
      search: search.trim() || undefined,
    }),
  )
  const chosenIds = new Set(chosen.map((b) => b._id))
  const isFull = chosen.length >= LIMITS.featuredBusinesses
  return (
    <section aria-labelledby="candidatos" className="grid content-start gap-3">
      <h3 id="candidatos" className="text-lg font-semibold">
        {M.featuredCandidates}
      </h3>
      <FormField label={M.searchLabel}>
        <Input
          type="search"
          value={search}
          placeholder={M.searchPlaceholder}
          onChange={(event) => setSearch(event.target.value)}
        />
      </FormField>
      <ul className="grid gap-2">
        {(data?.items ?? [])
          .filter((business) => !chosenIds.has(business._id))
          .map((business) => (
            <li
              key={business._id}
              className="flex items-center justify-between gap-3 rounded-xl border border-border bg-card p-3"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{business.name}</span>
                <span className="block truncate text-sm text-muted-foreground">
                  /{business.identifier} · {M.productsLabel}: {business.productCount}
                </span>
              </span>
              <Button
                type="button"
                variant="outline"
                size="icon"
                disabled={isFull}
                aria-label={M.featuredAdd(business.name)}
                onClick={() => onAdd(business)}
              >
                <Plus aria-hidden="true" />
              </Button>
            </li>
          ))}
      </ul>
    </section>
  )
}

function Editor({ selection }: { selection: FeaturedSelection }) {
  const save = useSaveFeatured()
  const [chosen, setChosen] = useState<OperatorBusiness[]>(
    selection.mode === 'chosen' ? selection.items : [],
  )
  const move = (index: number, by: number) =>
    setChosen((list) => {
      const next = [...list]
      const [item] = next.splice(index, 1)
      next.splice(index + by, 0, item!)
      return next
    })
  const submit = (ids: string[]) =>
    save.mutate(ids, {
      onSuccess: (saved) => {
        setChosen(saved.mode === 'chosen' ? saved.items : [])
        toast.success(M.featuredSaved)
      },
      onError: (error) => actionFailed(error),
    })

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="elegidos" className="grid content-start gap-3">
        <h3 id="elegidos" className="text-lg font-semibold">
          {M.featuredChosen}
        </h3>
        {selection.mode === 'automatic' && (
          <p className="text-sm text-muted-foreground">{M.featuredAutomatic}</p>
        )}
        {chosen.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            {M.featuredEmpty}
          </p>
        ) : (
          <ol className="grid gap-2">
            {chosen.map((business, index) => (
              <li
                key={business._id}
                className="flex items-center gap-2 rounded-xl border border-border bg-card p-3"
              >
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-muted text-sm font-semibold">
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1 truncate font-medium">{business.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={M.featuredUp(business.name)}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={M.featuredDown(business.name)}
                  disabled={index === chosen.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={M.featuredRemove(business.name)}
                  onClick={() => setChosen((list) => list.filter((b) => b._id !== business._id))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
        )}
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            disabled={save.isPending}
            onClick={() => submit(chosen.map((b) => b._id))}
          >
            {M.featuredSave}
          </Button>
          {selection.mode === 'chosen' && (
            <Button
              type="button"
              variant="outline"
              disabled={save.isPending}
              onClick={() => submit([])}
            >
              {M.featuredClear}
            </Button>
          )}
        </div>
      </section>
      <Candidates chosen={chosen} onAdd={(business) => setChosen((list) => [...list, business])} />
    </div>
  )
}

/** `/operador/destacados`: the landing's 'Negocios destacados', chosen and ordered. */
function OperatorFeaturedRoute() {
  useDocumentTitle(M.featuredTitle)
  const { data, isPending, isError, refetch } = useQuery(featuredSelectionQueryOptions())
  return (
    <ConsoleSection title={M.featuredTitle} description={M.featuredDescription}>
      {isPending ? (
        <PageSpinner />
      ) : isError ? (
        <LoadProblem onRetry={() => void refetch()} />
      ) : (
        <Editor selection={data} />
      )}
    </ConsoleSection>
  )
}

export { OperatorFeaturedRoute as Component }
