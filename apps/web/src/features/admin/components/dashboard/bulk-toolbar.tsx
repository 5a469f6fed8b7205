/**
 * Issue 27 §2: what the owner can do to the selected products — change prices, set or clear
 * destacado / nuevo / oferta, move to a category, hide or show, delete — one request each
 * (POST /api/products/bulk). A labelled toolbar (arrow keys move between its buttons); each
 * change that needs values opens a dialog, and deleting asks first with the count.
 */
import {
  BULK_MESSAGES,
  BULK_SHORT_LABELS as S,
  GENERIC_MESSAGES,
  bulkRequestSchema,
  formatPriceInput,
  fromCents,
  parsePriceInput,
} from '@vitrina/contracts'
import type {
  BulkAction,
  BulkChange,
  BulkPriceDirection,
  StoredProductCategory,
} from '@vitrina/contracts'
import { Eye, EyeOff, FolderInput, Percent, Tags, Trash2, X } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { useId, useState } from 'react'
import type { FormEvent, KeyboardEvent, ReactNode } from 'react'
import { isApiError } from '../../../../api/client'
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
import { toast } from '../../../../lib/toast'
import { useBulkProducts, type BulkSelection } from '../../api/bulk-products'

type Open = 'price' | 'flags' | 'category' | 'delete' | null

export interface BulkToolbarProps {
  /** How many products the selection holds (the page's checked ones, or all that match). */
  count: number
  selection: BulkSelection
  categories: readonly StoredProductCategory[]
  userId: string
  /** After a change was saved: the selection is cleared. */
  onDone: () => void
}

const selectClass =
  'h-11 w-full rounded-lg border border-input bg-card px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40 sm:text-sm'

/** Arrow keys, Home and End move the focus between the toolbar's buttons (ARIA toolbar). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End']
  if (!keys.includes(event.key)) return
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:enabled')]
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
  if (at === -1) return
  event.preventDefault()
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length
  buttons[next]?.focus()
}

export function BulkToolbar({ count, selection, categories, userId, onDone }: BulkToolbarProps) {
  const bulk = useBulkProducts(userId)
  const [open, setOpen] = useState<Open>(null)

  async function run(action: BulkAction, change: Partial<BulkChange> = {}) {
    try {
      const { updated } = await bulk.mutateAsync({ selection, action, change })
      toast.success(
        action === 'delete' ? BULK_MESSAGES.deleted(updated) : BULK_MESSAGES.done(updated),
      )
      setOpen(null)
      onDone()
    } catch (error) {
      toast.error(BULK_MESSAGES.failed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    }
  }

  const close = (next: boolean) => {
    if (!next && !bulk.isPending) setOpen(null)
  }

  return (
    <>
      <div
        role="toolbar"
        aria-label={BULK_MESSAGES.toolbarLabel}
        onKeyDown={moveFocus}
        // A phone: the count (and the clear button at its corner) over one row of six
        // icon-over-short-word buttons; wider: one row, full labels.
        className="sticky top-18 z-20 grid gap-2 rounded-2xl border border-border bg-card p-2 shadow-lg sm:flex sm:flex-wrap sm:items-center sm:p-3"
      >
        <p
          className="min-h-9 content-center ps-1 pe-11 text-sm font-semibold sm:min-h-0 sm:pe-0"
          aria-live="polite"
        >
          {BULK_MESSAGES.selected(count)}
        </p>
        <Button
          variant="ghost"
          size="icon"
          onClick={onDone}
          title={BULK_MESSAGES.clearSelection}
          // Beside the count: at the corner on a phone, before the actions when wider.
          className="absolute top-2 right-2 sm:static sm:me-auto"
        >
          <X aria-hidden="true" />
          <span className="sr-only">{BULK_MESSAGES.clearSelection}</span>
        </Button>
        <div className="flex gap-1 sm:contents">
          <Action icon={Percent} short={S.changePrice} onClick={() => setOpen('price')}>
            {BULK_MESSAGES.changePrice}
          </Action>
          <Action icon={Tags} short={S.flags} onClick={() => setOpen('flags')}>
            {BULK_MESSAGES.flags}
          </Action>
          <Action icon={FolderInput} short={S.moveToCategory} onClick={() => setOpen('category')}>
            {BULK_MESSAGES.moveToCategory}
          </Action>
          <Action
            icon={EyeOff}
            short={S.hide}
            disabled={bulk.isPending}
            onClick={() => void run('status', { status: 'hidden' })}
          >
            {BULK_MESSAGES.hide}
          </Action>
          <Action
            icon={Eye}
            short={S.show}
            disabled={bulk.isPending}
            onClick={() => void run('status', { status: 'active' })}
          >
            {BULK_MESSAGES.show}
          </Action>
          <Action
            icon={Trash2}
            short={S.delete}
            variant="outline-destructive"
            onClick={() => setOpen('delete')}
          >
            {BULK_MESSAGES.delete}
          </Action>
        </div>
      </div>

      <Dialog open={open === 'price'} onOpenChange={close}>
        <PriceDialog
          count={count}
          pending={bulk.isPending}
          onApply={(change) => void run('price', change)}
        />
      </Dialog>
      <Dialog open={open === 'flags'} onOpenChange={close}>
        <FlagsDialog pending={bulk.isPending} onApply={(change) => void run('flags', change)} />
      </Dialog>
      <Dialog open={open === 'category'} onOpenChange={close}>
        <CategoryDialog
          categories={categories}
          pending={bulk.isPending}
          onApply={(change) => void run('category', change)}
        />
      </Dialog>
      <Dialog open={open === 'delete'} onOpenChange={close}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{BULK_MESSAGES.deleteTitle(count)}</DialogTitle>
            <DialogDescription>{BULK_MESSAGES.deleteDescription}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(null)} disabled={bulk.isPending}>
              {BULK_MESSAGES.cancel}
            </Button>
            <Button
              variant="destructive"
              onClick={() => void run('delete')}
              disabled={bulk.isPending}
            >
              {BULK_MESSAGES.deleteConfirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}

/**
 * One of the toolbar's actions: its full label (its accessible name) from `sm` up; on a phone an
 * icon over a short word, six to a row.
 */
function Action({
  icon: Icon,
  short,
  variant = 'outline',
  disabled,
  onClick,
  children,
}: {
  icon: LucideIcon
  short: string
  variant?: 'outline' | 'outline-destructive'
  disabled?: boolean
  onClick: () => void
  children: string
}) {
  return (
    <Button variant={variant} size="tile" disabled={disabled} onClick={onClick} title={children}>
      <Icon aria-hidden="true" />
      <span aria-hidden="true" className="max-w-full truncate sm:hidden">
        {short}
      </span>
      <span className="max-sm:sr-only">{children}</span>
    </Button>
  )
}

// ── dialogs ─────────────────────────────────────────────────────────────────────────────────

function DialogForm({
  title,
  description,
  pending,
  error,
  errorId,
  onSubmit,
  children,
}: {
  title: string
  description?: string
  pending: boolean
  error: string | null
  errorId: string
  onSubmit: () => void
  children: ReactNode
}) {
  return (
    <DialogContent>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button type="submit" disabled={pending}>
            {BULK_MESSAGES.apply}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  )
}

function Choice({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string
  value: string
  checked: boolean
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="size-4 accent-primary focus-visible:outline-3 focus-visible:outline-ring/50"
      />
      {children}
    </label>
  )
}

/** A decimal typed with a comma or a point; NaN when it is no number. */
function decimal(text: string): number {
  const cleaned = text.trim().replace(',', '.')
  return cleaned === '' ? NaN : Number(cleaned)
}

/**
 * Issue 41 §3: the value as the contracts read it — a magnitude typed the Uruguayan way or the
 * computer's (parsePriceInput: `12,5`, `1.290,50`) — or the message saying why it is none. A
 * sign is refused: the direction is the radio buttons' ("Subir" with −5 used to lower).
 */
function readChange(
  mode: 'percent' | 'amount',
  direction: BulkPriceDirection,
  text: string,
): { change: Partial<BulkChange> } | { error: string } {
  const invalid = mode === 'percent' ? BULK_MESSAGES.percentInvalid : BULK_MESSAGES.amountInvalid
  if (text.trim() === '') return { error: invalid }
  const parsed = parsePriceInput(text)
  if (!parsed.ok) return { error: mode === 'amount' ? parsed.message : invalid }
  const value = fromCents(parsed.cents)
  const change = { [mode]: value, direction }
  const checked = bulkRequestSchema.safeParse({ ids: [], action: 'price', change })
  const issue = checked.error?.issues.find((i) => i.path[0] === 'change')
  return issue ? { error: issue.message } : { change }
}

/** What the change will do, as the confirmation says it: "23 productos subirán un 5 %". */
function changeSummary(count: number, change: Partial<BulkChange>): string {
  const lower = change.direction === 'lower'
  const value =
    change.percent !== undefined
      ? BULK_MESSAGES.priceSummaryPercent(
          formatPriceInput(change.percent)
            .replace(/,00$/, '')
            .replace(/(,\d)0$/, '$1'),
        )
      : BULK_MESSAGES.priceSummaryAmount(formatPriceInput(change.amount ?? 0))
  return BULK_MESSAGES.priceSummary(count, lower, value)
}

export function PriceDialog({
  count,
  pending,
  onApply,
}: {
  /** How many products the change applies to (the confirmation says it). */
  count: number
  pending: boolean
  onApply: (change: Partial<BulkChange>) => void
}) {
  const id = useId()
  const [mode, setMode] = useState<'percent' | 'amount'>('percent')
  const [direction, setDirection] = useState<BulkPriceDirection>('raise')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const read = readChange(mode, direction, value)

  function submit() {
    if ('error' in read) return setError(read.error)
    setError(null)
    onApply(read.change)
  }

  return (
    <DialogForm
      title={BULK_MESSAGES.priceDialogTitle}
      description={BULK_MESSAGES.priceHint}
      pending={pending}
      error={error}
      errorId={`${id}-error`}
      onSubmit={submit}
    >
      <fieldset className="grid gap-1">
        <legend className="text-sm font-semibold">{BULK_MESSAGES.priceMode}</legend>
        <div className="flex flex-wrap gap-x-6">
          <Choice
            name={`${id}-mode`}
            value="percent"
            checked={mode === 'percent'}
            onChange={() => setMode('percent')}
          >
            {BULK_MESSAGES.pricePercent}
          </Choice>
          <Choice
            name={`${id}-mode`}
            value="amount"
            checked={mode === 'amount'}
            onChange={() => setMode('amount')}
          >
            {BULK_MESSAGES.priceAmount}
          </Choice>
        </div>
      </fieldset>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-semibold">{BULK_MESSAGES.priceDirection}</legend>
        <div className="flex flex-wrap gap-x-6">
          <Choice
            name={`${id}-dir`}
            value="raise"
            checked={direction === 'raise'}
            onChange={() => setDirection('raise')}
          >
            {BULK_MESSAGES.priceRaise}
          </Choice>
          <Choice
            name={`${id}-dir`}
            value="lower"
            checked={direction === 'lower'}
            onChange={() => setDirection('lower')}
          >
            {BULK_MESSAGES.priceLower}
          </Choice>
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-value`} className="text-sm font-semibold">
          {BULK_MESSAGES.priceValue}
        </label>
        <Input
          id={`${id}-value`}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <p role="status" className="text-sm font-semibold empty:hidden" data-testid="resumen-precio">
        {'change' in read ? changeSummary(count, read.change) : ''}
      </p>
    </DialogForm>
  )
}

type FlagChoice = 'keep' | 'set' | 'clear'

export function FlagsDialog({
  pending,
  onApply,
}: {
  pending: boolean
  onApply: (change: Partial<BulkChange>) => void
}) {
  const id = useId()
  const [featured, setFeatured] = useState<FlagChoice>('keep')
  const [isNew, setIsNew] = useState<FlagChoice>('keep')
  const [offer, setOffer] = useState<FlagChoice>('keep')
  const [discount, setDiscount] = useState('')
  const [error, setError] = useState<string | null>(null)

  function submit() {
    const change: Partial<BulkChange> = {}
    if (featured !== 'keep') change.isFeatured = featured === 'set'
    if (isNew !== 'keep') change.isNew = isNew === 'set'
    if (offer === 'clear') change.isOffer = false
    if (offer === 'set') {
      const value = decimal(discount)
      if (!Number.isInteger(value) || value < 1 || value > 99) {
        return setError(BULK_MESSAGES.discountRequired)
      }
      change.isOffer = true
      change.discount = value
    }
    if (Object.keys(change).length === 0) return setError(BULK_MESSAGES.flagsRequired)
    setError(null)
    onApply(change)
  }

  const row = (label: string, name: string, value: FlagChoice, set: (v: FlagChoice) => void) => (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-semibold">{label}</legend>
      <div className="flex flex-wrap gap-x-5">
        {(['keep', 'set', 'clear'] as const).map((choice) => (
          <Choice
            key={choice}
            name={`${id}-${name}`}
            value={choice}
            checked={value === choice}
            onChange={() => set(choice)}
          >
            {choice === 'keep'
              ? BULK_MESSAGES.flagKeep
              : choice === 'set'
                ? BULK_MESSAGES.flagSet
                : BULK_MESSAGES.flagClear}
          </Choice>
        ))}
      </div>
    </fieldset>
  )

  return (
    <DialogForm
      title={BULK_MESSAGES.flagsDialogTitle}
      pending={pending}
      error={error}
      errorId={`${id}-error`}
      onSubmit={submit}
    >
      {row(BULK_MESSAGES.flagFeatured, 'featured', featured, setFeatured)}
      {row(BULK_MESSAGES.flagNew, 'new', isNew, setIsNew)}
      {row(BULK_MESSAGES.flagOffer, 'offer', offer, setOffer)}
      {offer === 'set' && (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-discount`} className="text-sm font-semibold">
            {BULK_MESSAGES.discountLabel}
          </label>
          <Input
            id={`${id}-discount`}
            inputMode="numeric"
            autoComplete="off"
            value={discount}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setDiscount(event.target.value)}
          />
        </div>
      )}
    </DialogForm>
  )
}

export function CategoryDialog({
  categories,
  pending,
  onApply,
}: {
  categories: readonly StoredProductCategory[]
  pending: boolean
  onApply: (change: Partial<BulkChange>) => void
}) {
  const id = useId()
  const [category, setCategory] = useState(categories[0]?.name ?? '')
  const [subCategory, setSubCategory] = useState('')
  const [error, setError] = useState<string | null>(null)
  const subCategories = categories.find((c) => c.name === category)?.subCategories ?? []

  function submit() {
    if (!category) return setError(BULK_MESSAGES.categoryRequired)
    setError(null)
    onApply({ category, subCategory: subCategory || null })
  }

  return (
    <DialogForm
      title={BULK_MESSAGES.categoryDialogTitle}
      pending={pending}
      error={error}
      errorId={`${id}-error`}
      onSubmit={submit}
    >
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-category`} className="text-sm font-semibold">
          {BULK_MESSAGES.categoryLabel}
        </label>
        <select
          id={`${id}-category`}
          className={selectClass}
          value={category}
          onChange={(event) => {
            setCategory(event.target.value)
            setSubCategory('')
          }}
        >
          {categories.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-sub`} className="text-sm font-semibold">
          {BULK_MESSAGES.subCategoryLabel}
        </label>
        <select
          id={`${id}-sub`}
          className={selectClass}
          value={subCategory}
          disabled={subCategories.length === 0}
          onChange={(event) => setSubCategory(event.target.value)}
        >
          <option value="">{BULK_MESSAGES.subCategoryNone}</option>
          {subCategories.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
    </DialogForm>
  )
}
