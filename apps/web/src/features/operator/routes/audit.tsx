import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { routePaths, withQuery } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { operatorAuditQueryOptions } from '../api/operator'
import { AuditList } from '../components/audit-list'
import { ConsoleSection, parsePage, PagedResults } from '../components/console-parts'

/** `/operador/auditoria`: every operator action, newest first. */
function OperatorAuditRoute() {
  useDocumentTitle(M.auditTitle)
  const [params] = useSearchParams()
  const page = parsePage(params.get('page'))
  const result = useQuery(operatorAuditQueryOptions({ page }))
  return (
    <ConsoleSection title={M.auditTitle} description={M.auditDescription}>
      <PagedResults
        result={result}
        page={page}
        empty={M.noAudit}
        hrefFor={(p) => withQuery(routePaths.operator.audit, { page: p > 1 ? p : undefined })}
      >
        {(data) => <AuditList entries={data.items} />}
      </PagedResults>
    </ConsoleSection>
  )
}

export { OperatorAuditRoute as Component }
