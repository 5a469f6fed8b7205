import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Switch } from '../../../components/ui/switch'
import { routePaths, withQuery } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { operatorMessagesQueryOptions, useMarkRead } from '../api/operator'
import {
  ConsoleSection,
  formatDateTime,
  parsePage,
  PagedResults,
  RowAction,
} from '../components/console-parts'

/** `/operador/mensajes`: the contact form's messages, newest first; unread ones marked. */
function OperatorMessagesRoute() {
  useDocumentTitle(M.messagesTitle)
  const [params, setParams] = useSearchParams()
  const page = parsePage(params.get('page'))
  const unread = params.get('sinLeer') === '1'
  const result = useQuery(operatorMessagesQueryOptions({ page, unread }))
  const markRead = useMarkRead()

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
          {!!result.data?.unreadCount && <Badge variant="accent">{result.data.unreadCount}</Badge>}
        </label>
      }
    >
      <PagedResults
        result={result}
        page={page}
        empty={M.noMessages}
        hrefFor={(p) =>
          withQuery(routePaths.operator.messages, {
            sinLeer: unread ? '1' : undefined,
            page: p > 1 ? p : undefined,
          })
        }
      >
        {(data) => (
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
        )}
      </PagedResults>
    </ConsoleSection>
  )
}

export { OperatorMessagesRoute as Component }
