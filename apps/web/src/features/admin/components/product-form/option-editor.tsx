import { BULK_MESSAGES, LIMITS, VARIANT_MESSAGES } from '@vitrina/contracts'
import type { ProductOption } from '@vitrina/contracts'
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, arrayMove, horizontalListSortingStrategy } from '@dnd-kit/sortable'
import { ChevronLeft, ChevronRight, GripVertical, Plus, Trash2, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'
import { onEnter } from '../../lib/on-enter'
import {
  useSortableItem,
  useSortableSensors,
  useSpanishAccessibility,
} from '../dashboard/sortable-products'

const T = VARIANT_MESSAGES

/** One option: its name, its values as chips (drag or arrows to reorder), × to remove. */
export function OptionEditor({
  index,
  option,
  error,
  onRename,
  onValues,
  onRemove,
}: {
  index: number
  option: ProductOption
  error: string | undefined
  onRename: (name: string) => void
  onValues: (values: string[]) => void
  onRemove: () => void
}) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const [draftError, setDraftError] = useState<string | null>(null)
  const values = option.values
  // Issue 27 §2: one way to drag in the owner's area (dnd-kit: mouse, touch and keyboard).
  const sensors = useSortableSensors()
  const accessibility = useSpanishAccessibility(values, (value) => value)
  const label = option.name || `${T.optionName} ${index + 1}`

  const add = () => {
    const value = draft.trim()
    if (value === '') return setDraftError(T.optionValueRequired)
    if (values.length >= LIMITS.optionValuesMax) return setDraftError(T.optionValuesMax)
    if (values.some((v) => v.toLowerCase() === value.toLowerCase())) {
      return setDraftError(T.optionValueDuplicate)
    }
    setDraftError(null)
    setDraft('')
    onValues([...values, value.slice(0, LIMITS.optionValueMax)])
  }

  const move = (from: number, to: number) => {
    if (to < 0 || to >= values.length || from === to) return
    const next = [...values]
    const [value] = next.splice(from, 1)
    next.splice(to, 0, value!)
    onValues(next)
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = values.indexOf(String(active.id))
    const to = values.indexOf(String(over.id))
    if (from !== -1 && to !== -1) onValues(arrayMove([...values], from, to))
  }

  return (
    <fieldset className="grid gap-3 rounded-xl border border-border p-3 sm:p-4">
      <legend className="sr-only">{label}</legend>
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-2">
          <Label htmlFor={`${id}-nombre`}>{T.optionName}</Label>
          <Input
            id={`${id}-nombre`}
            value={option.name}
            maxLength={LIMITS.optionNameMax}
            placeholder={T.optionNamePlaceholder}
            onChange={(event) => onRename(event.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={onRemove}
          aria-label={T.removeOption(option.name || String(index + 1))}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-valor`}>{T.optionValues}</Label>
        {values.length > 0 && (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={accessibility}
          >
            <SortableContext items={values} strategy={horizontalListSortingStrategy}>
              <ul aria-label={`${T.optionValues} de ${label}`} className="flex flex-wrap gap-2">
                {values.map((value, position) => (
                  <ValueChip
                    key={value}
                    value={value}
                    first={position === 0}
                    last={position === values.length - 1}
                    onLeft={() => move(position, position - 1)}
                    onRight={() => move(position, position + 1)}
                    onRemove={() => onValues(values.filter((_, i) => i !== position))}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        )}
        <div className="flex gap-2">
          <Input
            id={`${id}-valor`}
            value={draft}
            placeholder={T.optionValuePlaceholder}
            aria-invalid={draftError ? true : undefined}
            aria-describedby={draftError ? `${id}-valor-error` : undefined}
            onChange={(event) => {
              setDraft(event.target.value)
              setDraftError(null)
            }}
            onKeyDown={onEnter(add)}
          />
          <Button type="button" variant="outline" onClick={add}>
            <Plus aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{T.addValue}</span>
          </Button>
        </div>
        {(draftError ?? error) && (
          <p id={`${id}-valor-error`} role="alert" className="text-sm font-medium text-destructive">
            {draftError ?? error}
          </p>
        )}
      </div>
    </fieldset>
  )
}

/** One value of an option: a drag handle, ← and → to move it, × to remove it. */
function ValueChip({
  value,
  first,
  last,
  onLeft,
  onRight,
  onRemove,
}: {
  value: string
  first: boolean
  last: boolean
  onLeft: () => void
  onRight: () => void
  onRemove: () => void
}) {
  const { itemProps, handleProps, isDragging } = useSortableItem(value, 'valor ordenable')
  return (
    <li
      {...itemProps}
      className="flex items-center gap-0.5 rounded-full border border-border bg-muted py-0.5 pr-1 pl-1 text-sm font-medium data-[dragging=true]:relative data-[dragging=true]:z-10 data-[dragging=true]:opacity-70"
      data-dragging={isDragging}
    >
      <button
        type="button"
        {...handleProps}
        aria-label={BULK_MESSAGES.dragHandle(value)}
        className="grid size-6 cursor-grab touch-none place-items-center rounded-full text-muted-foreground outline-none hover:bg-background focus-visible:ring-3 focus-visible:ring-ring/50 active:cursor-grabbing"
      >
        <GripVertical className="size-3.5" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={onLeft}
        disabled={first}
        aria-label={T.moveValueLeft(value)}
        className="grid size-6 place-items-center rounded-full text-muted-foreground hover:bg-background disabled:opacity-30"
      >
        <ChevronLeft className="size-3.5" aria-hidden="true" />
      </button>
      <span className="px-1">{value}</span>
      <button
        type="button"
        onClick={onRight}
        disabled={last}
        aria-label={T.moveValueRight(value)}
        className="grid size-6 place-items-center rounded-full text-muted-foreground hover:bg-background disabled:opacity-30"
      >
        <ChevronRight className="size-3.5" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={onRemove}
        aria-label={T.removeValue(value)}
        className="grid size-6 place-items-center rounded-full text-muted-foreground hover:bg-background hover:text-destructive"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  )
}
