import type { ComponentProps } from 'react'
import { cn } from '../../lib/utils'

const RADII = { default: 'rounded-lg', card: 'rounded-2xl', none: 'rounded-none' } as const

export function Skeleton({
  className,
  radius = 'default',
  ...props
}: ComponentProps<'div'> & { radius?: keyof typeof RADII }) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse bg-muted motion-reduce:animate-none', RADII[radius], className)}
      {...props}
    />
  )
}
