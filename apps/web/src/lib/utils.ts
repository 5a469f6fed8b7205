import { clsx } from 'clsx'
import type { ClassValue } from 'clsx'
import { conflictingClasses } from './class-conflicts'

/**
 * Joins class names, and nothing more (ADR 016): a component's own classes and the ones a caller
 * adds never set the same property, so no run-time merging is needed to say which one wins (the
 * stylesheet's order would, not the caller's intent). A component that callers restyle offers a
 * variant or prop for it. In development and tests a conflict is an error, with its classes.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs)
  if (import.meta.env.DEV) {
    const losing = conflictingClasses(classes)
    if (losing.length > 0) {
      const message = `cn(): "${losing.join(' ')}" set what later classes set too, in "${classes}"`
      if (import.meta.env.MODE === 'test') throw new Error(message)
      console.error(message)
    }
  }
  return classes
}
