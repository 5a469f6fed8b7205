import { Info } from 'lucide-react'
import type { Ref } from 'react'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select'
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip'

export interface FormSelectOption {
  value: string
  label: string
  /** Shown as a tooltip beside the option (e.g. the business categories, SPEC §3). */
  description?: string
}

function OptionItem({ option }: { option: FormSelectOption }) {
  const item = <SelectItem value={option.value}>{option.label}</SelectItem>
  if (!option.description) return item
  return (
    <Tooltip>
      <TooltipTrigger asChild>{item}</TooltipTrigger>
      <TooltipContent side="right" className="hidden sm:block">
        <span className="flex items-start gap-1.5">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {option.description}
        </span>
      </TooltipContent>
    </Tooltip>
  )
}

/**
 * A Radix select that works as the single child of <FormField>: the id and ARIA attributes
 * FormField hands to its control land on the trigger, so the label names it.
 */
export function FormSelect({
  id,
  value,
  options,
  placeholder,
  disabled,
  short,
  onChange,
  onBlur,
  triggerRef,
  ...aria
}: {
  id?: string
  value: string | undefined
  options: readonly FormSelectOption[]
  placeholder?: string
  disabled?: boolean
  /** The option list at most 20 rem high (SelectContent). */
  short?: boolean
  onChange: (value: string) => void
  onBlur?: () => void
  triggerRef?: Ref<HTMLButtonElement>
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}) {
  return (
    <Select
      value={value || undefined}
      onValueChange={onChange}
      disabled={disabled}
      onOpenChange={(open) => {
        if (!open) onBlur?.()
      }}
    >
      <SelectTrigger id={id} ref={triggerRef} {...aria}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent short={short}>
        {options.map((option) => (
          <OptionItem key={option.value} option={option} />
        ))}
      </SelectContent>
    </Select>
  )
}
