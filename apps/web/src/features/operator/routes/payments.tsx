/**
 * PLACEHOLDER — owned by the plans helper (issue 23 §2): the lead replaces this file at merge with
 * the real payments page. It exists only so the console's router compiles on this branch.
 */
import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { ConsoleSection } from '../components/console-parts'

function OperatorPaymentsRoute() {
  useDocumentTitle(M.navPayments)
  return (
    <ConsoleSection title={M.navPayments}>
      <p className="text-muted-foreground">—</p>
    </ConsoleSection>
  )
}

export { OperatorPaymentsRoute as Component }
