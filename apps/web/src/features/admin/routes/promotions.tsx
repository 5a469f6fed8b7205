/**
 * Issue 45 §3: /admin/promociones — «Promociones». The owner's coupons and automatic promotions
 * with their status, uses, orders and revenue (orders not cancelled), created, edited, paused
 * and duplicated here. Every text is contracts' (orders/promotion-texts.ts); the API validates.
 * Products are aimed at by category here (the API also takes product ids).
 */
import {
  COUPON_KIND_LABELS,
  COUPON_KINDS,
  formatAmounts,
  PROMOTION_KINDS,
  PROMOTION_KIND_LABELS,
  PROMOTION_PAGE_TEXTS as T,
  PROMOTION_STATUS_LABELS,
  toCents,
  type Coupon,
  type CouponInput,
  type CouponKind,
  type Promotion,
  type PromotionInput,
  type PromotionKind,
} from '@vitrina/contracts'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Spinner } from '../../../components/ui/spinner'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { usePromotions, usePromotionWrite } from '../api/promotions'
import { AdminPage } from '../components/admin-page'
import { WithMyBusiness } from '../components/with-my-business'

type Status = Coupon['status']
const STATUS_VARIANT: Record<Status, 'success' | 'outline' | 'secondary' | 'destructive'> = {
  // Not 'success': its colours fall short of 4.5:1 on this card (axe, e2e at 375 px).
  active: 'outline',
  scheduled: 'outline',
  ended: 'secondary',
  paused: 'secondary',
  used_up: 'destructive',
}

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/** cents ↔ the decimal a field shows ('1500' / '1500.5'). */
const amountText = (n: number | undefined) => (n === undefined ? '' : String(n))
const amountOf = (text: string) => {
  const v = Number(text.replace(',', '.'))
  return text.trim() === '' || Number.isNaN(v) ? undefined : toCents(v) / 100
}
const intOf = (text: string) => (text.trim() === '' ? null : Number(text))
const listOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

function useFieldErrors(error: unknown) {
  const errors = isApiError(error) ? (error.errors ?? []) : []
  return (path: string) =>
    errors.find((e) => e.path === path || e.path.startsWith(`${path}.`))?.message
}

function Field({
  label,
  error,
  children,
  id,
}: {
  label: string
  error?: string
  id: string
  children: ReactNode
}) {
  return (
    <div className="grid content-start gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

function CouponForm({ current, onDone }: { current?: Coupon; onDone: () => void }) {
  const id = useId()
  const write = usePromotionWrite()
  const fieldError = useFieldErrors(write.error)
  const [v, setV] = useState({
    code: current?.code ?? '',
    kind: (current?.kind ?? 'percent') as CouponKind,
    percent: current?.percent ? String(current.percent) : '',
    amount: amountText(current?.amounts.UYU),
    minimum: amountText(current?.minSubtotal.UYU),
    startsOn: current?.startsOn ?? '',
    endsOn: current?.endsOn ?? '',
    maxUses: current?.maxUses ? String(current.maxUses) : '',
    oncePerShopper: current?.oncePerShopper ?? false,
    firstPurchaseOnly: current?.firstPurchaseOnly ?? false,
    categories: current?.categories.join(', ') ?? '',
  })
  const set = (patch: Partial<typeof v>) => setV((old) => ({ ...old, ...patch }))

  function submit(event: FormEvent) {
    event.preventDefault()
    const amount = amountOf(v.amount)
    const minimum = amountOf(v.minimum)
    const body: CouponInput = {
      code: v.code,
      kind: v.kind,
      percent: v.kind === 'percent' ? intOf(v.percent) : null,
      amounts: v.kind === 'fixed' && amount !== undefined ? { UYU: amount } : {},
      minSubtotal: minimum !== undefined ? { UYU: minimum } : {},
      startsOn: v.startsOn || null,
      endsOn: v.endsOn || null,
      maxUses: intOf(v.maxUses),
      oncePerShopper: v.oncePerShopper,
      firstPurchaseOnly: v.firstPurchaseOnly,
      productIds: current?.productIds ?? [],
      categories: listOf(v.categories),
      paused: current?.paused ?? false,
    }
    write.mutate(
      { what: 'coupons', ...(current ? { id: current._id } : {}), body },
      {
        onSuccess: () => {
          toast.success(T.saved)
          onDone()
        },
      },
    )
  }

  const f = (name: string) => `${id}-${name}`
  const described = (name: string, path = name) =>
    fieldError(path) ? { 'aria-invalid': true, 'aria-describedby': `${f(name)}-error` } : {}
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={current ? `${T.edit} ${current.code}` : T.newCoupon}
      className="grid gap-4 rounded-lg border border-border p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={f('code')} label={T.code} error={fieldError('code')}>
          <Input
            id={f('code')}
            value={v.code}
            onChange={(e) => set({ code: e.target.value })}
            autoComplete="off"
            className="uppercase"
            {...described('code')}
          />
        </Field>
        <Field id={f('kind')} label={T.kind} error={fieldError('kind')}>
          <select
            id={f('kind')}
            value={v.kind}
            onChange={(e) => set({ kind: e.target.value as CouponKind })}
            className={selectClass}
          >
            {COUPON_KINDS.map((k) => (
              <option key={k} value={k}>
                {COUPON_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        {v.kind === 'percent' && (
          <Field id={f('percent')} label={T.percent} error={fieldError('percent')}>
            <Input
              id={f('percent')}
              inputMode="numeric"
              value={v.percent}
              onChange={(e) => set({ percent: e.target.value })}
              {...described('percent')}
            />
          </Field>
        )}
        {v.kind === 'fixed' && (
          <Field id={f('amount')} label={T.amount} error={fieldError('amounts')}>
            <Input
              id={f('amount')}
              inputMode="decimal"
              value={v.amount}
              onChange={(e) => set({ amount: e.target.value })}
              {...described('amount', 'amounts')}
            />
          </Field>
        )}
        <Field id={f('minimum')} label={T.minimum} error={fieldError('minSubtotal')}>
          <Input
            id={f('minimum')}
            inputMode="decimal"
            value={v.minimum}
            onChange={(e) => set({ minimum: e.target.value })}
            {...described('minimum', 'minSubtotal')}
          />
        </Field>
        <Field id={f('starts')} label={T.startsOn} error={fieldError('startsOn')}>
          <Input
            id={f('starts')}
            type="date"
            value={v.startsOn}
            onChange={(e) => set({ startsOn: e.target.value })}
            {...described('starts', 'startsOn')}
          />
        </Field>
        <Field id={f('ends')} label={T.endsOn} error={fieldError('endsOn')}>
          <Input
            id={f('ends')}
            type="date"
            value={v.endsOn}
            onChange={(e) => set({ endsOn: e.target.value })}
            {...described('ends', 'endsOn')}
          />
        </Field>
        <Field id={f('uses')} label={T.maxUses} error={fieldError('maxUses')}>
          <Input
            id={f('uses')}
            inputMode="numeric"
            value={v.maxUses}
            onChange={(e) => set({ maxUses: e.target.value })}
            {...described('uses', 'maxUses')}
          />
        </Field>
        <Field id={f('categories')} label={T.categories} error={fieldError('categories')}>
          <Input
            id={f('categories')}
            value={v.categories}
            onChange={(e) => set({ categories: e.target.value })}
            aria-describedby={`${f('categories')}-hint`}
          />
          <p id={`${f('categories')}-hint`} className="text-xs text-muted-foreground">
            {T.categoriesHint}
          </p>
        </Field>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={v.oncePerShopper}
            onChange={(e) => set({ oncePerShopper: e.target.checked })}
            className="size-4"
          />
          {T.oncePerShopper}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={v.firstPurchaseOnly}
            onChange={(e) => set({ firstPurchaseOnly: e.target.checked })}
            className="size-4"
          />
          {T.firstPurchaseOnly}
        </label>
      </div>
      <FormButtons pending={write.isPending} onCancel={onDone} error={write.error} />
    </form>
  )
}

function PromotionForm({ current, onDone }: { current?: Promotion; onDone: () => void }) {
  const id = useId()
  const write = usePromotionWrite()
  const fieldError = useFieldErrors(write.error)
  const [v, setV] = useState({
    name: current?.name ?? '',
    kind: (current?.kind ?? 'take_pay') as PromotionKind,
    take: String(current?.take ?? 3),
    pay: String(current?.pay ?? 2),
    percent: current?.percent ? String(current.percent) : '',
    categories: current?.categories.join(', ') ?? '',
    startsOn: current?.startsOn ?? '',
    endsOn: current?.endsOn ?? '',
  })
  const set = (patch: Partial<typeof v>) => setV((old) => ({ ...old, ...patch }))

  function submit(event: FormEvent) {
    event.preventDefault()
    const body: PromotionInput = {
      name: v.name,
      kind: v.kind,
      take: v.kind === 'take_pay' ? intOf(v.take) : null,
      pay: v.kind === 'take_pay' ? intOf(v.pay) : null,
      percent: v.kind === 'take_pay' ? null : intOf(v.percent),
      productIds: current?.productIds ?? [],
      categories: listOf(v.categories),
      startsOn: v.startsOn || null,
      endsOn: v.endsOn || null,
      paused: current?.paused ?? false,
    }
    write.mutate(
      { what: 'automatic', ...(current ? { id: current._id } : {}), body },
      {
        onSuccess: () => {
          toast.success(T.saved)
          onDone()
        },
      },
    )
  }

  const f = (name: string) => `${id}-${name}`
  const described = (name: string, path = name) =>
    fieldError(path) ? { 'aria-invalid': true, 'aria-describedby': `${f(name)}-error` } : {}
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={current ? `${T.edit} ${current.name}` : T.newPromotion}
      className="grid gap-4 rounded-lg border border-border p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={f('name')} label={T.name} error={fieldError('name')}>
          <Input
            id={f('name')}
            value={v.name}
            onChange={(e) => set({ name: e.target.value })}
            {...described('name')}
          />
        </Field>
        <Field id={f('kind')} label={T.kind} error={fieldError('kind')}>
          <select
            id={f('kind')}
            value={v.kind}
            onChange={(e) => set({ kind: e.target.value as PromotionKind })}
            className={selectClass}
          >
            {PROMOTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {PROMOTION_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        {v.kind === 'take_pay' ? (
          <>
            <Field id={f('take')} label={T.take} error={fieldError('take')}>
              <Input
                id={f('take')}
                inputMode="numeric"
                value={v.take}
                onChange={(e) => set({ take: e.target.value })}
                {...described('take')}
              />
            </Field>
            <Field id={f('pay')} label={T.pay}>
              <Input
                id={f('pay')}
                inputMode="numeric"
                value={v.pay}
                onChange={(e) => set({ pay: e.target.value })}
              />
            </Field>
          </>
        ) : (
          <Field id={f('percent')} label={T.percent} error={fieldError('percent')}>
            <Input
              id={f('percent')}
              inputMode="numeric"
              value={v.percent}
              onChange={(e) => set({ percent: e.target.value })}
              {...described('percent')}
            />
          </Field>
        )}
        <Field
          id={f('categories')}
          label={T.categories}
          error={fieldError('categories') ?? fieldError('productIds')}
        >
          <Input
            id={f('categories')}
            value={v.categories}
            onChange={(e) => set({ categories: e.target.value })}
            {...described('categories')}
          />
        </Field>
        <Field id={f('starts')} label={T.startsOn} error={fieldError('startsOn')}>
          <Input
            id={f('starts')}
            type="date"
            value={v.startsOn}
            onChange={(e) => set({ startsOn: e.target.value })}
          />
        </Field>
        <Field id={f('ends')} label={T.endsOn} error={fieldError('endsOn')}>
          <Input
            id={f('ends')}
            type="date"
            value={v.endsOn}
            onChange={(e) => set({ endsOn: e.target.value })}
            {...described('ends', 'endsOn')}
          />
        </Field>
      </div>
      <FormButtons pending={write.isPending} onCancel={onDone} error={write.error} />
    </form>
  )
}

function FormButtons({
  pending,
  onCancel,
  error,
}: {
  pending: boolean
  onCancel: () => void
  error: unknown
}) {
  return (
    <div className="grid gap-2">
      {isApiError(error) && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending && <Spinner aria-hidden="true" />}
          {T.save}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {T.cancel}
        </Button>
      </div>
    </div>
  )
}

function Row({
  title,
  badge,
  status,
  details,
  paused,
  onEdit,
  onToggle,
  onDuplicate,
}: {
  title: string
  badge?: string
  status: Status
  details: string[]
  paused: boolean
  onEdit: () => void
  onToggle: () => void
  onDuplicate: () => void
}) {
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{title}</span>
          {badge && <Badge variant="outline">{badge}</Badge>}
          <Badge variant={STATUS_VARIANT[status]}>{PROMOTION_STATUS_LABELS[status]}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">{details.filter(Boolean).join(' · ')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={onEdit}
          aria-label={`${T.edit} ${title}`}
        >
          {T.edit}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={onToggle}
          aria-label={`${paused ? T.resume : T.pause} ${title}`}
        >
          {paused ? T.resume : T.pause}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={onDuplicate}
          aria-label={`${T.duplicate} ${title}`}
        >
          {T.duplicate}
        </Button>
      </div>
    </li>
  )
}

const revenueText = (revenue: Coupon['revenue']) => {
  const text = formatAmounts(revenue)
  return text ? `${T.revenue}: ${text}` : ''
}

export function PromotionsView() {
  const { data, error, isPending } = usePromotions()
  const write = usePromotionWrite()
  const [editing, setEditing] = useState<string | null>(null)
  if (isPending) return <Spinner />
  if (error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    )
  }
  const done = () => setEditing(null)
  const act = (w: Parameters<typeof write.mutate>[0]) => write.mutate(w)
  return (
    <div className="grid max-w-4xl gap-8">
      <section aria-labelledby="coupons-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="coupons-title" className="text-lg font-semibold">
            {T.couponsTitle}
          </h2>
          <Button type="button" onClick={() => setEditing('new-coupon')}>
            {T.newCoupon}
          </Button>
        </div>
        {editing === 'new-coupon' && <CouponForm onDone={done} />}
        {data.coupons.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noCoupons}</p>
        ) : (
          <ul className="grid gap-2">
            {data.coupons.map((c) =>
              editing === c._id ? (
                <li key={c._id}>
                  <CouponForm current={c} onDone={done} />
                </li>
              ) : (
                <Row
                  key={c._id}
                  title={c.code}
                  badge={c.kind === 'percent' ? `-${c.percent} %` : COUPON_KIND_LABELS[c.kind]}
                  status={c.status}
                  paused={c.paused}
                  details={[T.uses(c.uses, c.maxUses), T.orders(c.orders), revenueText(c.revenue)]}
                  onEdit={() => setEditing(c._id)}
                  onToggle={() => act({ what: 'coupons', id: c._id, paused: !c.paused })}
                  onDuplicate={() => act({ what: 'coupons', id: c._id, duplicate: true })}
                />
              ),
            )}
          </ul>
        )}
      </section>
      <section aria-labelledby="promotions-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="promotions-title" className="text-lg font-semibold">
            {T.promotionsTitle}
          </h2>
          <Button type="button" onClick={() => setEditing('new-promotion')}>
            {T.newPromotion}
          </Button>
        </div>
        {editing === 'new-promotion' && <PromotionForm onDone={done} />}
        {data.promotions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noPromotions}</p>
        ) : (
          <ul className="grid gap-2">
            {data.promotions.map((p) =>
              editing === p._id ? (
                <li key={p._id}>
                  <PromotionForm current={p} onDone={done} />
                </li>
              ) : (
                <Row
                  key={p._id}
                  title={p.name}
                  badge={p.badge}
                  status={p.status}
                  paused={p.paused}
                  details={[T.orders(p.orders), revenueText(p.revenue)]}
                  onEdit={() => setEditing(p._id)}
                  onToggle={() => act({ what: 'automatic', id: p._id, paused: !p.paused })}
                  onDuplicate={() => act({ what: 'automatic', id: p._id, duplicate: true })}
                />
              ),
            )}
          </ul>
        )}
      </section>
    </div>
  )
}

function PromotionsPage() {
  useDocumentTitle(T.title)
  return (
    <WithMyBusiness>
      {() => (
        <AdminPage title={T.title} description={T.intro}>
          <PromotionsView />
        </AdminPage>
      )}
    </WithMyBusiness>
  )
}

export { PromotionsPage as Component }
