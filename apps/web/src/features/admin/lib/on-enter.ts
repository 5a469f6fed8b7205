import type { KeyboardEvent } from 'react'

/** For the "add" inputs (tags, categories, slide URLs): Enter runs `action` instead of submitting. */
export const onEnter = (action: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== 'Enter') return
  event.preventDefault()
  action()
}
