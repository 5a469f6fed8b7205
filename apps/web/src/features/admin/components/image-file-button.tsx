import type { ReactNode } from 'react'
import { cn } from '../../../lib/utils'
import { IMAGE_ACCEPT } from '../lib/image-file'

/**
 * A button-looking label around a hidden image file input (keyboard focus shows on the label).
 * The picked files are handed over as an array and the input is cleared, so picking the same file
 * again fires once more. The caller checks the files (lib/image-file).
 */
export function ImageFileButton({
  icon,
  children,
  label,
  multiple,
  disabled,
  isInvalid,
  className,
  onFiles,
}: {
  icon: ReactNode
  children: ReactNode
  /** The input's accessible name. */
  label: string
  multiple?: boolean
  disabled?: boolean
  isInvalid?: boolean
  className?: string
  /** May check the files asynchronously (their bytes are read, see lib/image-file). */
  onFiles: (files: File[]) => void | Promise<void>
}) {
  return (
    <label
      className={cn(
        'inline-flex h-9 w-fit cursor-pointer items-center gap-1.5 rounded-lg border border-border bg-card px-3 text-sm font-semibold shadow-xs transition-colors hover:bg-muted has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50',
        disabled && 'pointer-events-none opacity-55',
        className,
      )}
      aria-disabled={disabled || undefined}
    >
      {icon}
      {children}
      <input
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        aria-label={label}
        aria-invalid={isInvalid || undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          event.target.value = ''
          void onFiles(files)
        }}
      />
    </label>
  )
}
