import {
  GENERIC_MESSAGES,
  PLAN_MESSAGES,
  PLAN_MONTHS,
  PLANS,
  PLAN_TEXTS,
  confirmPaymentSchema,
  formatPlanAmount,
  formatPlanDate,
  rejectPaymentSchema,
  type OperatorPayment,
} from '@vitrina/contracts'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import { FormField } from '../../../components/form-field'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { cn } from '../../../lib/utils'
import { useConfirmPayment, useRejectPayment } from './api'

type Mode = 'idle' | 'confirm' | 'reject'

function failed(error: unknown) {
  toast.error(PLAN_MESSAGES.paymentActionFailed, {
    description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
  })
}

type Issue = { path: PropertyKey[]; message: string }

/** A form's submit and 'Cancelar' (back to the card). */
function FormButtons({
  label,
  busy,
  onCancel,
  variant,
  className,
}: {
  label: string
  busy: boolean
  onCancel: () => void
  variant?: 'destructive'
  className?: string
}) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        Cancelar
      </Button>
    </div>
  )
}

/** One pending request: who, what, how much, and the confirm / reject forms. */
export function PaymentCard({ payment }: { payment: OperatorPayment }) {
  const [mode, setMode] = useState<Mode>('idle')
  const [months, setMonths] = useState(String(payment.months))
  const [reference, setReference] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const confirm = useConfirmPayment()
  const reject = useRejectPayment()
  const busy = confirm.isPending || reject.isPending
  const headingId = `pago-${payment.id}`

  /** Validates, then acts: the errors at their fields, or the toast of the outcome. */
  const submit = async <T,>(
    event: FormEvent,
    parsed: { success: true; data: T } | { success: false; error: { issues: Issue[] } },
    act: (data: T) => Promise<unknown>,
    done: string,
  ) => {
    event.preventDefault()
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    try {
      await act(parsed.data)
      toast.success(done, { description: payment.business.name })
    } catch (error) {
      failed(error)
    }
  }
  const submitConfirm = (event: FormEvent) =>
    submit(
      event,
      confirmPaymentSchema.safeParse({ months, reference }),
      (data) => confirm.mutateAsync({ id: payment.id, ...data }),
      PLAN_MESSAGES.paymentConfirmed,
    )
  const submitReject = (event: FormEvent) =>
    submit(
      event,
      rejectPaymentSchema.safeParse({ reason }),
      (data) => reject.mutateAsync({ id: payment.id, reason: data.reason }),
      PLAN_MESSAGES.paymentRejected,
    )

  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-semibold">
            {payment.business.name}
          </h2>
          <p className="truncate text-sm text-muted-foreground">
            /{payment.business.identifier} · {payment.ownerEmail}
          </p>
        </div>
        <p className="text-right text-sm">
          <strong className="block text-base">{formatPlanAmount(payment.amount)}</strong>
          {PLANS[payment.plan].name} · {PLAN_TEXTS.monthOption(payment.months)}
        </p>
      </div>
      <dl className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2">
        <div>
          <dt className="inline">{PLAN_TEXTS.requestedOn} </dt>
          <dd className="inline">{formatPlanDate(payment.requestedAt)}</dd>
        </div>
        {payment.paidUntil && (
          <div>
            <dt className="inline">{PLAN_TEXTS.premiumUntil} </dt>
            <dd className="inline">{formatPlanDate(payment.paidUntil)}</dd>
          </div>
        )}
      </dl>

      {mode === 'idle' && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setMode('confirm')}>{PLAN_TEXTS.confirm}</Button>
          <Button variant="outline-destructive" onClick={() => setMode('reject')}>
            {PLAN_TEXTS.reject}
          </Button>
        </div>
      )}

      {mode === 'confirm' && (
        <form
          noValidate
          onSubmit={(e) => void submitConfirm(e)}
          className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]"
          aria-label={`${PLAN_TEXTS.confirm}: ${payment.business.name}`}
        >
          <FormField label={PLAN_TEXTS.monthsLabel} error={errors.months} required>
            <Input
              type="number"
              inputMode="numeric"
              min={PLAN_MONTHS.min}
              max={PLAN_MONTHS.max}
              value={months}
              onChange={(e) => setMonths(e.target.value)}
            />
          </FormField>
          <FormField label={PLAN_TEXTS.referenceLabel} error={errors.reference} required>
            <Input value={reference} onChange={(e) => setReference(e.target.value)} />
          </FormField>
          <FormButtons
            className="sm:col-span-2"
            label={confirm.isPending ? 'Confirmando…' : PLAN_TEXTS.confirm}
            busy={busy}
            onCancel={() => setMode('idle')}
          />
        </form>
      )}

      {mode === 'reject' && (
        <form
          noValidate
          onSubmit={(e) => void submitReject(e)}
          className="grid gap-3"
          aria-label={`${PLAN_TEXTS.reject}: ${payment.business.name}`}
        >
          <FormField label={PLAN_TEXTS.reasonLabel} error={errors.reason} required>
            <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <FormButtons
            variant="destructive"
            label={reject.isPending ? 'Rechazando…' : PLAN_TEXTS.reject}
            busy={busy}
            onCancel={() => setMode('idle')}
          />
        </form>
      )}
    </article>
  )
}
