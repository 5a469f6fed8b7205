import {
  CURRENCY_SYMBOLS,
  DELIVERY_LIMITS,
  DELIVERY_TEXTS,
  FIELD_MESSAGES,
  GENERIC_MESSAGES,
  formatPrice,
  LIMITS,
  MERCADOPAGO_TEXTS,
  ORDER_ADMIN_TEXTS as T,
  ORDER_FINAL_TEXTS,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  PAID_STATUSES,
  updateOrderSchema,
} from '@vitrina/contracts'
import type { OrderStatus, OwnerOrder, UpdateOrderInput } from '@vitrina/contracts'
import { useId, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { api, isApiError } from '../../../../api/client'
import { orderKeys } from '../../../../api/order-keys'
import { FormField } from '../../../../components/form-field'
import { Button } from '../../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog'
import { Input } from '../../../../components/ui/input'
import { Textarea } from '../../../../components/ui/textarea'
import { useUpdateOrder } from '../../api/orders'

/** The first Spanish message the contracts' schema gives for an update, or null when valid. */
export function updateProblem(body: UpdateOrderInput): string | null {
  const result = updateOrderSchema.safeParse(body)
  return result.success ? null : (result.error.issues[0]?.message ?? FIELD_MESSAGES.invalid)
}

function useSend(order: OwnerOrder) {
  const update = useUpdateOrder()
  const send = async (body: UpdateOrderInput, success: string): Promise<boolean> => {
    try {
      await update.mutateAsync({ id: order._id, body })
      toast.success(success, { description: order.code })
      return true
    } catch (error) {
      // 409: another device moved the order first; its message says why (the list refetches).
      if (isApiError(error) && error.status === 409) {
        toast.error(error.message)
        return false
      }
      console.error(ORDER_MESSAGES.updateFailed, error)
      toast.error(ORDER_MESSAGES.updateFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
      return false
    }
  }
  return { send, isPending: update.isPending }
}

/**
 * The shell both form dialogs share (cancelling, shipping): a title, a description, the fields,
 * «Volver» and the submit button; closing is refused while the request runs.
 */
function FormDialog({
  open,
  onOpenChange,
  isPending,
  title,
  description,
  submitLabel,
  destructive,
  onSubmit,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  isPending: boolean
  title: string
  description: string
  submitLabel: string
  destructive?: boolean
  onSubmit: () => Promise<void> | void
  children: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <form
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault()
            void onSubmit()
          }}
          className="grid gap-4"
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={isPending}
              onClick={() => onOpenChange(false)}
            >
              {T.cancelKeep}
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={isPending}
            >
              {isPending ? T.saving : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** What is left to refund of an order paid online, as text ('$ 1.000,00'); null: nothing. */
function refundableText(order: OwnerOrder): string | null {
  const payment = order.onlinePayment
  if (!payment || !PAID_STATUSES.includes(payment.status)) return null
  const currency = (['UYU', 'USD'] as const).find((c) => order.totals[c] !== undefined)
  if (!currency) return null
  const left = Math.round(((order.totals[currency] ?? 0) - (payment.refunded ?? 0)) * 100) / 100
  return left > 0 ? formatPrice(left, CURRENCY_SYMBOLS[currency]) : null
}

/**
 * Cancelling asks for the reason; an order paid online also asks whether to refund what is left
 * of the payment (issue 43 §4). The order is cancelled first, then the refund is asked of the
 * API: a refund that fails leaves the order cancelled and says so (it can be refunded later).
 */
function CancelDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OwnerOrder
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { send, isPending } = useSend(order)
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const [refund, setRefund] = useState(false)
  const [refunding, setRefunding] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const refundable = refundableText(order)
  const submit = async () => {
    const body = { status: 'cancelado' as const, reason }
    const problem = updateProblem(body)
    if (problem) return setError(problem)
    if (!(await send(body, ORDER_MESSAGES.updated))) return
    if (refund && refundable) {
      setRefunding(true)
      try {
        await api.post(`/orders/${encodeURIComponent(order._id)}/reembolsos`, {})
        toast.success(MERCADOPAGO_TEXTS.refundDone, { description: order.code })
      } catch (failure) {
        toast.error(MERCADOPAGO_TEXTS.cancelRefundFailed, {
          description: isApiError(failure) && failure.status !== 0 ? failure.message : undefined,
        })
      } finally {
        setRefunding(false)
        void queryClient.invalidateQueries({ queryKey: orderKeys.all })
      }
    }
    setReason('')
    setRefund(false)
    onOpenChange(false)
  }
  const refundId = `reembolsar-${order._id}`
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      isPending={isPending || refunding}
      title={T.cancelTitle(order.code)}
      description={T.cancelDescription}
      submitLabel={T.cancelConfirm}
      destructive
      onSubmit={submit}
    >
      <FormField label={T.cancelReason} error={error} required>
        <Textarea
          id={`cancelar-${order._id}`}
          rows={3}
          maxLength={LIMITS.shortTextMax}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value)
            if (error) setError(undefined)
          }}
        />
      </FormField>
      {refundable && (
        <div className="grid gap-1 rounded-lg border border-border bg-muted/40 p-3">
          <div className="flex items-start gap-2">
            <input
              id={refundId}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-primary"
              checked={refund}
              onChange={(event) => setRefund(event.target.checked)}
              aria-describedby={`${refundId}-ayuda`}
            />
            <label htmlFor={refundId} className="text-sm font-medium">
              {MERCADOPAGO_TEXTS.cancelRefund(refundable)}
            </label>
          </div>
          <p id={`${refundId}-ayuda`} className="pl-7 text-xs text-muted-foreground">
            {MERCADOPAGO_TEXTS.cancelRefundHint}
          </p>
        </div>
      )}
    </FormDialog>
  )
}

function NoteForm({ order }: { order: OwnerOrder }) {
  const { send, isPending } = useSend(order)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | undefined>()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = updateProblem({ note })
    if (problem) return setError(problem)
    if (await send({ note }, T.noteSaved)) setNote('')
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-2">
      <FormField label={T.noteLabel} hint={T.noteHint} error={error}>
        <Textarea
          id={`nota-${order._id}`}
          rows={2}
          value={note}
          onChange={(event) => {
            setNote(event.target.value)
            if (error) setError(undefined)
          }}
        />
      </FormField>
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={isPending}>
          {isPending ? T.saving : T.noteSave}
        </Button>
      </div>
    </form>
  )
}

/**
 * Issue 41: a status with no way back (ORDER_TRANSITIONS empty: "Entregado") closed an order for
 * good with one click; it asks first.
 */
function FinalStatusDialog({
  order,
  status,
  onClose,
}: {
  order: OwnerOrder
  status: OrderStatus | null
  onClose: () => void
}) {
  const { send, isPending } = useSend(order)
  const label = status ? ORDER_STATUS_LABELS[status] : ''
  return (
    <Dialog open={status !== null} onOpenChange={(next) => !next && !isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{ORDER_FINAL_TEXTS.title(order.code, label)}</DialogTitle>
          <DialogDescription>{ORDER_FINAL_TEXTS.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={isPending} onClick={onClose}>
            {ORDER_FINAL_TEXTS.keep}
          </Button>
          <Button
            disabled={isPending}
            onClick={() => {
              if (!status) return
              void send({ status }, ORDER_MESSAGES.updated).then((done) => done && onClose())
            }}
          >
            {isPending ? T.saving : ORDER_FINAL_TEXTS.confirm(label)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * Issue 44 §2: "Enviado" with the agency or carrier and the tracking code (both, or neither: an
 * own delivery has none); the shopper's page shows the code and a known carrier's link.
 */
function ShipDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OwnerOrder
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { send, isPending } = useSend(order)
  const detail = order.delivery.detail
  const [carrier, setCarrier] = useState(detail?.kind === 'agency' ? detail.agency : '')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const submit = async () => {
    const tracking = carrier.trim() || code.trim() ? { carrier, code } : undefined
    const body = { status: 'enviado' as const, ...(tracking ? { tracking } : {}) }
    const problem = updateProblem(body)
    if (problem) return setError(problem)
    if (await send(body, ORDER_MESSAGES.updated)) onOpenChange(false)
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      isPending={isPending}
      title={DELIVERY_TEXTS.shipTitle(order.code)}
      description={DELIVERY_TEXTS.shipDescription}
      submitLabel={T.moveTo(ORDER_STATUS_LABELS.enviado)}
      onSubmit={submit}
    >
      <FormField label={DELIVERY_TEXTS.carrierLabel}>
        <Input
          id={`transportista-${order._id}`}
          value={carrier}
          maxLength={DELIVERY_LIMITS.trackingMax}
          onChange={(event) => {
            setCarrier(event.target.value)
            if (error) setError(undefined)
          }}
        />
      </FormField>
      <FormField label={DELIVERY_TEXTS.trackingCode} error={error}>
        <Input
          id={`seguimiento-${order._id}`}
          value={code}
          maxLength={DELIVERY_LIMITS.trackingMax}
          onChange={(event) => {
            setCode(event.target.value)
            if (error) setError(undefined)
          }}
        />
      </FormField>
    </FormDialog>
  )
}

/**
 * What the owner can do with an order: the next statuses only (ORDER_TRANSITIONS), cancelling
 * with a reason and an internal note (WhatsApp to the customer per status: OrderStatusWhatsapp).
 */
export function OrderActions({ order }: { order: OwnerOrder }) {
  const { send, isPending } = useSend(order)
  const [isCancelling, setIsCancelling] = useState(false)
  const [finalStatus, setFinalStatus] = useState<OrderStatus | null>(null)
  const [isShipping, setIsShipping] = useState(false)
  const headingId = useId()
  const next = ORDER_TRANSITIONS[order.status]
  return (
    <section
      aria-labelledby={headingId}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-4"
    >
      <h3 id={headingId} className="text-sm font-semibold">
        {T.actionsTitle}
      </h3>
      {next.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.noActions}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {next
            .filter((status) => status !== 'cancelado')
            .map((status) => (
              <Button
                key={status}
                size="sm"
                disabled={isPending}
                onClick={() =>
                  ORDER_TRANSITIONS[status].length === 0
                    ? setFinalStatus(status)
                    : status === 'enviado'
                      ? setIsShipping(true)
                      : void send({ status }, ORDER_MESSAGES.updated)
                }
              >
                {T.moveTo(ORDER_STATUS_LABELS[status])}
              </Button>
            ))}
          {next.includes('cancelado') && (
            <Button
              size="sm"
              variant="outline-destructive"
              disabled={isPending}
              onClick={() => setIsCancelling(true)}
            >
              {T.cancelOrder}
            </Button>
          )}
        </div>
      )}
      <NoteForm order={order} />
      <CancelDialog order={order} open={isCancelling} onOpenChange={setIsCancelling} />
      {isShipping && <ShipDialog order={order} open onOpenChange={setIsShipping} />}
      <FinalStatusDialog order={order} status={finalStatus} onClose={() => setFinalStatus(null)} />
    </section>
  )
}
