import type { FormEvent } from 'react'

/**
 * The text a submitted form's field `name` holds, or `fallback`: on a server-rendered page, what
 * was typed before the app hydrated it is in the input but not (yet) in React's state.
 */
export function submittedField(
  event: FormEvent<HTMLFormElement>,
  name: string,
  fallback: string,
): string {
  const value = new FormData(event.currentTarget).get(name)
  return typeof value === 'string' ? value : fallback
}
