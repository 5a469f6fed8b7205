import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Pagination } from '../../../components/pagination'
import { PageSpinner } from '../../../components/page-spinner'
import { Badge } from '../../../components/ui/badge'
import { Switch } from '../../../components/ui/switch'
import { routePaths, withQuery } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { operatorMessagesQueryOptions, useMarkRead } from '../api/operator'
import {
  ConsoleSection,
  formatDateTime,
  LoadProblem,
  parsePage,
  totalPagesOf,
  RowAction,
} from '../components/console-parts'

/** `/operador/mensajes`: the contact form's messages, newest first; unread ones marked. */
function OperatorMessagesRoute() {
  useDocumentTitle(M.messagesTitle)
  const [params, setParams] = useSearchParams()
  const page = parsePage(params.get('page'))
  const unread = params.get('sinLeer') === '1'
  const { data, isPending, isError, refetch } = useQuery(
    operatorMessagesQueryOptions({ page, unread }),
  )
  const markRead = useMarkRead()
  const totalPages = totalPagesOf(data)

  return (
    <ConsoleSection
      title={M.messagesTitle}
      description={M.messagesDescription}
      actions={
        <label className="flex items-center gap-2 text-sm font-medium">
          <Switch
            checked={unread}
            onCheckedChange={(checked) => setParams(checked ? { sinLeer: '1' } : {})}
          />
          {M.onlyUnread}
          {data && data.unreadCount > 0 && <Badge variant="accent">{data.unreadCount}</Badge>}
        </label>
      }
    >
      {isPending ? (
        <PageSpinner />
      ) : isError ? (
        <LoadProblem onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {M.noMessages}
        </p>
      ) : (
        <>
          <ul className="grid gap-3">
            {data.items.map((message) => (
              <li
                key={message.id}
                className="grid gap-3 rounded-2xl border border-border bg-card p-4"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{message.name}</p>
                    <a
                      href={`mailto:${message.email}`}
                      className="text-sm break-all text-accent hover:underline"
                    >
                      {message.email}
                    </a>
                  </div>
                  <div className="flex items-center gap-2 text-sm text-muted-foreground">
                    <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                    {message.readAt ? (
                      <Badge variant="outline">{M.read}</Badge>
                    ) : (
                      <Badge variant="accent">{M.unread}</Badge>
                    )}
                  </div>
                </div>
                <p className="text-sm break-words whitespace-pre-line">{message.message}</p>
                {!message.readAt && (
                  <RowAction action={markRead} id={message.id} done={M.markedRead}>
                    {M.markRead}
                  </RowAction>
                )}
              </li>
            ))}
          </ul>
          <Pagination
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            hrefFor={(p) =>
              withQuery(routePaths.operator.messages, {
                sinLeer: unread ? '1' : undefined,
                page: p > 1 ? p : undefined,
              })
            }
          />
        </>
      )}
    </ConsoleSection>
  )
}

export { OperatorMessagesRoute as Component }
