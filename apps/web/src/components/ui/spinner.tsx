import { LoaderCircle } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/utils'

const SIZES = { sm: 'size-5', md: 'size-8', lg: 'size-10' } as const

/** A spinning indicator with an accessible name (announced politely). */
export function Spinner({
  className,
  label = 'Cargando…',
  size = 'sm',
  ...props
}: Omit<ComponentProps<'svg'>, 'size'> & { label?: string; size?: keyof typeof SIZES }) {
  return (
    <LoaderCircle
      role="status"
      aria-label={label}
      className={cn(
        SIZES[size],
        'animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]',
        className,
      )}
      {...props}
    />
  )
}
