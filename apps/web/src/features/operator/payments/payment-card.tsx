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
import { useConfirmPayment, useRejectPayment } from './api'

type Mode = 'idle' | 'confirm' | 'reject'

function failed(error: unknown) {
  toast.error(PLAN_MESSAGES.paymentActionFailed, {
    description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
  })
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

  const submitConfirm = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = confirmPaymentSchema.safeParse({ months, reference })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    try {
      await confirm.mutateAsync({ id: payment.id, ...parsed.data })
      toast.success(PLAN_MESSAGES.paymentConfirmed, { description: payment.business.name })
    } catch (error) {
      failed(error)
    }
  }

  const submitReject = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = rejectPaymentSchema.safeParse({ reason })
    if (!parsed.success) {
      setErrors({ reason: parsed.error.issues[0]!.message })
      return
    }
    setErrors({})
    try {
      await reject.mutateAsync({ id: payment.id, reason: parsed.data.reason })
      toast.success(PLAN_MESSAGES.paymentRejected, { description: payment.business.name })
    } catch (error) {
      failed(error)
    }
  }

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
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {confirm.isPending ? 'Confirmando…' : PLAN_TEXTS.confirm}
            </Button>
            <Button type="button" variant="outline" onClick={() => setMode('idle')} disabled={busy}>
              Cancelar
            </Button>
          </div>
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
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={busy}>
              {reject.isPending ? 'Rechazando…' : PLAN_TEXTS.reject}
            </Button>
            <Button type="button" variant="outline" onClick={() => setMode('idle')} disabled={busy}>
              Cancelar
            </Button>
          </div>
        </form>
      )}
    </article>
  )
}
