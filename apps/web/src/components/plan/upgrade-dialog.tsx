import {
  CURRENCY_SYMBOLS,
  formatWholePrice,
  GENERIC_MESSAGES,
  PLAN_MESSAGES,
  PLAN_MONTHS,
  PLANS,
  PLAN_TEXTS,
  formatPlanAmount,
  planAmount,
  PRODUCT_MESSAGES,
  SUBSCRIPTION_CURRENCIES,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_TEXTS,
  type OwnerBusiness,
  type SubscriptionCurrency,
} from '@vitrina/contracts'
import { AlertTriangle, ExternalLink, Sparkles } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../api/client'
import { Button } from '../ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog'
import { SITE } from '../../config/site'
import { usePaymentInfo, useRequestPlan, useSubscribe } from '../../api/plan'

/** The platform's payment instructions (environment variables); a note when none is set. */
export function PaymentInstructions({ identifier }: { identifier: string }) {
  const info = usePaymentInfo()
  if (info.isPending) return <p className="text-sm text-muted-foreground">Cargando…</p>
  const instructions = info.data?.instructions ?? {}
  const { bankTransfer, mercadoPagoUrl, wallet } = instructions
  if (!bankTransfer && !mercadoPagoUrl && !wallet) {
    return (
      <p className="text-sm text-muted-foreground">
        {PLAN_TEXTS.noPaymentMethods(SITE.supportEmail)}
      </p>
    )
  }
  return (
    <section aria-labelledby="como-pagar" className="grid gap-2">
      <h3 id="como-pagar" className="text-sm font-semibold">
        {PLAN_TEXTS.paymentTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{PLAN_TEXTS.paymentIntro}</p>
      <p className="text-sm">
        {PLAN_TEXTS.reference}: <strong className="font-mono">{identifier}</strong>
      </p>
      <dl className="grid gap-2 text-sm">
        {bankTransfer && (
          <div className="rounded-lg bg-muted/60 p-3">
            <dt className="font-medium">{PLAN_TEXTS.bankTransfer}</dt>
            <dd className="break-words whitespace-pre-line text-muted-foreground">
              {bankTransfer}
            </dd>
          </div>
        )}
        {mercadoPagoUrl && (
          <div className="rounded-lg bg-muted/60 p-3">
            <dt className="font-medium">{PLAN_TEXTS.mercadoPago}</dt>
            <dd>
              <a
                href={mercadoPagoUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-accent underline-offset-4 hover:underline"
              >
                {PLAN_TEXTS.payWithMercadoPago}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            </dd>
          </div>
        )}
        {wallet && (
          <div className="rounded-lg bg-muted/60 p-3">
            <dt className="font-medium">{PLAN_TEXTS.wallet}</dt>
            <dd className="break-words whitespace-pre-line text-muted-foreground">{wallet}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}

/**
 * 'Pasar a Premium' (issue 23 §2): the Pro price, how many months, the total, and how to pay;
 * sending it records the request and the owner's plan shows 'Pago pendiente'.
 */
export function UpgradeDialog({
  business,
  open,
  onOpenChange,
  intro,
}: {
  business: OwnerBusiness
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Shown above the price (e.g. why the owner is here: the limit). */
  intro?: ReactNode
}) {
  const [months, setMonths] = useState<number>(PLAN_MONTHS.choices[0])
  const request = useRequestPlan(business._id)
  const price = PLANS.pro.price

  const submit = async () => {
    try {
      await request.mutateAsync(months)
      toast.success(PLAN_MESSAGES.requestSent)
      onOpenChange(false)
    } catch (error) {
      toast.error(PLAN_MESSAGES.requestFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!request.isPending) onOpenChange(next)
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {business.plan.effective === 'pro' ? PLAN_TEXTS.renewTitle : PLAN_TEXTS.upgradeTitle}
          </DialogTitle>
          <DialogDescription>{PLAN_TEXTS.upgradeIntro}</DialogDescription>
        </DialogHeader>
        {intro}
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="text-2xl font-bold">
            {formatWholePrice(price.uyu, CURRENCY_SYMBOLS.UYU)}
          </span>
          <span className="text-muted-foreground">
            / {formatWholePrice(price.usd, CURRENCY_SYMBOLS.USD)} {PLAN_TEXTS.perMonth}
          </span>
        </p>
        <SubscriptionOffer business={business} />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{PLAN_TEXTS.monthsLabel}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {PLAN_MONTHS.choices.map((choice) => (
              <label
                key={choice}
                className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5 has-checked:font-semibold has-focus-visible:ring-3 has-focus-visible:ring-ring/50"
              >
                <input
                  type="radio"
                  name="meses"
                  value={choice}
                  checked={months === choice}
                  onChange={() => setMonths(choice)}
                  className="accent-primary"
                />
                {PLAN_TEXTS.monthOption(choice)}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="text-sm" aria-live="polite">
          {PLAN_TEXTS.total}: <strong>{formatPlanAmount(planAmount(months))}</strong>
        </p>
        <PaymentInstructions identifier={business.identifier} />
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={request.isPending}
          >
            Cancelar
          </Button>
          <Button onClick={() => void submit()} disabled={request.isPending}>
            {request.isPending ? 'Enviando…' : PLAN_TEXTS.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * Issue 43 §5 (ADR 040): with the platform's Mercado Pago account configured, a monthly
 * subscription in pesos or dollars, besides paying months by transfer. The owner is sent to
 * Mercado Pago to authorize it and comes back to the dashboard. Not offered while one is live.
 */
function SubscriptionOffer({ business }: { business: OwnerBusiness }) {
  const info = usePaymentInfo()
  const [currency, setCurrency] = useState<SubscriptionCurrency>('UYU')
  const subscribe = useSubscribe(business._id)
  const live = business.plan.subscription?.status
  if (!info.data?.subscription || live === 'authorized' || live === 'paused') return null
  const start = async () => {
    try {
      await subscribe.mutateAsync(currency)
    } catch (error) {
      toast.error(SUBSCRIPTION_MESSAGES.subscribeFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    }
  }
  return (
    <section
      aria-labelledby="suscripcion-mensual"
      className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3"
    >
      <h3 id="suscripcion-mensual" className="text-sm font-semibold">
        {SUBSCRIPTION_TEXTS.title}
      </h3>
      <p className="text-sm text-muted-foreground">{SUBSCRIPTION_TEXTS.intro}</p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{SUBSCRIPTION_TEXTS.currencyLabel}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {SUBSCRIPTION_CURRENCIES.map((choice) => (
            <label
              key={choice}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-border bg-background px-3 py-2 text-sm has-checked:border-primary has-checked:font-semibold has-focus-visible:ring-3 has-focus-visible:ring-ring/50"
            >
              <input
                type="radio"
                name="moneda-suscripcion"
                value={choice}
                checked={currency === choice}
                onChange={() => setCurrency(choice)}
                className="accent-primary"
              />
              {SUBSCRIPTION_TEXTS.currencyOption(choice)}
            </label>
          ))}
        </div>
      </fieldset>
      <Button
        className="justify-self-start"
        onClick={() => void start()}
        disabled={subscribe.isPending || subscribe.isSuccess}
      >
        {SUBSCRIPTION_TEXTS.subscribe}
        <ExternalLink aria-hidden="true" />
      </Button>
      <p className="text-sm text-muted-foreground">{SUBSCRIPTION_TEXTS.orTransfer}</p>
    </section>
  )
}

/** The limit's explanation at the top of the upgrade dialog when the limit stopped the owner. */
export function LimitNotice() {
  return (
    <div role="alert" className="flex gap-2 rounded-lg bg-destructive/10 p-3 text-sm">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div>
        <p className="font-semibold">{PLAN_TEXTS.limitTitle}</p>
        <p>{PRODUCT_MESSAGES.planLimitReached}</p>
      </div>
    </div>
  )
}

/**
 * 'Pasar a Premium': opens the upgrade dialog. While a request waits for its payment there is
 * nothing to open; the plan panel says 'Pago pendiente' instead.
 */
export function UpgradeButton({
  business,
  atLimit = false,
  className,
  variant = 'default',
}: {
  business: OwnerBusiness
  atLimit?: boolean
  className?: string
  variant?: 'default' | 'outline' | 'inverted'
}) {
  const [open, setOpen] = useState(false)
  if (business.plan.status === 'pending_payment') return null
  return (
    <>
      <Button variant={variant} className={className} onClick={() => setOpen(true)}>
        <Sparkles aria-hidden="true" />
        {business.plan.effective === 'pro' ? PLAN_TEXTS.renew : PLAN_TEXTS.upgrade}
      </Button>
      <UpgradeDialog
        business={business}
        open={open}
        onOpenChange={setOpen}
        intro={atLimit ? <LimitNotice /> : undefined}
      />
    </>
  )
}
