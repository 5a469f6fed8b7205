import {
  GENERIC_MESSAGES,
  PLAN_MESSAGES,
  PLANS,
  PLAN_TEXTS,
  PRODUCT_MESSAGES,
  formatPlanAmount,
  formatPlanDate,
  type OwnerBusiness,
} from '@vitrina/contracts'
import { Clock, PackagePlus } from 'lucide-react'
import { useState } from 'react'
import { Link } from '../../../../components/ui/link'
import { toast } from 'sonner'
import { isApiError } from '../../../../api/client'
import { Badge } from '../../../../components/ui/badge'
import { Button } from '../../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog'
import { paths } from '../../../../config/paths'
import { cn } from '../../../../lib/utils'
import { isAtLimit, isNearLimit, useCancelPlanRequest } from '../../../../api/plan'
import {
  LimitNotice,
  UpgradeButton,
  UpgradeDialog,
} from '../../../../components/plan/upgrade-dialog'
import { SubscriptionStatus } from './subscription-status'

/**
 * 'Agregar producto' (issue 23 §2, the limit before the work): at the free plan's limit it opens
 * the limit and the upgrade path instead of an empty form.
 */
export function AddProductButton({ business }: { business: OwnerBusiness }) {
  const [open, setOpen] = useState(false)
  if (!isAtLimit(business.plan)) {
    return (
      <Button asChild size="lg">
        <Link to={paths.admin.newProduct()}>
          <PackagePlus aria-hidden="true" />
          Agregar producto
        </Link>
      </Button>
    )
  }
  return (
    <>
      <Button size="lg" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <PackagePlus aria-hidden="true" />
        Agregar producto
      </Button>
      {business.plan.status === 'pending_payment' ? (
        <PendingLimitDialog business={business} open={open} onOpenChange={setOpen} />
      ) : (
        <UpgradeDialog
          business={business}
          open={open}
          onOpenChange={setOpen}
          intro={<LimitNotice />}
        />
      )}
    </>
  )
}

/** At the limit with a request already sent: the limit, and that the payment is awaited. */
function PendingLimitDialog({
  business,
  open,
  onOpenChange,
}: {
  business: OwnerBusiness
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const pending = business.plan.pendingRequest
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{PLAN_TEXTS.limitTitle}</DialogTitle>
          <DialogDescription>{PRODUCT_MESSAGES.planLimitReached}</DialogDescription>
        </DialogHeader>
        {pending && (
          <p className="text-sm">
            <strong>{PLAN_TEXTS.pending}.</strong>{' '}
            {PLAN_TEXTS.pendingDetail(pending.months, formatPlanAmount(pending.amount))}
          </p>
        )}
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Entendido</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function PendingRequest({ business }: { business: OwnerBusiness }) {
  const cancel = useCancelPlanRequest(business._id)
  const pending = business.plan.pendingRequest
  if (!pending) return null
  const run = async () => {
    try {
      await cancel.mutateAsync()
      toast.success(PLAN_MESSAGES.requestCancelled)
    } catch (error) {
      toast.error(PLAN_MESSAGES.cancelFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    }
  }
  return (
    <div className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="flex items-center gap-2 font-semibold">
        <Clock className="size-4" aria-hidden="true" />
        {PLAN_TEXTS.pending}
      </p>
      <p>{PLAN_TEXTS.pendingDetail(pending.months, formatPlanAmount(pending.amount))}</p>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => void run()}
        disabled={cancel.isPending}
      >
        {PLAN_TEXTS.cancelRequest}
      </Button>
    </div>
  )
}

/**
 * The plan on the owner's dashboard (SPEC §9, issue 23 §2): the effective plan, its state
 * ('Pago pendiente', active until a date, expired), how many products it holds, a warning two
 * products before the free limit, the limit itself, and 'Pasar a Premium'.
 */
export function PlanPanel({ business }: { business: OwnerBusiness }) {
  const { plan } = business
  const info = PLANS[plan.effective]
  const limit = plan.usage.limit
  const atLimit = isAtLimit(plan)
  return (
    <div
      className="grid gap-3 rounded-xl border border-border bg-muted/40 p-4"
      data-testid="plan-del-negocio"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">{info.name}</span>
        <Badge variant={plan.effective === 'pro' ? 'default' : 'secondary'}>{info.badge}</Badge>
      </div>
      {plan.effective === 'pro' && plan.paidUntil && (
        <p className="text-sm text-muted-foreground">
          {PLAN_TEXTS.activeUntil(formatPlanDate(plan.paidUntil))}
        </p>
      )}
      {plan.status === 'expired' && (
        <div role="status" className="grid gap-1 rounded-lg bg-destructive/10 p-3 text-sm">
          <p className="font-semibold">{PLAN_TEXTS.expired}</p>
          <p>{PLAN_TEXTS.expiredDetail}</p>
        </div>
      )}
      {limit === null ? (
        <p className="text-sm text-muted-foreground">{PLAN_TEXTS.unlimited}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="uso-del-plan">
            {PLAN_TEXTS.usage(plan.usage.products, limit)}
          </p>
          <div
            role="progressbar"
            aria-label="Productos del plan"
            aria-valuemin={0}
            aria-valuemax={limit}
            aria-valuenow={Math.min(plan.usage.products, limit)}
            className="h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div
              className={cn(
                'h-full rounded-full',
                atLimit ? 'bg-destructive' : isNearLimit(plan) ? 'bg-amber-500' : 'bg-accent',
              )}
              style={{ width: `${Math.min(100, (plan.usage.products / limit) * 100)}%` }}
            />
          </div>
          {atLimit ? (
            <p className="text-sm text-destructive">{PRODUCT_MESSAGES.planLimitReached}</p>
          ) : (
            isNearLimit(plan) && (
              <p
                role="status"
                className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
              >
                {PLAN_TEXTS.nearLimit(plan.usage.products, limit)}
              </p>
            )
          )}
        </>
      )}
      <PendingRequest business={business} />
      <SubscriptionStatus business={business} />
      {(plan.effective === 'free' || plan.status !== 'pending_payment') && (
        <UpgradeButton
          business={business}
          atLimit={atLimit}
          variant={plan.effective === 'pro' ? 'outline' : 'default'}
        />
      )}
    </div>
  )
}
