import { twMerge } from 'tailwind-merge'

/**
 * The classes of a list that a later class of the same list overrides (`p-4` in `p-4 p-0`,
 * `text-sm` in `text-sm text-base`), by tailwind-merge's knowledge of Tailwind's utilities.
 * Development and tests only: `cn()` calls it under `import.meta.env.DEV`, so production builds
 * leave tailwind-merge out.
 */
export function conflictingClasses(classes: string): string[] {
  const kept = new Set(twMerge(classes).split(' '))
  return classes.split(/\s+/).filter((name) => name !== '' && !kept.has(name))
}
