import { LoaderCircle } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/utils'

/** A spinning indicator with an accessible name (announced politely). */
export function Spinner({
  className,
  label = 'Cargando…',
  ...props
}: ComponentProps<'svg'> & { label?: string }) {
  return (
    <LoaderCircle
      role="status"
      aria-label={label}
      className={cn(
        'size-5 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]',
        className,
      )}
      {...props}
    />
  )
}
