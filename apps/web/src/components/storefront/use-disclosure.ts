import { useCallback, useEffect, useId, useRef, useState } from 'react'

/**
 * A disclosure popover (the WAI-ARIA "disclosure navigation menu" pattern): a button with
 * aria-expanded that shows a panel of links. It closes on Escape (focus back to the button), on a
 * click or focus outside, and after a link inside is followed. Lighter than a menu widget and
 * the right semantics for site navigation.
 */
export function useDisclosure<TRoot extends HTMLElement = HTMLDivElement>() {
  const [isOpen, setIsOpen] = useState(false)
  const rootRef = useRef<TRoot>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  const close = useCallback(() => setIsOpen(false), [])

  useEffect(() => {
    if (!isOpen) return
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false)
    }
    function onFocusIn(event: FocusEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false)
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setIsOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('focusin', onFocusIn)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('focusin', onFocusIn)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [isOpen])

  return {
    isOpen,
    close,
    rootRef,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': isOpen,
      'aria-controls': panelId,
      onClick: () => setIsOpen((open) => !open),
    },
    panelProps: { id: panelId, hidden: !isOpen },
  }
}
