import { Spinner } from './ui/spinner'

/** Centered spinner for a page or section that is loading (lazy routes, data). */
export function PageSpinner({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div className="grid min-h-[50vh] place-items-center p-8">
      <div className="flex flex-col items-center gap-3 text-muted-foreground">
        <Spinner size="md" className="text-accent" label={label} />
        <p className="text-sm" aria-hidden="true">
          {label}
        </p>
      </div>
    </div>
  )
}
