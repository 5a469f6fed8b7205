import {
  GENERIC_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_TEXTS,
  formatPlanDate,
  formatSubscriptionPrice,
  type OwnerBusiness,
} from '@vitrina/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, ExternalLink, RefreshCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../../api/client'
import { myBusinessQueryKey } from '../../../../api/my-business'
import { SUBSCRIPTION_POLL_MS, isAwaitingCharge, useCancelSubscription } from '../../../../api/plan'
import { Button } from '../../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog'

/**
 * The Mercado Pago subscription on the plan panel (issue 43 §5, ADR 040): its state, the next
 * charge, the grace after a failed one (a clear notice), and «Cancelar suscripción». What it
 * shows is the API's word only: coming back from Mercado Pago, the screen asks again every 4 s
 * until the first charge is known (the return address's query is never read).
 */
export function SubscriptionStatus({ business }: { business: OwnerBusiness }) {
  const sub = business.plan.subscription
  const queryClient = useQueryClient()
  const awaiting = isAwaitingCharge(business.plan)
  useEffect(() => {
    if (!awaiting) return
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: myBusinessQueryKey(business.userId) })
    }, SUBSCRIPTION_POLL_MS)
    return () => clearInterval(timer)
  }, [awaiting, queryClient, business.userId])

  if (!sub) return null
  const paidUntil = business.plan.paidUntil
  return (
    <section
      aria-labelledby="suscripcion-titulo"
      className="grid gap-2 rounded-lg border border-border bg-card p-3 text-sm"
      data-testid="suscripcion"
    >
      <h3 id="suscripcion-titulo" className="flex items-center gap-2 font-semibold">
        <RefreshCw className="size-4" aria-hidden="true" />
        {SUBSCRIPTION_TEXTS.status[sub.status]}
      </h3>
      {sub.status !== 'cancelled' && (
        <p className="text-muted-foreground">
          {SUBSCRIPTION_TEXTS.monthly(formatSubscriptionPrice(sub.currency))}
        </p>
      )}
      {sub.graceUntil && (
        <div role="alert" className="flex gap-2 rounded-lg bg-destructive/10 p-3">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <div>
            <p className="font-semibold">{SUBSCRIPTION_TEXTS.graceTitle}</p>
            <p>{SUBSCRIPTION_TEXTS.graceDetail(formatPlanDate(sub.graceUntil))}</p>
          </div>
        </div>
      )}
      {sub.status === 'pending' && (
        <>
          <p>{SUBSCRIPTION_TEXTS.pendingDetail}</p>
          {sub.authorizeUrl && (
            <a
              href={sub.authorizeUrl}
              className="inline-flex items-center gap-1 justify-self-start text-accent underline-offset-4 hover:underline"
            >
              {SUBSCRIPTION_TEXTS.continueAuthorizing}
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          )}
        </>
      )}
      {sub.status === 'authorized' && sub.nextPaymentDate && !sub.graceUntil && (
        <p>{SUBSCRIPTION_TEXTS.nextCharge(formatPlanDate(sub.nextPaymentDate))}</p>
      )}
      {sub.status === 'cancelled' && paidUntil && business.plan.effective === 'pro' && (
        <p>{SUBSCRIPTION_TEXTS.cancelledUntil(formatPlanDate(paidUntil))}</p>
      )}
      {(sub.status === 'authorized' || sub.status === 'paused') && (
        <CancelSubscription businessId={business._id} />
      )}
    </section>
  )
}

function CancelSubscription({ businessId }: { businessId: string }) {
  const [open, setOpen] = useState(false)
  const cancel = useCancelSubscription(businessId)
  const run = async () => {
    try {
      await cancel.mutateAsync()
      toast.success(SUBSCRIPTION_MESSAGES.cancelled)
      setOpen(false)
    } catch (error) {
      toast.error(SUBSCRIPTION_MESSAGES.cancelFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    }
  }
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {SUBSCRIPTION_TEXTS.cancel}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!cancel.isPending) setOpen(next)
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{SUBSCRIPTION_TEXTS.cancelConfirm}</DialogTitle>
            <DialogDescription>{SUBSCRIPTION_TEXTS.cancelConfirmDetail}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              {SUBSCRIPTION_TEXTS.keep}
            </Button>
            <Button variant="destructive" onClick={() => void run()} disabled={cancel.isPending}>
              {SUBSCRIPTION_TEXTS.cancel}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}
