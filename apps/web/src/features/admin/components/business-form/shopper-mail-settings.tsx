/**
 * Issue 44 §3 (ADR 035): 'Avisos por correo a tus clientes' in the ordering settings of the
 * business form — one switch per mail the shopper may get (confirmado, enviado, listo,
 * entregado, cancelado, pago aprobado), each on unless the owner turns it off. A switch saves at
 * once (its own request, not the form's): the form's «Guardar cambios» neither sends nor undoes
 * it. Only for a business that exists (editing); the creation wizard starts with every mail on.
 */
import {
  ORDER_ADMIN_TEXTS,
  SHOPPER_MAIL_KINDS,
  SHOPPER_MAIL_MESSAGES as M,
  SHOPPER_MAIL_SETTINGS_TEXTS as T,
  type ShopperMailKind,
} from '@vitrina/contracts'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../../api/client'
import { Button } from '../../../../components/ui/button'
import { Label } from '../../../../components/ui/label'
import { Switch } from '../../../../components/ui/switch'
import { useSessionBusiness } from './session-business'
import { useSetShopperMail, useShopperMails } from '../../api/shopper-mails'

const groupClass = 'grid min-w-0 gap-3 rounded-xl border border-border p-3 sm:p-4'

export function ShopperMailSettings({ businessId }: { businessId: string }) {
  const id = useId()
  const query = useShopperMails(businessId)
  const save = useSetShopperMail(businessId)
  const [pending, setPending] = useState<ShopperMailKind | null>(null)
  const [status, setStatus] = useState('')

  function toggle(kind: ShopperMailKind, on: boolean) {
    // One save at a time: a second switch waits for the first (its reply carries them all).
    if (pending) return
    setPending(kind)
    setStatus('')
    save.mutate(
      { kind, on },
      {
        onSuccess: () => setStatus(`${T.labels[kind]}: ${on ? T.on : T.off}. ${M.saved}.`),
        onError: (error) =>
          toast.error(M.saveFailed, {
            description: isApiError(error) ? error.message : undefined,
          }),
        onSettled: () => setPending(null),
      },
    )
  }

  return (
    <section aria-labelledby={`${id}-title`} className={groupClass}>
      <div className="grid gap-1">
        <h4 id={`${id}-title`} className="text-sm font-semibold">
          {T.title}
        </h4>
        <p className="text-sm text-muted-foreground">{T.intro}</p>
        <p className="text-xs text-muted-foreground">{T.instant}</p>
      </div>
      {query.isError ? (
        <div className="grid justify-items-start gap-2">
          <p role="alert" className="text-sm font-medium text-destructive">
            {M.loadFailed}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {ORDER_ADMIN_TEXTS.retry}
          </Button>
        </div>
      ) : (
        <ul className="grid gap-1" aria-busy={query.isPending}>
          {SHOPPER_MAIL_KINDS.map((kind) => {
            const switchId = `${id}-${kind}`
            const on = query.data?.mails[kind] ?? true
            return (
              <li key={kind} className="flex min-h-11 items-center justify-between gap-3">
                <Label htmlFor={switchId} className="cursor-pointer">
                  {T.labels[kind]}
                </Label>
                <Switch
                  id={switchId}
                  checked={on}
                  disabled={!query.data}
                  aria-busy={pending === kind || undefined}
                  onCheckedChange={(checked) => toggle(kind, checked)}
                />
              </li>
            )
          })}
        </ul>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </section>
  )
}

/** In the business form: the signed-in owner's business (none while creating it). */
export function ShopperMailSettingsOfSession() {
  const business = useSessionBusiness()
  if (!business) return null
  return <ShopperMailSettings businessId={business._id} />
}
