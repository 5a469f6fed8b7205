import {
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  LIMITS,
  mobileWhatsapp,
  ORDER_ADMIN_TEXTS as T,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_TYPES,
  VARIANT_MESSAGES,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@vitrina/contracts'
import type { PaymentMethodType, Weekday } from '@vitrina/contracts'
import { Copy, Plus, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { get, useFormContext, useWatch } from 'react-hook-form'
import type { FieldPath, FieldValues } from 'react-hook-form'
import { toast } from 'sonner'
import { FormField } from '../../../../components/form-field'
import { cn } from '../../../../lib/utils'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { Textarea } from '../../../../components/ui/textarea'
import type { BusinessFormValues } from '../../lib/business-form'
import { DeliveryMethodsFields } from './delivery-methods-fields'
import { ShopperMailSettingsOfSession } from './shopper-mail-settings'
import { WhatsappTemplateSettingsOfSession } from './whatsapp-template-settings'
import {
  DEFAULT_INTERVAL,
  togglePaymentMethod,
  weekdayOpeningHours,
} from '../../lib/shop-settings-form'
import type { OpeningHoursValue } from '../../lib/shop-settings-form'

type Name = FieldPath<BusinessFormValues>

/**
 * Sets a field as the owner changes it; re-validates at once once the form was submitted or the
 * field shows an error. `check`: the names whose errors depend on it. (React Hook Form keeps a
 * nested error of a resolver only at a name it can hold it at: a leaf, or a group of registered
 * fields — the opening hours are neither, so their leaves are named.)
 */
function useSetField() {
  const { setValue, getFieldState, formState, trigger } = useFormContext<BusinessFormValues>()
  return (name: Name, value: unknown, check: Name | Name[] = name) => {
    setValue(name, value as never, { shouldDirty: true })
    const names = Array.isArray(check) ? check : [check]
    if (formState.isSubmitted || names.some((n) => getFieldState(n).error)) void trigger(names)
  }
}

/** Every time of the opening hours, the names their errors are kept at. */
const HOURS_LEAVES = WEEKDAYS.flatMap((day) =>
  Array.from({ length: LIMITS.openingIntervalsPerDay }, (_, i) =>
    (['from', 'to'] as const).map((end) => `openingHours.${day}.${i}.${end}` as Name),
  ).flat(),
)

function errorAt(errors: FieldValues, name: string): string | undefined {
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined
  return error?.message ?? error?.root?.message
}

function Checkbox({
  id,
  checked,
  onChange,
  children,
}: {
  id: string
  checked: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
}) {
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium"
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 shrink-0 cursor-pointer rounded accent-primary focus-visible:outline-3 focus-visible:outline-ring/50"
      />
      {children}
    </label>
  )
}

function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  )
}

const groupClass = 'grid min-w-0 gap-4 rounded-xl border border-border p-3 sm:p-4'
const legendClass = 'px-1 text-sm font-semibold'

/** The WhatsApp number: the phone by default when it is a mobile, until the owner types one. */
function WhatsappField() {
  const { control, register, setValue, getValues, formState } = useFormContext<BusinessFormValues>()
  const phone = useWatch({ control, name: 'phone' })
  const whatsapp = useWatch({ control, name: 'whatsapp' })
  // Follows the phone while empty or equal to what the phone gave; typing in it stops that.
  const [follows, setFollows] = useState(
    () =>
      getValues('whatsapp') === '' || getValues('whatsapp') === mobileWhatsapp(getValues('phone')),
  )
  useEffect(() => {
    if (!follows) return
    const fromPhone = mobileWhatsapp(phone) ?? ''
    if (getValues('whatsapp') !== fromPhone) setValue('whatsapp', fromPhone)
  }, [follows, phone, getValues, setValue])

  const fromPhone = follows && whatsapp !== '' && whatsapp === mobileWhatsapp(phone)
  const field = register('whatsapp', { onChange: () => setFollows(false) })
  return (
    <FormField
      label={T.whatsappLabel}
      error={formState.errors.whatsapp?.message}
      hint={fromPhone ? `${T.whatsappFromPhone} ${T.whatsappHint}` : T.whatsappHint}
    >
      <Input
        id="negocio-whatsapp"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="+598 99 123 456"
        {...field}
      />
    </FormField>
  )
}

/** 2026-11-25 → 25/11/2026, as the owner reads a date. */
function shortDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-')
  return day && month && year ? `${day}/${month}/${year}` : date
}

/**
 * Issue 25: the main currency (price sorts and the price filter compare in it) and the pesos per
 * dollar the business uses, with the date it was set — or that the platform's default applies.
 */
function CurrencyFields() {
  const { control, register, formState } = useFormContext<BusinessFormValues>()
  const setField = useSetField()
  const mainCurrency = useWatch({ control, name: 'mainCurrency' })
  const info = useWatch({ control, name: 'exchangeRateInfo' })
  const rateHint = info?.date
    ? `${VARIANT_MESSAGES.exchangeRateHint}. ${VARIANT_MESSAGES.exchangeRateSetOn(shortDate(info.date))}`
    : `${VARIANT_MESSAGES.exchangeRateHint}. ${VARIANT_MESSAGES.exchangeRateDefault(
        info?.rate ? String(info.rate).replace('.', ',') : undefined,
      )}`
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField
        label={VARIANT_MESSAGES.mainCurrencyLabel}
        error={formState.errors.mainCurrency?.message}
        hint={VARIANT_MESSAGES.mainCurrencyHint}
      >
        <select
          id="negocio-moneda-principal"
          value={mainCurrency}
          onChange={(event) => setField('mainCurrency', event.target.value)}
          className="h-11 w-full rounded-lg border border-input bg-transparent px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/50 sm:text-sm"
        >
          {CURRENCY_CODES.map((code) => (
            <option key={code} value={code}>
              {VARIANT_MESSAGES.currencyNames[code]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label={VARIANT_MESSAGES.exchangeRateLabel}
        error={formState.errors.exchangeRate?.message}
        hint={rateHint}
      >
        <Input
          id="negocio-cotizacion"
          inputMode="decimal"
          autoComplete="off"
          placeholder={info?.rate ? String(info.rate).replace('.', ',') : '40,00'}
          {...register('exchangeRate')}
        />
      </FormField>
    </div>
  )
}

function AmountInputs({
  legend,
  hint,
  base,
  label,
}: {
  legend: string
  hint?: string
  base: 'deliveryOptions.delivery.fee' | 'deliveryOptions.delivery.freeFrom'
  label: (symbol: string) => string
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<BusinessFormValues>()
  const hintId = useId()
  return (
    <fieldset className="grid gap-3" aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={hintId} className="-mt-2 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <div className="grid grid-cols-2 items-start gap-3">
        {CURRENCY_CODES.map((code) => {
          const symbol = CURRENCY_SYMBOLS[code]
          return (
            <FormField
              key={code}
              label={label(symbol)}
              error={errorAt(errors, `${base}.${code}`)}
              className="[&_label]:text-xs"
            >
              <Input
                id={`${base.replaceAll('.', '-')}-${code}`}
                inputMode="decimal"
                autoComplete="off"
                {...register(`${base}.${code}`)}
              />
            </FormField>
          )
        })}
      </div>
    </fieldset>
  )
}

/** Pickup at the shop (with its address) and/or delivery with fees, free threshold and note. */
function DeliveryFields() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<BusinessFormValues>()
  const setField = useSetField()
  const delivery = useWatch({ control, name: 'deliveryOptions' })
  const address = useWatch({ control, name: 'address' })
  const errorId = useId()
  const rootError = errorAt(errors, 'deliveryOptions')
  return (
    <fieldset className={groupClass} aria-describedby={rootError ? errorId : undefined}>
      <legend className={legendClass}>{T.deliveryLegend}</legend>
      <div className="grid gap-1">
        <Checkbox
          id="entrega-retiro"
          checked={delivery.pickup}
          onChange={(on) => setField('deliveryOptions.pickup', on, 'deliveryOptions')}
        >
          {T.pickupLabel}
        </Checkbox>
        {delivery.pickup && (
          <p className="pl-8 text-xs text-muted-foreground">
            {address?.trim() ? T.pickupAddress(address.trim()) : T.pickupNoAddress}
          </p>
        )}
      </div>
      <div className="grid gap-4">
        <Checkbox
          id="entrega-envio"
          checked={delivery.delivery.enabled}
          onChange={(on) => setField('deliveryOptions.delivery.enabled', on, 'deliveryOptions')}
        >
          {T.deliveryLabel}
        </Checkbox>
        {delivery.delivery.enabled && (
          <div className="grid gap-4 border-l-2 border-border pl-3 sm:ml-2 sm:pl-5">
            <AmountInputs
              legend={T.feeLegend}
              hint={T.feeHint}
              base="deliveryOptions.delivery.fee"
              label={T.feeLabel}
            />
            <AmountInputs
              legend={T.freeFromLegend}
              base="deliveryOptions.delivery.freeFrom"
              label={T.freeFromLabel}
            />
            <FormField
              label={T.deliveryNoteLabel}
              error={errorAt(errors, 'deliveryOptions.delivery.note')}
            >
              <Textarea
                id="entrega-nota"
                rows={2}
                placeholder={T.deliveryNotePlaceholder}
                {...register('deliveryOptions.delivery.note')}
              />
            </FormField>
          </div>
        )}
      </div>
      <ErrorText id={errorId} message={rootError} />
    </fieldset>
  )
}

const NEEDS_INSTRUCTIONS: readonly PaymentMethodType[] = ['transferencia', 'mercadopago']

/** The accepted payment methods, each with the instructions the shopper sees. */
function PaymentFields() {
  const {
    control,
    trigger,
    formState: { errors },
  } = useFormContext<BusinessFormValues>()
  const setField = useSetField()
  const methods = useWatch({ control, name: 'paymentMethods' })
  // Instructions of a method unticked by mistake come back when it is ticked again.
  const remembered = useRef(new Map<PaymentMethodType, string>())
  const hintId = useId()
  const errorId = useId()
  const rootError = errorAt(errors, 'paymentMethods')
  return (
    <fieldset
      className={groupClass}
      aria-describedby={[hintId, rootError ? errorId : ''].filter(Boolean).join(' ')}
    >
      <legend className={legendClass}>{T.paymentLegend}</legend>
      <p id={hintId} className="-mt-2 text-xs text-muted-foreground">
        {T.paymentHint}
      </p>
      <ul className="grid gap-3">
        {PAYMENT_METHOD_TYPES.map((type) => {
          const index = methods.findIndex((m) => m.type === type)
          const method = methods[index]
          const label = PAYMENT_METHOD_LABELS[type]
          const name = `paymentMethods.${index}.instructions` as const
          const required = NEEDS_INSTRUCTIONS.includes(type)
          return (
            <li key={type} className="grid gap-2">
              <Checkbox
                id={`pago-${type}`}
                checked={Boolean(method)}
                onChange={(on) => {
                  if (method) remembered.current.set(type, method.instructions)
                  setField(
                    'paymentMethods',
                    togglePaymentMethod(methods, type, on, remembered.current.get(type) ?? ''),
                  )
                }}
              >
                {label}
              </Checkbox>
              {method && (
                <FormField
                  label={T.paymentInstructionsLabel(label)}
                  required={required}
                  hint={required ? T.instructionsRequired : T.instructionsOptional}
                  error={errorAt(errors, name)}
                  className="pl-8"
                >
                  <Textarea
                    id={`pago-${type}-instrucciones`}
                    rows={2}
                    maxLength={LIMITS.paymentInstructionsMax}
                    placeholder={T.paymentInstructionsPlaceholder[type]}
                    value={method.instructions}
                    onChange={(event) => setField(name, event.target.value)}
                    onBlur={() => void trigger(name)}
                  />
                </FormField>
              )}
            </li>
          )
        })}
      </ul>
      <ErrorText id={errorId} message={rootError} />
    </fieldset>
  )
}

/** Opening hours per weekday: open or closed, up to three intervals, copy to every day. */
function HoursFields() {
  const {
    control,
    formState: { errors },
  } = useFormContext<BusinessFormValues>()
  const setField = useSetField()
  const hours = useWatch({ control, name: 'openingHours' })
  const hintId = useId()
  const setHours = (next: OpeningHoursValue | null) =>
    setField('openingHours', next, ['openingHours', ...HOURS_LEAVES])
  const setDay = (day: Weekday, intervals: OpeningHoursValue[Weekday]) =>
    hours && setHours({ ...hours, [day]: intervals })

  return (
    <fieldset className={groupClass} aria-describedby={hintId}>
      <legend className={legendClass}>{T.hoursLegend}</legend>
      <p id={hintId} className="-mt-2 text-xs text-muted-foreground">
        {hours ? T.hoursHint : T.hoursNone}
      </p>
      {!hours ? (
        <div>
          <Button type="button" variant="outline" onClick={() => setHours(weekdayOpeningHours())}>
            {T.hoursSet}
          </Button>
        </div>
      ) : (
        <>
          <ul className="grid gap-3">
            {WEEKDAYS.map((day) => {
              const label = WEEKDAY_LABELS[day]
              const intervals = hours[day] ?? []
              const open = intervals.length > 0
              return (
                <li
                  key={day}
                  className={cn(
                    'gap-2 border-b border-border pb-3 last:border-0 last:pb-0',
                    open
                      ? 'grid sm:grid-cols-[9rem_minmax(0,1fr)] sm:items-start'
                      : 'grid grid-cols-[9rem_minmax(0,1fr)] items-center',
                  )}
                >
                  <Checkbox
                    id={`horario-${day}`}
                    checked={open}
                    onChange={(on) => setDay(day, on ? [{ ...DEFAULT_INTERVAL }] : [])}
                  >
                    {label}
                  </Checkbox>
                  {!open ? (
                    <p className="text-sm text-muted-foreground">{T.dayClosed}</p>
                  ) : (
                    <div className="grid gap-2">
                      {intervals.map((interval, i) => {
                        const fromName = `openingHours.${day}.${i}.from`
                        const toName = `openingHours.${day}.${i}.to`
                        const error = errorAt(errors, fromName) ?? errorAt(errors, toName)
                        const errorId = `horario-${day}-${i}-error`
                        const update = (field: 'from' | 'to', value: string) =>
                          setDay(
                            day,
                            intervals.map((it, j) => (j === i ? { ...it, [field]: value } : it)),
                          )
                        return (
                          <div key={i} className="grid gap-1">
                            <div className="flex flex-wrap items-center gap-2">
                              <div className="w-30">
                                <Input
                                  type="time"
                                  compact
                                  aria-label={T.intervalFrom(label, i + 1)}
                                  aria-invalid={errorAt(errors, fromName) ? true : undefined}
                                  aria-describedby={error ? errorId : undefined}
                                  value={interval.from}
                                  onChange={(event) => update('from', event.target.value)}
                                />
                              </div>
                              <span aria-hidden="true">–</span>
                              <div className="w-30">
                                <Input
                                  type="time"
                                  compact
                                  aria-label={T.intervalTo(label, i + 1)}
                                  aria-invalid={errorAt(errors, toName) ? true : undefined}
                                  aria-describedby={error ? errorId : undefined}
                                  value={interval.to}
                                  onChange={(event) => update('to', event.target.value)}
                                />
                              </div>
                              {i > 0 && (
                                <Button
                                  type="button"
                                  variant="ghost"
                                  size="icon"
                                  aria-label={T.intervalRemove(label, i + 1)}
                                  onClick={() =>
                                    setDay(
                                      day,
                                      intervals.filter((_, j) => j !== i),
                                    )
                                  }
                                >
                                  <X aria-hidden="true" />
                                </Button>
                              )}
                            </div>
                            <ErrorText id={errorId} message={error} />
                          </div>
                        )
                      })}
                      <div className="flex flex-wrap gap-2">
                        {intervals.length < LIMITS.openingIntervalsPerDay && (
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            aria-label={T.intervalAddLabel(label)}
                            onClick={() => setDay(day, [...intervals, { ...DEFAULT_INTERVAL }])}
                          >
                            <Plus aria-hidden="true" />
                            {T.intervalAdd}
                          </Button>
                        )}
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          aria-label={T.copyToAllLabel(label)}
                          onClick={() => {
                            const copy = Object.fromEntries(
                              WEEKDAYS.map((d) => [d, intervals.map((it) => ({ ...it }))]),
                            ) as unknown as OpeningHoursValue
                            setHours(copy)
                            toast.success(T.copiedToAll(label))
                          }}
                        >
                          <Copy aria-hidden="true" />
                          {T.copyToAll}
                        </Button>
                      </div>
                    </div>
                  )}
                </li>
              )
            })}
          </ul>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setHours(null)}>
              {T.hoursClear}
            </Button>
          </div>
        </>
      )}
    </fieldset>
  )
}

/** Issue 24 §1, in step 2 of the wizard and of the edit screen: how the business takes orders. */
export function OrderingSettings() {
  return (
    <section aria-labelledby="pedidos-ajustes" className="grid gap-5">
      <div className="grid gap-1">
        <h3 id="pedidos-ajustes" className="text-base font-semibold">
          {T.settingsTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{T.settingsIntro}</p>
      </div>
      <WhatsappField />
      <DeliveryFields />
      <DeliveryMethodsFields />
      <PaymentFields />
      <HoursFields />
      <CurrencyFields />
      {/* Issue 44 §3: the shopper's mails, each switched on or off (saved at once). */}
      <ShopperMailSettingsOfSession />
      {/* Issue 44 §3: the shop's own WhatsApp text per status (each saved by its button). */}
      <WhatsappTemplateSettingsOfSession />
    </section>
  )
}
