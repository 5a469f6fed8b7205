import { describe, expect, it } from 'vitest'
import { conflictingClasses } from './class-conflicts'
import { cn } from './utils'

describe('cn', () => {
  it('joins class names and drops falsy ones, without reordering or merging', () => {
    expect(cn('flex p-4', false, undefined, { 'text-sm': true, hidden: false }, ['gap-2'])).toBe(
      'flex p-4 text-sm gap-2',
    )
  })

  it('refuses, in tests, classes that a later class overrides (ADR 016)', () => {
    expect(() => cn('rounded-lg text-sm', 'rounded-full')).toThrow(
      'cn(): "rounded-lg" set what later classes set too, in "rounded-lg text-sm rounded-full"',
    )
    expect(() => cn('h-11', 'h-9')).toThrow('"h-11"')
  })

  it('lets a side refine an axis set earlier, as the stylesheet orders them', () => {
    expect(cn('px-3', 'pl-9')).toBe('px-3 pl-9')
  })
})

describe('conflictingClasses', () => {
  it('names each class that a later one of the same utility overrides', () => {
    expect(
      conflictingClasses('text-sm font-semibold text-base bg-card hover:bg-muted bg-white'),
    ).toEqual(['text-sm', 'bg-card'])
  })

  it('keeps classes of different variants and properties apart', () => {
    expect(conflictingClasses('text-sm sm:text-base hover:bg-muted bg-white text-white')).toEqual(
      [],
    )
  })
})
