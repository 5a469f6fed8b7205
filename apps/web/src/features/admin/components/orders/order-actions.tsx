import {
  DELIVERY_LIMITS,
  DELIVERY_TEXTS,
  FIELD_MESSAGES,
  GENERIC_MESSAGES,
  LIMITS,
  ORDER_ADMIN_TEXTS as T,
  ORDER_FINAL_TEXTS,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  orderStatusMessage,
  toE164,
  updateOrderSchema,
} from '@vitrina/contracts'
import type { OrderStatus, OwnerOrder, UpdateOrderInput } from '@vitrina/contracts'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../../api/client'
import { FormField } from '../../../../components/form-field'
import { WhatsAppIcon } from '../../../../components/storefront/whatsapp-icon'
import { whatsappUrl } from '../../../../components/storefront/whatsapp'
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

/** wa.me to the customer (a local number gets Uruguay's code), with the status's message. */
export function customerWhatsappUrl(order: OwnerOrder, status: OrderStatus): string | null {
  const phone = toE164(order.customer.phone) ?? order.customer.phone
  return whatsappUrl(phone, orderStatusMessage(order, status))
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
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const body = { status: 'cancelado' as const, reason }
    const problem = updateProblem(body)
    if (problem) return setError(problem)
    if (await send(body, ORDER_MESSAGES.updated)) {
      setReason('')
      onOpenChange(false)
    }
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{T.cancelTitle(order.code)}</DialogTitle>
            <DialogDescription>{T.cancelDescription}</DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={isPending}
              onClick={() => onOpenChange(false)}
            >
              {T.cancelKeep}
            </Button>
            <Button type="submit" variant="destructive" disabled={isPending}>
              {isPending ? T.saving : T.cancelConfirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
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
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const tracking = carrier.trim() || code.trim() ? { carrier, code } : undefined
    const body = { status: 'enviado' as const, ...(tracking ? { tracking } : {}) }
    const problem = updateProblem(body)
    if (problem) return setError(problem)
    if (await send(body, ORDER_MESSAGES.updated)) onOpenChange(false)
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{DELIVERY_TEXTS.shipTitle(order.code)}</DialogTitle>
            <DialogDescription>{DELIVERY_TEXTS.shipDescription}</DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={isPending}
              onClick={() => onOpenChange(false)}
            >
              {T.cancelKeep}
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? T.saving : T.moveTo(ORDER_STATUS_LABELS.enviado)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/**
 * What the owner can do with an order: the next statuses only (ORDER_TRANSITIONS), cancelling
 * with a reason, an internal note, and a WhatsApp chat with the customer about its status.
 */
export function OrderActions({ order }: { order: OwnerOrder }) {
  const { send, isPending } = useSend(order)
  const [isCancelling, setIsCancelling] = useState(false)
  const [finalStatus, setFinalStatus] = useState<OrderStatus | null>(null)
  const [isShipping, setIsShipping] = useState(false)
  const headingId = useId()
  const next = ORDER_TRANSITIONS[order.status]
  const chat = customerWhatsappUrl(order, order.status)
  return (
    <section
      aria-labelledby={headingId}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-4"
    >
      <h4 id={headingId} className="text-sm font-semibold">
        {T.actionsTitle}
      </h4>
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
      {chat && (
        <div>
          <Button asChild size="sm" variant="outline">
            <a href={chat} target="_blank" rel="noopener noreferrer">
              <WhatsAppIcon aria-hidden="true" />
              {T.whatsappCustomer}
            </a>
          </Button>
        </div>
      )}
      <NoteForm order={order} />
      <CancelDialog order={order} open={isCancelling} onOpenChange={setIsCancelling} />
      {isShipping && <ShipDialog order={order} open onOpenChange={setIsShipping} />}
      <FinalStatusDialog order={order} status={finalStatus} onClose={() => setFinalStatus(null)} />
    </section>
  )
}
