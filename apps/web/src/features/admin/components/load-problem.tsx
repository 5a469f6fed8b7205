import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'

/** A screen that could not load: what happened and what the owner can do about it. */
export function LoadProblem({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="mx-auto grid min-h-[50vh] max-w-md place-items-center px-4 py-12">
      <div
        role="alert"
        className="grid justify-items-center gap-4 rounded-2xl border border-border bg-card p-8 text-center shadow-sm"
      >
        <span className="grid size-12 place-items-center rounded-full bg-destructive/10 text-destructive">
          <CircleAlert className="size-6" aria-hidden="true" />
        </span>
        <p className="text-base font-medium text-pretty">{message}</p>
        {action}
      </div>
    </div>
  )
}
