import type { Ref } from 'react'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select'

export interface FormSelectOption {
  value: string
  label: string
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
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
