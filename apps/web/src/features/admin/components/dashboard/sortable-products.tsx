/**
 * Issue 27 §2: dragging the owner's products into the storefront's manual order, with
 * @dnd-kit (docs/decisions/029): a visible handle per product, moved with a mouse, a finger
 * (a short press, so the page still scrolls) or the keyboard (Space or Enter to pick up, arrows
 * to move, Space or Enter to drop, Escape to cancel), every step announced in Spanish.
 */
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  SortableContext,
  arrayMove,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { BULK_MESSAGES } from '@vitrina/contracts'
import { GripVertical } from 'lucide-react'
import { useRef } from 'react'
import type { ReactNode } from 'react'

export interface SortableItem {
  _id: string
  name: string
}

/** The handle a product's row shows (null when the order is not manual). */
export type DragHandle = ReactNode

/**
 * The sensors every sortable list of the owner's area uses: mouse (after 5 px, so a click still
 * clicks), touch (a 200 ms press, so the page still scrolls) and keyboard.
 */
export function useSortableSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
}

/**
 * Spanish announcements and instructions for a sortable list of `ids` named by `nameOf`. The first
 * 'over' of a drag is the item's own place: the pick-up announcement already says it.
 */
export function useSpanishAccessibility(
  ids: readonly string[],
  nameOf: (id: string) => string,
): { announcements: Announcements; screenReaderInstructions: { draggable: string } } {
  const pickedUp = useRef(false)
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1
  const name = (id: UniqueIdentifier) => nameOf(String(id))
  return {
    screenReaderInstructions: { draggable: BULK_MESSAGES.dragInstructions },
    announcements: {
      onDragStart: ({ active }) => {
        pickedUp.current = true
        return BULK_MESSAGES.dragStart(name(active.id), positionOf(active.id), ids.length)
      },
      onDragOver: ({ active, over }) => {
        const first = pickedUp.current
        pickedUp.current = false
        if (!over || (first && over.id === active.id)) return undefined
        return BULK_MESSAGES.dragOver(name(active.id), positionOf(over.id), ids.length)
      },
      onDragEnd: ({ active, over }) =>
        BULK_MESSAGES.dragEnd(name(active.id), positionOf(over?.id ?? active.id), ids.length),
      onDragCancel: ({ active }) => BULK_MESSAGES.dragCancel(name(active.id)),
    },
  }
}

export function SortableProducts<T extends SortableItem>({
  items,
  enabled,
  className,
  itemClassName,
  onReorder,
  renderItem,
}: {
  items: readonly T[]
  enabled: boolean
  /** The list's classes, and each item's (<li>). */
  className: string
  itemClassName: string
  /** The page's ids in their new order. */
  onReorder: (ids: string[]) => void
  renderItem: (item: T, index: number, handle: DragHandle) => ReactNode
}) {
  const sensors = useSortableSensors()
  const ids = items.map((item) => item._id)
  const accessibility = useSpanishAccessibility(
    ids,
    (id) => items.find((item) => item._id === id)?.name ?? '',
  )
  if (!enabled) {
    return (
      <ul className={className}>
        {items.map((item, i) => (
          <li key={item._id} className={itemClassName}>
            {renderItem(item, i, null)}
          </li>
        ))}
      </ul>
    )
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))))
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className={className}>
          {items.map((item, index) => (
            <SortableRow
              key={item._id}
              item={item}
              index={index}
              className={itemClassName}
              renderItem={renderItem}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  )
}

function SortableRow<T extends SortableItem>({
  item,
  index,
  className,
  renderItem,
}: {
  item: T
  index: number
  className: string
  renderItem: (item: T, index: number, handle: DragHandle) => ReactNode
}) {
  const { itemProps, handleProps, isDragging } = useSortableItem(item._id, 'producto ordenable')
  const handle = (
    <button
      type="button"
      {...handleProps}
      aria-label={BULK_MESSAGES.dragHandle(item.name)}
      title={BULK_MESSAGES.dragHandle(item.name)}
      className="inline-flex size-9 cursor-grab touch-none items-center justify-center rounded-lg border border-border bg-card text-foreground shadow-xs outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 active:cursor-grabbing"
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  )
  return (
    <li {...itemProps} className={isDragging ? `${className} relative z-10 opacity-80` : className}>
      {renderItem(item, index, handle)}
    </li>
  )
}

/**
 * One sortable entry of a list (a product row, an option's value): the props of the element that
 * moves and of its drag handle, and whether it is being dragged.
 */
export function useSortableItem(id: string, roleDescription: string) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, attributes: { roleDescription } })
  return {
    itemProps: {
      ref: setNodeRef,
      style: { transform: CSS.Translate.toString(transform), transition },
    },
    handleProps: { ref: setActivatorNodeRef, ...attributes, ...listeners },
    isDragging,
  }
}
