import type { ImageAsset } from '@vitrina/contracts'
import { cn } from '../../lib/utils'

/** The business logo, or its initial on the primary colour when there is none. */
export function StoreLogo({
  name,
  logo,
  className,
}: {
  name: string
  logo?: ImageAsset | null
  className?: string
}) {
  if (logo?.url) {
    return (
      <img
        src={logo.url}
        srcSet={logo.srcset}
        sizes="80px"
        width={logo.width}
        height={logo.height}
        alt=""
        decoding="async"
        className={cn('size-10 shrink-0 rounded-lg bg-white object-contain', className)}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-10 shrink-0 place-items-center rounded-lg bg-(--store-primary) text-lg font-bold text-(--store-on-primary) ring-1 ring-current/10',
        className,
      )}
    >
      {name.trim().charAt(0).toLocaleUpperCase('es') || '?'}
    </span>
  )
}
