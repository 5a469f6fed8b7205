/**
 * Issue 45 §3: /admin/promociones — «Promociones». The owner's coupons and automatic promotions
 * with their status, uses, orders and revenue (orders not cancelled), created, edited, paused,
 * duplicated and deleted (after a confirmation) here. Every text is contracts' (orders/promotion-texts.ts); the API validates.
 * Products are chosen by name (ProductPicker) or by category; the two forms share
 * components/promotions/form-parts.tsx.
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
import { useId, useMemo, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import { Badge } from '../../../components/ui/badge'
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
import { usePromotions, usePromotionWrite, type PromotionWrite } from '../api/promotions'
import { AdminPage } from '../components/admin-page'
import {
  DateFields,
  Field,
  FormFrame,
  intOf,
  KindSelect,
  listOf,
  TextField,
  usePromotionForm,
} from '../components/promotions/form-parts'
import { ProductPicker, type ChosenProduct } from '../components/promotions/product-picker'
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

/** cents ↔ the decimal a field shows ('1500' / '1500.5'). */
const amountText = (n: number | undefined) => (n === undefined ? '' : String(n))
const amountOf = (text: string) => {
  const v = Number(text.replace(',', '.'))
  return text.trim() === '' || Number.isNaN(v) ? undefined : toCents(v) / 100
}

/** A coupon's amounts by currency from its two fields (pesos, dollars); empty ones left out. */
const amountsOf = (uyu: string, usd: string) => {
  const [UYU, USD] = [amountOf(uyu), amountOf(usd)]
  return { ...(UYU !== undefined ? { UYU } : {}), ...(USD !== undefined ? { USD } : {}) }
}

/** The products a coupon or promotion names, with their names (the list's `products`). */
const chosenOf = (ids: readonly string[] | undefined, names: Map<string, string>) =>
  (ids ?? []).map((id) => ({ _id: id, name: names.get(id) ?? id }))

interface FormProps<C> {
  current?: C
  businessId: string
  names: Map<string, string>
  onDone: () => void
}

type TargetsForm = Pick<
  ReturnType<typeof usePromotionForm<{ products: ChosenProduct[]; categories: string }>>,
  'values' | 'set' | 'field' | 'errorOf'
>

/** Products (the picker) and categories: what a coupon or a promotion applies to. */
function Targets({
  form,
  businessId,
  hint,
  withProducts = true,
}: {
  form: TargetsForm
  businessId: string
  hint?: string
  withProducts?: boolean
}) {
  const categories = form.field('categories')
  const describedBy = [
    categories.error && `${categories.id}-error`,
    hint && `${categories.id}-hint`,
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <>
      {withProducts && (
        <ProductPicker
          businessId={businessId}
          chosen={form.values.products}
          onChange={(products) => form.set({ products })}
          error={form.errorOf('productIds')}
        />
      )}
      <Field label={T.categories} field={categories}>
        <Input
          id={categories.id}
          value={form.values.categories}
          onChange={(e) => form.set({ categories: e.target.value })}
          {...categories.attrs}
          aria-describedby={describedBy || undefined}
        />
        {hint && (
          <p id={`${categories.id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </Field>
    </>
  )
}

function CouponForm({ current, businessId, names, onDone }: FormProps<Coupon>) {
  const form = usePromotionForm(
    {
      code: current?.code ?? '',
      kind: (current?.kind ?? 'percent') as CouponKind,
      percent: current?.percent ? String(current.percent) : '',
      amount: amountText(current?.amounts.UYU),
      amountUsd: amountText(current?.amounts.USD),
      minimum: amountText(current?.minSubtotal.UYU),
      minimumUsd: amountText(current?.minSubtotal.USD),
      startsOn: current?.startsOn ?? '',
      endsOn: current?.endsOn ?? '',
      maxUses: current?.maxUses ? String(current.maxUses) : '',
      oncePerShopper: current?.oncePerShopper ?? false,
      firstPurchaseOnly: current?.firstPurchaseOnly ?? false,
      products: chosenOf(current?.productIds, names),
      categories: current?.categories.join(', ') ?? '',
    },
    onDone,
  )
  const { values: v, set, field } = form

  function submit() {
    const amounts = amountsOf(v.amount, v.amountUsd)
    const body: CouponInput = {
      code: v.code,
      kind: v.kind,
      percent: v.kind === 'percent' ? intOf(v.percent) : null,
      amounts: v.kind === 'fixed' ? amounts : {},
      minSubtotal: amountsOf(v.minimum, v.minimumUsd),
      startsOn: v.startsOn || null,
      endsOn: v.endsOn || null,
      maxUses: intOf(v.maxUses),
      oncePerShopper: v.oncePerShopper,
      firstPurchaseOnly: v.firstPurchaseOnly,
      productIds: v.products.map((p) => p._id),
      categories: listOf(v.categories),
      paused: current?.paused ?? false,
    }
    form.save({ what: 'coupons', ...(current ? { id: current._id } : {}), body })
  }

  /** An amount in pesos and in dollars; each currency's API error by its own field. */
  const money = (
    key: 'amount' | 'minimum',
    path: 'amounts' | 'minSubtotal',
    labels: readonly [string, string],
  ) =>
    (
      [
        [key, [path, `${path}.UYU`]],
        [`${key}Usd`, [`${path}.USD`]],
      ] as const
    ).map(([name, paths], i) => (
      <TextField
        key={name}
        label={labels[i]!}
        field={field(name, paths)}
        inputMode="decimal"
        value={v[name]}
        onChange={(text) => set({ [name]: text } as Partial<typeof v>)}
      />
    ))

  const check = (key: 'oncePerShopper' | 'firstPurchaseOnly', label: string) => (
    <label className="flex min-h-10 items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={v[key]}
        onChange={(e) => set({ [key]: e.target.checked })}
        className="size-4"
      />
      {label}
    </label>
  )
  return (
    <FormFrame
      label={current ? `${T.edit} ${current.code}` : T.newCoupon}
      onSubmit={submit}
      onCancel={onDone}
      write={form.write}
      after={
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          {check('oncePerShopper', T.oncePerShopper)}
          {check('firstPurchaseOnly', T.firstPurchaseOnly)}
        </div>
      }
    >
      <TextField
        label={T.code}
        field={field('code')}
        value={v.code}
        onChange={(code) => set({ code })}
        autoComplete="off"
        className="uppercase"
      />
      <KindSelect
        field={field('kind')}
        value={v.kind}
        kinds={COUPON_KINDS}
        labels={COUPON_KIND_LABELS}
        onChange={(kind) => set({ kind })}
      />
      {v.kind === 'percent' && (
        <TextField
          label={T.percent}
          field={field('percent')}
          inputMode="numeric"
          value={v.percent}
          onChange={(percent) => set({ percent })}
        />
      )}
      {v.kind === 'fixed' && money('amount', 'amounts', [T.amount, T.amountUsd])}
      {money('minimum', 'minSubtotal', [T.minimum, T.minimumUsd])}
      <p className="text-sm text-muted-foreground sm:col-span-2">{T.amountsHint}</p>
      <DateFields field={field} startsOn={v.startsOn} endsOn={v.endsOn} onChange={set} />
      <TextField
        label={T.maxUses}
        field={field('uses', 'maxUses')}
        inputMode="numeric"
        value={v.maxUses}
        onChange={(maxUses) => set({ maxUses })}
      />
      <Targets form={form} businessId={businessId} hint={T.couponTargetsHint} />
    </FormFrame>
  )
}

function PromotionForm({ current, businessId, names, onDone }: FormProps<Promotion>) {
  const form = usePromotionForm(
    {
      name: current?.name ?? '',
      kind: (current?.kind ?? 'take_pay') as PromotionKind,
      take: String(current?.take ?? 3),
      pay: String(current?.pay ?? 2),
      percent: current?.percent ? String(current.percent) : '',
      products: chosenOf(current?.productIds, names),
      categories: current?.categories.join(', ') ?? '',
      startsOn: current?.startsOn ?? '',
      endsOn: current?.endsOn ?? '',
    },
    onDone,
  )
  const { values: v, set, field } = form

  function submit() {
    const takePay = v.kind === 'take_pay'
    const body: PromotionInput = {
      name: v.name,
      kind: v.kind,
      take: takePay ? intOf(v.take) : null,
      pay: takePay ? intOf(v.pay) : null,
      percent: takePay ? null : intOf(v.percent),
      // "X % en una categoría" is by category only.
      productIds: v.kind === 'category_percent' ? [] : v.products.map((p) => p._id),
      categories: listOf(v.categories),
      startsOn: v.startsOn || null,
      endsOn: v.endsOn || null,
      paused: current?.paused ?? false,
    }
    form.save({ what: 'automatic', ...(current ? { id: current._id } : {}), body })
  }

  return (
    <FormFrame
      label={current ? `${T.edit} ${current.name}` : T.newPromotion}
      onSubmit={submit}
      onCancel={onDone}
      write={form.write}
    >
      <TextField
        label={T.name}
        field={field('name')}
        value={v.name}
        onChange={(name) => set({ name })}
      />
      <KindSelect
        field={field('kind')}
        value={v.kind}
        kinds={PROMOTION_KINDS}
        labels={PROMOTION_KIND_LABELS}
        onChange={(kind) => set({ kind })}
      />
      {v.kind === 'take_pay' ? (
        <>
          <TextField
            label={T.take}
            field={field('take')}
            inputMode="numeric"
            value={v.take}
            onChange={(take) => set({ take })}
          />
          <TextField
            label={T.pay}
            field={field('pay')}
            inputMode="numeric"
            value={v.pay}
            onChange={(pay) => set({ pay })}
          />
        </>
      ) : (
        <TextField
          label={T.percent}
          field={field('percent')}
          inputMode="numeric"
          value={v.percent}
          onChange={(percent) => set({ percent })}
        />
      )}
      <DateFields field={field} startsOn={v.startsOn} endsOn={v.endsOn} onChange={set} />
      <Targets form={form} businessId={businessId} withProducts={v.kind !== 'category_percent'} />
    </FormFrame>
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
  onRemove,
}: {
  title: string
  badge?: string
  status: Status
  details: string[]
  paused: boolean
  onEdit: () => void
  onToggle: () => void
  onDuplicate: () => void
  onRemove: () => void
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
        {(
          [
            [T.edit, onEdit],
            [paused ? T.resume : T.pause, onToggle],
            [T.duplicate, onDuplicate],
            [T.remove, onRemove],
          ] as const
        ).map(([label, onClick]) => (
          <Button
            key={label}
            type="button"
            size="sm"
            variant="outline"
            onClick={onClick}
            aria-label={`${label} ${title}`}
          >
            {label}
          </Button>
        ))}
      </div>
    </li>
  )
}

const revenueText = (revenue: Coupon['revenue']) => {
  const text = formatAmounts(revenue)
  return text ? `${T.revenue}: ${text}` : ''
}

interface ListItem {
  _id: string
  paused: boolean
  status: Status
}

/** One of the page's two lists: its heading and «Nuevo …», its rows, the form open in place. */
function ListSection<I extends ListItem>({
  what,
  title,
  newLabel,
  emptyText,
  items,
  editing,
  onEdit,
  act,
  onRemove,
  form,
  row,
}: {
  what: 'coupons' | 'automatic'
  title: string
  newLabel: string
  emptyText: string
  items: readonly I[]
  /** The id being edited, `new-{what}` for a new one, or null. */
  editing: string | null
  onEdit: (key: string) => void
  act: (write: PromotionWrite) => void
  /** «Eliminar» asks first (RemoveDialog). */
  onRemove: (item: { what: 'coupons' | 'automatic'; id: string; title: string }) => void
  form: (current?: I) => ReactNode
  row: (item: I) => { title: string; badge?: string; details: string[] }
}) {
  const headingId = useId()
  const newKey = `new-${what}`
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <Button type="button" onClick={() => onEdit(newKey)}>
          {newLabel}
        </Button>
      </div>
      {editing === newKey && form()}
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid gap-2">
          {items.map((item) =>
            editing === item._id ? (
              <li key={item._id}>{form(item)}</li>
            ) : (
              <Row
                key={item._id}
                {...row(item)}
                status={item.status}
                paused={item.paused}
                onEdit={() => onEdit(item._id)}
                onToggle={() => act({ what, id: item._id, paused: !item.paused })}
                onDuplicate={() => act({ what, id: item._id, duplicate: true })}
                onRemove={() => onRemove({ what, id: item._id, title: row(item).title })}
              />
            ),
          )}
        </ul>
      )}
    </section>
  )
}

export function PromotionsView({ businessId }: { businessId: string }) {
  const { data, error, isPending } = usePromotions()
  const write = usePromotionWrite()
  const [editing, setEditing] = useState<string | null>(null)
  const [removing, setRemoving] = useState<Removing | null>(null)
  const products = data?.products
  const names = useMemo(() => new Map((products ?? []).map((p) => [p._id, p.name])), [products])
  if (isPending) return <Spinner />
  if (error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    )
  }
  const done = () => setEditing(null)
  // Pause, resume and duplicate: one click each; a refusal is said (the API's words).
  const act = (w: PromotionWrite) =>
    write.mutate(w, {
      onSuccess: () => toast.success(T.saved),
      onError: (e) => toast.error(isApiError(e) ? e.message : T.actionFailed),
    })
  const formProps = { businessId, names, onDone: done }
  const lists = { editing, onEdit: setEditing, act, onRemove: setRemoving }
  return (
    <div className="grid max-w-4xl gap-8">
      <ListSection
        what="coupons"
        title={T.couponsTitle}
        newLabel={T.newCoupon}
        emptyText={T.noCoupons}
        items={data.coupons}
        {...lists}
        form={(current) => <CouponForm current={current} {...formProps} />}
        row={(c) => ({
          title: c.code,
          badge: c.kind === 'percent' ? `-${c.percent} %` : COUPON_KIND_LABELS[c.kind],
          details: [T.uses(c.uses, c.maxUses), T.orders(c.orders), revenueText(c.revenue)],
        })}
      />
      <ListSection
        what="automatic"
        title={T.promotionsTitle}
        newLabel={T.newPromotion}
        emptyText={T.noPromotions}
        items={data.promotions}
        {...lists}
        form={(current) => <PromotionForm current={current} {...formProps} />}
        row={(p) => ({
          title: p.name,
          badge: p.badge,
          details: [T.orders(p.orders), revenueText(p.revenue)],
        })}
      />
      <RemoveDialog removing={removing} onClose={() => setRemoving(null)} />
    </div>
  )
}

interface Removing {
  what: 'coupons' | 'automatic'
  id: string
  title: string
}

/** Deleting a coupon or promotion asks first; orders that used it keep their discount lines. */
function RemoveDialog({ removing, onClose }: { removing: Removing | null; onClose: () => void }) {
  const write = usePromotionWrite()
  const confirm = () => {
    if (!removing) return
    write.mutate(
      { what: removing.what, id: removing.id, remove: true },
      {
        onSuccess: () => {
          toast.success(T.removed, { description: removing.title })
          onClose()
        },
        onError: (e) => toast.error(isApiError(e) ? e.message : T.actionFailed),
      },
    )
  }
  return (
    <Dialog
      open={removing !== null}
      onOpenChange={(open) => {
        if (!open && !write.isPending) onClose()
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.removeTitle(removing?.title ?? '')}</DialogTitle>
          <DialogDescription>{T.removeQuestion}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={write.isPending}>
            {T.cancel}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={write.isPending}>
            {write.isPending ? T.removing : T.remove}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function PromotionsPage() {
  useDocumentTitle(T.title)
  return (
    <WithMyBusiness>
      {(business) => (
        <AdminPage title={T.title} description={T.intro}>
          <PromotionsView businessId={business._id} />
        </AdminPage>
      )}
    </WithMyBusiness>
  )
}

export { PromotionsPage as Component }
