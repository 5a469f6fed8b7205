import { Store } from 'lucide-react'
import { Link } from './ui/link'
import { paths } from '../config/paths'
import { cn } from '../lib/utils'

/** The Vitrina mark + wordmark, linking home. */
export function BrandLogo({
  className,
  inverted = false,
  onClick,
}: {
  className?: string
  inverted?: boolean
  onClick?: () => void
}) {
  return (
    <Link
      to={paths.home()}
      onClick={onClick}
      aria-label="Vitrina, ir al inicio"
      className={cn(
        'inline-flex items-center gap-2 rounded-lg text-xl font-bold tracking-tight',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'grid size-9 place-items-center rounded-xl',
          inverted ? 'bg-white text-primary' : 'bg-primary text-white',
        )}
      >
        <Store className="size-5" />
      </span>
      <span className={inverted ? 'text-white' : 'text-primary'}>Vitrina</span>
    </Link>
  )
}
