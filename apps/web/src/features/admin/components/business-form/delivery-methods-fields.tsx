/**
 * Issue 44 §1: the owner's zones (places of Uruguay or free-text areas, a price per currency,
 * "gratis desde", estimated time, on/off), parcel agencies (paid at destination or a fixed fee)
 * and pickup points (address, note, the shop's hours) — edited as whole lists in the business
 * form; the contracts' deliveryOptionsSchema validates them with its Spanish messages.
 */
import {
  AGENCY_CHARGES,
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  DELIVERY_ADMIN_TEXTS as T,
  MONTEVIDEO_BARRIOS,
  URUGUAY_DEPARTMENTS,
  placeKey,
  type AgencyCharge,
} from '@vitrina/contracts'
import { Plus, X } from 'lucide-react'
import { get, useFormContext, useWatch } from 'react-hook-form'
import type { FieldValues } from 'react-hook-form'
import { FormField } from '../../../../components/form-field'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import type { BusinessFormValues } from '../../lib/business-form'
import {
  newItemId,
  type AgencyFormValue,
  type AmountsText,
  type PointFormValue,
  type WeightBandFormValue,
  type ZoneFormValue,
} from '../../lib/shop-settings-form'

const emptyAmounts = (): AmountsText =>
  Object.fromEntries(CURRENCY_CODES.map((c) => [c, ''])) as AmountsText

function errorAt(errors: FieldValues, name: string): string | undefined {
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined
  return error?.message ?? error?.root?.message
}

const cardClass = 'grid gap-3 rounded-lg border border-border p-3'
const selectClass =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none'

function Toggle({
  id,
  checked,
  onChange,
  label,
}: {
  id: string
  checked: boolean
  onChange: (on: boolean) => void
  label: string
}) {
  return (
    <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 shrink-0 cursor-pointer rounded accent-primary focus-visible:outline-3 focus-visible:outline-ring/50"
      />
      {label}
    </label>
  )
}

/** Issue 44 §1: a zone's optional prices by the parcel's weight (contracts' zonePrice). */
function WeightBands({
  zoneId,
  base,
  bands,
  errors,
  onChange,
}: {
  zoneId: string
  base: string
  bands: readonly WeightBandFormValue[]
  errors: FieldValues
  onChange: (bands: WeightBandFormValue[]) => void
}) {
  const titleId = `${zoneId}-peso-titulo`
  const listError = errorAt(errors, `${base}.weightBands`)
  const edit = (j: number, patch: Partial<WeightBandFormValue>) =>
    onChange(bands.map((b, k) => (k === j ? { ...b, ...patch } : b)))
  return (
    <div role="group" aria-labelledby={titleId} className="grid gap-2">
      <p id={titleId} className="text-sm font-medium">
        {T.weightBandsTitle}
      </p>
      <p className="text-xs text-muted-foreground">{T.weightBandsHint}</p>
      {bands.map((band, j) => (
        <fieldset key={j} className="flex min-w-0 items-end gap-2">
          <legend className="mb-1 text-xs font-medium text-muted-foreground">
            {T.band(j + 1)}
          </legend>
          <div className="grid flex-1 grid-cols-3 gap-2">
            <FormField
              label={T.bandUpTo}
              error={errorAt(errors, `${base}.weightBands.${j}.upToGrams`)}
              className="[&_label]:text-xs"
            >
              <Input
                id={`${zoneId}-tramo-${j}-gramos`}
                inputMode="numeric"
                value={band.upToGrams}
                onChange={(e) => edit(j, { upToGrams: e.target.value })}
              />
            </FormField>
            {CURRENCY_CODES.map((code) => (
              <FormField
                key={code}
                label={T.bandPrice(CURRENCY_SYMBOLS[code])}
                error={errorAt(errors, `${base}.weightBands.${j}.price.${code}`)}
                className="[&_label]:text-xs"
              >
                <Input
                  id={`${zoneId}-tramo-${j}-costo-${code}`}
                  inputMode="decimal"
                  value={band.price[code]}
                  onChange={(e) => edit(j, { price: { ...band.price, [code]: e.target.value } })}
                />
              </FormField>
            ))}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={T.removeBand(j + 1)}
            onClick={() => onChange(bands.filter((_, k) => k !== j))}
          >
            <X aria-hidden="true" />
          </Button>
        </fieldset>
      ))}
      {listError && (
        <p role="alert" className="text-sm text-destructive">
          {listError}
        </p>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange([...bands, { upToGrams: '', price: emptyAmounts() }])}
      >
        <Plus aria-hidden="true" /> {T.addBand}
      </Button>
    </div>
  )
}

export function DeliveryMethodsFields() {
  const {
    control,
    setValue,
    trigger,
    formState: { errors, isSubmitted },
  } = useFormContext<BusinessFormValues>()
  const value = useWatch({ control, name: 'deliveryOptions' })
  const zones = value.zones ?? []
  const agencies = value.agencies ?? []
  const points = value.pickupPoints ?? []
  const rootError =
    errorAt(errors, 'deliveryOptions.zones') ?? errorAt(errors, 'deliveryOptions.agencies')

  function put<K extends 'zones' | 'agencies' | 'pickupPoints' | 'everywhere'>(
    key: K,
    next: BusinessFormValues['deliveryOptions'][K],
  ) {
    setValue(`deliveryOptions.${key}`, next as never, { shouldDirty: true })
    if (isSubmitted) void trigger('deliveryOptions')
  }
  const editZone = (i: number, patch: Partial<ZoneFormValue>) =>
    put(
      'zones',
      zones.map((z, j) => (j === i ? { ...z, ...patch } : z)),
    )
  const editAgency = (i: number, patch: Partial<AgencyFormValue>) =>
    put(
      'agencies',
      agencies.map((a, j) => (j === i ? { ...a, ...patch } : a)),
    )
  const editPoint = (i: number, patch: Partial<PointFormValue>) =>
    put(
      'pickupPoints',
      points.map((p, j) => (j === i ? { ...p, ...patch } : p)),
    )

  return (
    <fieldset className="grid min-w-0 gap-4 rounded-xl border border-border p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">{T.legend}</legend>
      <p className="text-xs text-muted-foreground">{T.intro}</p>
      {value.delivery.enabled && (
        <div>
          <Toggle
            id="entrega-todo-el-pais"
            checked={value.everywhere ?? true}
            onChange={(on) => put('everywhere', on)}
            label={T.everywhere}
          />
          <p className="pl-8 text-xs text-muted-foreground">{T.everywhereHint}</p>
        </div>
      )}

      <section aria-labelledby="zonas-titulo" className="grid gap-3">
        <h4 id="zonas-titulo" className="text-sm font-medium">
          {T.zonesTitle}
        </h4>
        {zones.map((zone, i) => {
          const base = `deliveryOptions.zones.${i}`
          const id = `zona-${i}`
          return (
            <div key={zone.id} className={cardClass}>
              <div className="flex items-start gap-2">
                <FormField
                  label={T.zoneName}
                  error={errorAt(errors, `${base}.name`)}
                  className="flex-1"
                >
                  <Input
                    id={`${id}-nombre`}
                    value={zone.name}
                    onChange={(e) => editZone(i, { name: e.target.value })}
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={T.removeZone(zone.name)}
                  onClick={() =>
                    put(
                      'zones',
                      zones.filter((_, j) => j !== i),
                    )
                  }
                  className="mt-6"
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <FormField label={T.zonePlaces} error={errorAt(errors, `${base}.places`)}>
                <select
                  id={`${id}-lugares`}
                  multiple
                  size={6}
                  value={zone.places}
                  aria-describedby={`${id}-lugares-ayuda`}
                  onChange={(e) =>
                    editZone(i, { places: [...e.target.selectedOptions].map((o) => o.value) })
                  }
                  className={selectClass}
                >
                  <optgroup label="Departamentos">
                    {URUGUAY_DEPARTMENTS.map((d) => (
                      <option key={d} value={placeKey.department(d)}>
                        {d}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label="Barrios de Montevideo">
                    {MONTEVIDEO_BARRIOS.map((b) => (
                      <option key={b} value={placeKey.barrio(b)}>
                        {b}
                      </option>
                    ))}
                  </optgroup>
                </select>
              </FormField>
              <p id={`${id}-lugares-ayuda`} className="-mt-2 text-xs text-muted-foreground">
                {T.zonePlacesHint}
              </p>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {CURRENCY_CODES.map((code) => (
                  <FormField
                    key={`p-${code}`}
                    label={T.zonePrice(CURRENCY_SYMBOLS[code])}
                    error={errorAt(errors, `${base}.price.${code}`)}
                    className="[&_label]:text-xs"
                  >
                    <Input
                      id={`${id}-costo-${code}`}
                      inputMode="decimal"
                      value={zone.price[code]}
                      onChange={(e) =>
                        editZone(i, { price: { ...zone.price, [code]: e.target.value } })
                      }
                    />
                  </FormField>
                ))}
                {CURRENCY_CODES.map((code) => (
                  <FormField
                    key={`f-${code}`}
                    label={T.zoneFreeFrom(CURRENCY_SYMBOLS[code])}
                    error={errorAt(errors, `${base}.freeFrom.${code}`)}
                    className="[&_label]:text-xs"
                  >
                    <Input
                      id={`${id}-gratis-${code}`}
                      inputMode="decimal"
                      value={zone.freeFrom[code]}
                      onChange={(e) =>
                        editZone(i, { freeFrom: { ...zone.freeFrom, [code]: e.target.value } })
                      }
                    />
                  </FormField>
                ))}
              </div>
              <WeightBands
                zoneId={id}
                base={base}
                bands={zone.weightBands ?? []}
                errors={errors}
                onChange={(weightBands) => editZone(i, { weightBands })}
              />
              <FormField label={T.zoneEta} error={errorAt(errors, `${base}.eta`)}>
                <Input
                  id={`${id}-tiempo`}
                  placeholder={T.zoneEtaPlaceholder}
                  value={zone.eta}
                  onChange={(e) => editZone(i, { eta: e.target.value })}
                />
              </FormField>
              <Toggle
                id={`${id}-activa`}
                checked={zone.enabled}
                onChange={(on) => editZone(i, { enabled: on })}
                label={T.zoneEnabled}
              />
            </div>
          )
        })}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() =>
            put('zones', [
              ...zones,
              {
                id: newItemId(zones),
                name: '',
                places: [],
                price: emptyAmounts(),
                freeFrom: emptyAmounts(),
                eta: '',
                enabled: true,
                weightBands: [],
              },
            ])
          }
        >
          <Plus aria-hidden="true" /> {T.addZone}
        </Button>
      </section>

      <section aria-labelledby="agencias-titulo" className="grid gap-3">
        <h4 id="agencias-titulo" className="text-sm font-medium">
          {T.agenciesTitle}
        </h4>
        {agencies.map((agency, i) => {
          const base = `deliveryOptions.agencies.${i}`
          const id = `agencia-${i}`
          return (
            <div key={agency.id} className={cardClass}>
              <div className="flex items-start gap-2">
                <FormField
                  label={T.agencyName}
                  error={errorAt(errors, `${base}.name`)}
                  className="flex-1"
                >
                  <Input
                    id={`${id}-nombre`}
                    placeholder={T.agencyNamePlaceholder}
                    value={agency.name}
                    onChange={(e) => editAgency(i, { name: e.target.value })}
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={T.removeAgency(agency.name)}
                  onClick={() =>
                    put(
                      'agencies',
                      agencies.filter((_, j) => j !== i),
                    )
                  }
                  className="mt-6"
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <FormField label={T.agencyCharge}>
                <select
                  id={`${id}-cobro`}
                  value={agency.charge}
                  onChange={(e) => editAgency(i, { charge: e.target.value as AgencyCharge })}
                  className={selectClass}
                >
                  {AGENCY_CHARGES.map((c) => (
                    <option key={c} value={c}>
                      {T.agencyChargeLabels[c]}
                    </option>
                  ))}
                </select>
              </FormField>
              {agency.charge === 'fixed' && (
                <div className="grid grid-cols-2 gap-3">
                  {CURRENCY_CODES.map((code) => (
                    <FormField
                      key={code}
                      label={T.agencyFee(CURRENCY_SYMBOLS[code])}
                      error={
                        errorAt(errors, `${base}.fee.${code}`) ??
                        (code === 'UYU' ? errorAt(errors, `${base}.fee`) : undefined)
                      }
                      className="[&_label]:text-xs"
                    >
                      <Input
                        id={`${id}-costo-${code}`}
                        inputMode="decimal"
                        value={agency.fee[code]}
                        onChange={(e) =>
                          editAgency(i, { fee: { ...agency.fee, [code]: e.target.value } })
                        }
                      />
                    </FormField>
                  ))}
                </div>
              )}
              <Toggle
                id={`${id}-activa`}
                checked={agency.enabled}
                onChange={(on) => editAgency(i, { enabled: on })}
                label={T.agencyEnabled}
              />
            </div>
          )
        })}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() =>
            put('agencies', [
              ...agencies,
              {
                id: newItemId(agencies),
                name: '',
                charge: 'destination',
                fee: emptyAmounts(),
                enabled: true,
              },
            ])
          }
        >
          <Plus aria-hidden="true" /> {T.addAgency}
        </Button>
      </section>

      <section aria-labelledby="puntos-titulo" className="grid gap-3">
        <h4 id="puntos-titulo" className="text-sm font-medium">
          {T.pointsTitle}
        </h4>
        {points.map((point, i) => {
          const base = `deliveryOptions.pickupPoints.${i}`
          const id = `punto-${i}`
          return (
            <div key={point.id} className={cardClass}>
              <div className="flex items-start gap-2">
                <FormField
                  label={T.pointName}
                  error={errorAt(errors, `${base}.name`)}
                  className="flex-1"
                >
                  <Input
                    id={`${id}-nombre`}
                    value={point.name}
                    onChange={(e) => editPoint(i, { name: e.target.value })}
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={T.removePoint(point.name)}
                  onClick={() =>
                    put(
                      'pickupPoints',
                      points.filter((_, j) => j !== i),
                    )
                  }
                  className="mt-6"
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <FormField label={T.pointAddress} error={errorAt(errors, `${base}.address`)}>
                <Input
                  id={`${id}-direccion`}
                  value={point.address}
                  onChange={(e) => editPoint(i, { address: e.target.value })}
                />
              </FormField>
              <FormField label={T.pointNote} error={errorAt(errors, `${base}.note`)}>
                <Input
                  id={`${id}-nota`}
                  value={point.note}
                  onChange={(e) => editPoint(i, { note: e.target.value })}
                />
              </FormField>
              <Toggle
                id={`${id}-horario`}
                checked={point.sameHours}
                onChange={(on) => editPoint(i, { sameHours: on })}
                label={T.pointSameHours}
              />
            </div>
          )
        })}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() =>
            put('pickupPoints', [
              ...points,
              { id: newItemId(points), name: '', address: '', note: '', sameHours: true },
            ])
          }
        >
          <Plus aria-hidden="true" /> {T.addPoint}
        </Button>
      </section>
      {rootError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {rootError}
        </p>
      )}
    </fieldset>
  )
}
