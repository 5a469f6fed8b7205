import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Pagination } from '../../../components/pagination'
import { PageSpinner } from '../../../components/page-spinner'
import { routePaths, withQuery } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { operatorAuditQueryOptions } from '../api/operator'
import { AuditList } from '../components/audit-list'
import { ConsoleSection, LoadProblem, parsePage, totalPagesOf } from '../components/console-parts'

/** `/operador/auditoria`: every operator action, newest first. */
function OperatorAuditRoute() {
  useDocumentTitle(M.auditTitle)
  const [params] = useSearchParams()
  const page = parsePage(params.get('page'))
  const { data, isPending, isError, refetch } = useQuery(operatorAuditQueryOptions({ page }))
  const totalPages = totalPagesOf(data)
  return (
    <ConsoleSection title={M.auditTitle} description={M.auditDescription}>
      {isPending ? (
        <PageSpinner />
      ) : isError ? (
        <LoadProblem onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {M.noAudit}
        </p>
      ) : (
        <>
          <AuditList entries={data.items} />
          <Pagination
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            hrefFor={(p) => withQuery(routePaths.operator.audit, { page: p > 1 ? p : undefined })}
          />
        </>
      )}
    </ConsoleSection>
  )
}

export { OperatorAuditRoute as Component }
