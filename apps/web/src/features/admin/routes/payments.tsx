/**
 * Issue 43 §1: /admin/pagos — «Pagos en línea». The owner connects Mercado Pago (OAuth when the
 * platform's application is configured, or by pasting the access token and public key), checks
 * it with «Probar conexión», disconnects after a confirmation, and is told which of the shop's
 * currencies the account cannot charge. After Mercado Pago's redirect (?mercadopago=…) only a
 * message is shown: whether the shop is connected is always read from the API.
 */
import {
  MERCADOPAGO_TEXTS as MP,
  PAYMENT_MESSAGES,
  PAYMENT_SETTINGS_TEXTS as T,
  mercadoPagoCredentialsSchema,
  type MercadoPagoConnection,
} from '@vitrina/contracts'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import { FormField } from '../../../components/form-field'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { Input } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import {
  useConnectMercadoPago,
  useDisconnectMercadoPago,
  useMercadoPagoConnection,
  useStartMercadoPagoOauth,
  useTestMercadoPago,
} from '../api/mercadopago'
import { AdminPage } from '../components/admin-page'
import { WithMyBusiness } from '../components/with-my-business'

function errorText(error: unknown): string | null {
  if (!error) return null
  return isApiError(error) && error.status !== 0 ? error.message : PAYMENT_MESSAGES.unreachable
}

function Problem({ error }: { error: unknown }) {
  const text = errorText(error)
  if (!text) return null
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {text}
    </p>
  )
}

/** The outcome Mercado Pago's redirect carried: a message only, never the state. */
function OauthOutcome({ connected }: { connected: boolean }) {
  const [params] = useSearchParams()
  const outcome = params.get('mercadopago')
  const text = outcome ? T.oauthOutcome[outcome] : undefined
  if (!outcome || !text) return null
  const good = outcome === 'conectado' && connected
  return (
    <p
      role={good ? 'status' : 'alert'}
      className={
        good
          ? 'rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950'
          : 'rounded-xl border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive'
      }
    >
      {outcome === 'conectado' && !connected ? T.oauthOutcome.error : text}
    </p>
  )
}

function Unsupported({ currencies }: { currencies: string[] }) {
  if (currencies.length === 0) return null
  return (
    <div role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="font-semibold text-amber-950">{T.unsupportedTitle}</p>
      <ul className="mt-1 grid gap-1 text-amber-950">
        {currencies.map((c) => (
          <li key={c}>{PAYMENT_MESSAGES.currencyUnsupported(c)}</li>
        ))}
      </ul>
    </div>
  )
}

/** One card of the page: a titled region. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Connected({ connection }: { connection: MercadoPagoConnection }) {
  const test = useTestMercadoPago()
  const disconnect = useDisconnectMercadoPago()
  const [confirming, setConfirming] = useState(false)
  return (
    <Panel title={T.connectedTitle}>
      <p className="text-sm">
        {MP.connectedAs(connection.accountName ?? connection.accountId ?? '')}
      </p>
      <p className="text-sm text-muted-foreground">
        {connection.method === 'oauth' ? T.methodOauth : T.methodToken}
      </p>
      <Unsupported currencies={connection.unsupportedCurrencies} />
      {connection.method === 'token' && connection.notificationUrl && (
        <p className="text-sm">
          {T.notificationUrl}:{' '}
          <code className="font-mono text-xs break-all">{connection.notificationUrl}</code>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending && <Spinner aria-hidden="true" />}
          {MP.testConnection}
        </Button>
        <Button type="button" variant="outline-destructive" onClick={() => setConfirming(true)}>
          {MP.disconnect}
        </Button>
      </div>
      {test.data && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {T.tested(test.data.accountName)}
        </p>
      )}
      <Problem error={test.error} />
      <Dialog
        open={confirming}
        onOpenChange={(next) => !disconnect.isPending && setConfirming(next)}
      >
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>{T.disconnectTitle}</DialogTitle>
            <DialogDescription>{T.disconnectDescription}</DialogDescription>
          </DialogHeader>
          <Problem error={disconnect.error} />
          <DialogFooter>
            <Button
              variant="outline"
              disabled={disconnect.isPending}
              onClick={() => setConfirming(false)}
            >
              {T.disconnectKeep}
            </Button>
            <Button
              variant="destructive"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false)
                    toast.success(T.disconnected)
                  },
                })
              }
            >
              {MP.disconnect}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Panel>
  )
}

function OauthConnect({ available }: { available: boolean }) {
  const start = useStartMercadoPagoOauth()
  return (
    <Panel title={T.oauthTitle}>
      {available ? (
        <>
          <p className="text-sm text-muted-foreground">{T.oauthHint}</p>
          <div>
            <Button
              type="button"
              disabled={start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onSuccess: ({ url }) => window.location.assign(url),
                })
              }
            >
              {start.isPending && <Spinner aria-hidden="true" />}
              {MP.connectOauth}
            </Button>
          </div>
          <Problem error={start.error} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{T.oauthUnavailable}</p>
      )}
    </Panel>
  )
}

function TokenConnect() {
  const connect = useConnectMercadoPago()
  const [accessToken, setAccessToken] = useState('')
  const [publicKey, setPublicKey] = useState('')
  const [errors, setErrors] = useState<{ accessToken?: string; publicKey?: string }>({})
  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = mercadoPagoCredentialsSchema.safeParse({ accessToken, publicKey })
    if (!parsed.success) {
      const found: { accessToken?: string; publicKey?: string } = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'accessToken' | 'publicKey'
        found[key] ??= issue.message
      }
      return setErrors(found)
    }
    setErrors({})
    connect.mutate(parsed.data, {
      onSuccess: () => {
        setAccessToken('')
        setPublicKey('')
        toast.success(T.connected)
      },
    })
  }
  return (
    <Panel title={T.tokenTitle}>
      <p className="text-sm text-muted-foreground">{T.tokenHint}</p>
      <form noValidate onSubmit={submit} className="grid gap-3">
        <FormField label={T.accessTokenLabel} error={errors.accessToken} required>
          <Input
            id="mp-access-token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            value={accessToken}
            onChange={(event) => setAccessToken(event.target.value)}
          />
        </FormField>
        <FormField label={T.publicKeyLabel} error={errors.publicKey} required>
          <Input
            id="mp-public-key"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            value={publicKey}
            onChange={(event) => setPublicKey(event.target.value)}
          />
        </FormField>
        <div>
          <Button type="submit" disabled={connect.isPending}>
            {connect.isPending && <Spinner aria-hidden="true" />}
            {MP.connectWithToken}
          </Button>
        </div>
        <Problem error={connect.error} />
      </form>
    </Panel>
  )
}

export function PaymentSettingsView() {
  const { data, error, isPending } = useMercadoPagoConnection()
  if (isPending) return <Spinner />
  if (error) return <Problem error={error} />
  return (
    <div className="grid max-w-3xl gap-4">
      <OauthOutcome connected={data.connected} />
      {data.connected ? (
        <Connected connection={data} />
      ) : (
        <>
          <p className="text-sm font-medium">{MP.notConnected}</p>
          <OauthConnect available={data.oauthAvailable} />
          <TokenConnect />
        </>
      )}
    </div>
  )
}

function PaymentSettingsPage() {
  useDocumentTitle(T.title)
  return (
    <WithMyBusiness>
      {() => (
        <AdminPage title={T.title} description={T.intro}>
          <PaymentSettingsView />
        </AdminPage>
      )}
    </WithMyBusiness>
  )
}

export { PaymentSettingsPage as Component }
