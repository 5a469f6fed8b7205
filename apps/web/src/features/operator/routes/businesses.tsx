import {
  BUSINESS_STATES,
  OPERATOR_CONSOLE_MESSAGES as M,
  LIMITS,
  PLAN_TYPES,
} from '@vitrina/contracts'
import type { BusinessState, PlanType } from '@vitrina/contracts'
import { useQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import { FormField } from '../../../components/form-field'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { operatorBusinessesQueryOptions, type BusinessListParams } from '../api/operator'
import {
  BusinessFacts,
  ConsoleSection,
  NativeSelect,
  parsePage,
  PlanBadge,
  StateBadge,
  PagedResults,
} from '../components/console-parts'
import { PlatformActivity } from '../components/platform-activity'

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value)

/** The list's query as the address holds it (`?search=&plan=&state=&page=`). */
function useListQuery(): BusinessListParams {
  const [params] = useSearchParams()
  return {
    page: parsePage(params.get('page')),
    pageSize: LIMITS.operatorPageSizeDefault,
    search: params.get('search')?.trim() || undefined,
    plan: oneOf<PlanType>(PLAN_TYPES, params.get('plan')),
    state: oneOf<BusinessState>(BUSINESS_STATES, params.get('state')),
  }
}

function Filters({ query }: { query: BusinessListParams }) {
  const navigate = useNavigate()
  const [search, setSearch] = useState(query.search ?? '')
  const [plan, setPlan] = useState<string>(query.plan ?? '')
  const [state, setState] = useState<string>(query.state ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void navigate(paths.operator.businesses({ search: search.trim(), plan, state }))
  }
  return (
    <form
      role="search"
      aria-label={M.searchLabel}
      onSubmit={submit}
      className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_10rem_10rem_auto] sm:items-end"
    >
      <FormField label={M.searchLabel}>
        <Input
          type="search"
          value={search}
          placeholder={M.searchPlaceholder}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={LIMITS.searchMax}
        />
      </FormField>
      <FormField label={M.planLabel}>
        <NativeSelect value={plan} onChange={(event) => setPlan(event.target.value)}>
          <option value="">{M.allOption}</option>
          <option value="free">{M.planFree}</option>
          <option value="pro">{M.planPro}</option>
        </NativeSelect>
      </FormField>
      <FormField label={M.stateLabel}>
        <NativeSelect value={state} onChange={(event) => setState(event.target.value)}>
          <option value="">{M.allOption}</option>
          <option value="active">{M.stateActive}</option>
          <option value="suspended">{M.stateSuspended}</option>
        </NativeSelect>
      </FormField>
      <Button type="submit" size="lg">
        <Search aria-hidden="true" />
        {M.searchLabel}
      </Button>
    </form>
  )
}

/** `/operador/negocios`: every business, searchable and filtered, newest first. */
function OperatorBusinessesRoute() {
  useDocumentTitle(M.businessesTitle)
  const query = useListQuery()
  const result = useQuery(operatorBusinessesQueryOptions(query))

  return (
    <ConsoleSection title={M.businessesTitle} description={M.businessesDescription}>
      {/* Issue 26: the platform's visits, orders and active businesses. */}
      <PlatformActivity />
      {/* A new address starts the form from what it says. */}
      <Filters key={`${query.search}|${query.plan}|${query.state}`} query={query} />
      <PagedResults
        result={result}
        page={query.page}
        empty={M.noBusinesses}
        hrefFor={(page) =>
          paths.operator.businesses({
            search: query.search,
            plan: query.plan,
            state: query.state,
            page: page > 1 ? page : undefined,
          })
        }
      >
        {(data) => (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {M.businessCount(data.total)}
            </p>
            <ul className="grid gap-3">
              {data.items.map((business) => (
                <li
                  key={business._id}
                  className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
                >
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={paths.operator.business(business._id)}
                        className="truncate text-lg font-semibold text-foreground hover:underline"
                      >
                        {business.name}
                      </Link>
                      <StateBadge suspendedAt={business.suspendedAt} />
                      <PlanBadge plan={business.effectivePlan} />
                    </div>
                    <p className="truncate text-sm text-muted-foreground">
                      /{business.identifier} · {M.ownerLabel}: {business.ownerEmail}
                    </p>
                  </div>
                  <BusinessFacts business={business} />
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedResults>
    </ConsoleSection>
  )
}

export { OperatorBusinessesRoute as Component }
