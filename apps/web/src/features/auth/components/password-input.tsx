import { Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import type { ComponentProps } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { ACCOUNT_MESSAGES } from '@vitrina/contracts'
import { FormField } from '../../../components/form-field'
import { Input } from '../../../components/ui/input'
import { loadPasswordDictionary } from '../lib/common-password'

/** A password input with a show/hide toggle (fewer typos on phones). */
export function PasswordInput(props: Omit<ComponentProps<typeof Input>, 'type'>) {
  const [isVisible, setIsVisible] = useState(false)
  return (
    <div className="relative">
      <Input {...props} type={isVisible ? 'text' : 'password'} className="pr-11" />
      <button
        type="button"
        onClick={() => setIsVisible((v) => !v)}
        aria-label={isVisible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        aria-pressed={isVisible}
        className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50"
      >
        {isVisible ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  )
}

interface NewPasswordFieldsProps {
  /** `register('password')` and `register('confirmPassword')` of the form. */
  password: UseFormRegisterReturn
  confirmPassword: UseFormRegisterReturn
  passwordError?: string
  confirmError?: string
  /** Registration says 'Contraseña'; reset and /perfil say 'Contraseña nueva'. */
  labels?: { password: string; confirm: string }
  autoFocus?: boolean
}

/**
 * A new password and its confirmation, as registration, the reset link and /perfil ask for them:
 * the rules as a hint, the common-password dictionary loaded when the field is first focused.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  passwordError,
  confirmError,
  labels = {
    password: ACCOUNT_MESSAGES.newPasswordLabel,
    confirm: ACCOUNT_MESSAGES.confirmNewPasswordLabel,
  },
  autoFocus,
}: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        label={labels.password}
        error={passwordError}
        hint={ACCOUNT_MESSAGES.passwordHint}
        required
      >
        <PasswordInput
          autoComplete="new-password"
          autoFocus={autoFocus}
          onFocus={() => void loadPasswordDictionary().catch(() => {})}
          {...password}
        />
      </FormField>
      <FormField label={labels.confirm} error={confirmError} required>
        <PasswordInput autoComplete="new-password" {...confirmPassword} />
      </FormField>
    </>
  )
}
