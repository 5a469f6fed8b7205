/**
 * Issue 46 §1: /admin/dominio — «Dominio propio». The owner writes the shop's domain, reads the
 * DNS records to create (a CNAME, or A/AAAA for an apex, and the TXT that proves ownership),
 * sees the domain's state (pendiente, verificado, con error with its reason, suspendido) and
 * asks to «Verificar». Every text is contracts' (domains.ts); the API normalises the name.
 */
import {
  DOMAIN_MESSAGES,
  DOMAIN_PAGE_TEXTS as T,
  DOMAIN_STATE_LABELS,
  type CustomDomain,
  type DomainState,
} from '@vitrina/contracts'
import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Spinner } from '../../../components/ui/spinner'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import {
  useCustomDomain,
  useRemoveCustomDomain,
  useSetCustomDomain,
  useVerifyCustomDomain,
} from '../api/custom-domain'
import { AdminPage } from '../components/admin-page'
import { WithMyBusiness } from '../components/with-my-business'

const STATE_VARIANT: Record<DomainState, 'success' | 'outline' | 'destructive' | 'secondary'> = {
  verified: 'success',
  pending: 'outline',
  failed: 'destructive',
  suspended: 'secondary',
}

function errorMessage(error: unknown): string | null {
  if (!error) return null
  return isApiError(error) ? error.message : String(error)
}

function DomainForm({ current }: { current: CustomDomain | null }) {
  const inputId = useId()
  const hintId = useId()
  const errorId = useId()
  const [hostname, setHostname] = useState(current?.displayName ?? '')
  const save = useSetCustomDomain()
  const error = errorMessage(save.error)

  function submit(event: FormEvent) {
    event.preventDefault()
    save.mutate(hostname, { onSuccess: () => toast.success(T.saved) })
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <Label htmlFor={inputId}>{T.label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          name="hostname"
          value={hostname}
          onChange={(event) => setHostname(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="font-mono sm:flex-1"
        />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner aria-hidden="true" />}
          {current ? T.change : T.save}
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {T.hint}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  )
}

function DnsRecords({ domain }: { domain: CustomDomain }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {T.recordsTitle}
      </h2>
      <p className="text-sm">{T.recordsIntro}</p>
      {domain.apex && <p className="text-sm text-muted-foreground">{T.apexNote}</p>}
      <div className="overflow-x-auto rounded-xl border border-border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className="p-2 font-semibold">
                {T.columnType}
              </th>
              <th scope="col" className="p-2 font-semibold">
                {T.columnName}
              </th>
              <th scope="col" className="p-2 font-semibold">
                {T.columnValue}
              </th>
              <th scope="col" className="hidden p-2 font-semibold sm:table-cell">
                {T.columnPurpose}
              </th>
            </tr>
          </thead>
          <tbody>
            {domain.records.map((record) => (
              <tr key={`${record.type} ${record.value}`} className="border-t border-border">
                <td className="p-2 align-top font-mono">{record.type}</td>
                <td className="p-2 align-top font-mono break-all">{record.name}</td>
                <td className="p-2 align-top font-mono break-all">{record.value}</td>
                <td className="hidden p-2 align-top sm:table-cell">{record.purpose}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function DomainStatus({ domain }: { domain: CustomDomain }) {
  const verify = useVerifyCustomDomain()
  const remove = useRemoveCustomDomain()
  const failure = errorMessage(verify.error ?? remove.error)

  function check() {
    verify.mutate(undefined, {
      onSuccess: (checked) => {
        if (checked?.state === 'verified') toast.success(T.verifiedToast)
        else toast.error(T.notYet)
      },
    })
  }

  return (
    <section
      aria-label={T.state}
      className="grid gap-3 rounded-2xl border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold break-all">{domain.displayName}</span>
        <Badge variant={STATE_VARIANT[domain.state]}>
          {T.state}: {DOMAIN_STATE_LABELS[domain.state]}
        </Badge>
      </div>
      {domain.error && (
        <p role="status" className="text-sm text-destructive">
          {domain.error}
        </p>
      )}
      {domain.state === 'verified' && (
        <p className="text-sm">
          {T.liveAt}{' '}
          <a href={domain.url} className="font-medium underline underline-offset-4">
            {domain.url}
          </a>
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        {T.checkedAt}:{' '}
        {domain.checkedAt ? new Date(domain.checkedAt).toLocaleString('es-UY') : T.never}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={check} disabled={verify.isPending}>
          {verify.isPending && <Spinner aria-hidden="true" />}
          {verify.isPending ? T.verifying : T.verify}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            remove.mutate(undefined, { onSuccess: () => toast.success(DOMAIN_MESSAGES.removed) })
          }
          disabled={remove.isPending}
        >
          {T.remove}
        </Button>
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
    </section>
  )
}

export function CustomDomainView() {
  const { data, error, isPending } = useCustomDomain()
  if (isPending) return <Spinner />
  if (error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(error)}
      </p>
    )
  }
  const domain = data.domain
  return (
    <div className="grid max-w-3xl gap-6">
      <DomainForm key={domain?.hostname ?? ''} current={domain} />
      {domain && <DomainStatus domain={domain} />}
      {domain && <DnsRecords domain={domain} />}
    </div>
  )
}

function CustomDomainPage() {
  useDocumentTitle(T.title)
  return (
    <WithMyBusiness>
      {() => (
        <AdminPage title={T.title} description={T.intro}>
          <CustomDomainView />
        </AdminPage>
      )}
    </WithMyBusiness>
  )
}

export { CustomDomainPage as Component }
