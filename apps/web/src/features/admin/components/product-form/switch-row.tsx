import type { ReactNode } from 'react'
import { Label } from '../../../../components/ui/label'
import { Switch } from '../../../../components/ui/switch'

/**
 * A labelled on/off choice of the product form (flags, visibility, stock, the address): the label
 * is the switch's, so a click on it toggles; a hint, when given, goes under both.
 */
export function SwitchRow({
  id,
  label,
  checked,
  onCheckedChange,
  onBlur,
  hint,
  className,
}: {
  id: string
  label: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  onBlur?: () => void
  hint?: ReactNode
  className?: string
}) {
  const row = (
    <div className="flex items-center justify-between gap-3">
      <Label htmlFor={id} className="cursor-pointer">
        {label}
      </Label>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} onBlur={onBlur} />
    </div>
  )
  if (hint === undefined && className === undefined) return row
  return (
    <div className={className}>
      {row}
      {hint !== undefined && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  )
}
