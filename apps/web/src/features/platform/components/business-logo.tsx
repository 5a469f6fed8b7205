import { readableTextColor, HEX_COLOR_PATTERN } from '@vitrina/contracts'
import type { ImageAsset } from '@vitrina/contracts'
import { cn } from '../../../lib/utils'

/** A business logo, or its initial on the business's primary colour when it has none. */
export function BusinessLogo({
  name,
  logo,
  color,
  className,
  sizes = '64px',
}: {
  name: string
  logo: ImageAsset | null | undefined
  color?: string
  className?: string
  sizes?: string
}) {
  if (logo?.url) {
    return (
      <img
        src={logo.url}
        srcSet={logo.srcset}
        sizes={logo.srcset ? sizes : undefined}
        width={logo.width}
        height={logo.height}
        alt={`Logo de ${name}`}
        loading="lazy"
        decoding="async"
        className={cn('size-16 rounded-xl bg-card object-contain', className)}
      />
    )
  }
  const background = color && HEX_COLOR_PATTERN.test(color) ? color : '#415A77'
  return (
    <span
      role="img"
      aria-label={`Logo de ${name}`}
      className={cn('grid size-16 place-items-center rounded-xl text-2xl font-bold', className)}
      style={{ background, color: readableTextColor(background) }}
    >
      {name.trim().charAt(0).toLocaleUpperCase('es') || '?'}
    </span>
  )
}
