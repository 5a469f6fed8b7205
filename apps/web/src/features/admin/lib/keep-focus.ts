import type { MouseEvent } from 'react'

/**
 * For the buttons that validate (Anterior, Siguiente, Guardar…): a mouse press does not move the
 * focus, so the field being left is not validated — and its message shown or hidden — between the
 * press and the release. Such a layout shift would move the button away from the pointer and the
 * click would be lost. Keyboard use is unaffected, and the button validates everything itself.
 */
export function keepFocusOnPress(event: MouseEvent): void {
  event.preventDefault()
}
