import { zodResolver } from '@hookform/resolvers/zod'
import { AUTH_MESSAGES, registerFormSchema } from '@vitrina/contracts'
import type { RegisterFormInput } from '@vitrina/contracts'
import { useForm } from 'react-hook-form'
import type { FieldErrors } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { FormField } from '../../../components/form-field'
import { Input } from '../../../components/ui/input'
import { paths } from '../../../config/paths'
import { isApiError } from '../../../api/client'
import { registerErrorMessage, useRegister } from '../api/register'
import { withCommonPasswordCheck } from '../lib/common-password'
import { AuthSubmitButton, EmailInput } from './form-parts'
import { NewPasswordFields } from './password-input'

const EMPTY: RegisterFormInput = { name: '', email: '', password: '', confirmPassword: '' }

// SPEC §8: these two rule failures also raise an error toast titled 'Error en el registro'.
const TOASTED_RULES = new Set<string>([AUTH_MESSAGES.passwordsMismatch, AUTH_MESSAGES.passwordCase])

const resolver = withCommonPasswordCheck<RegisterFormInput>(zodResolver(registerFormSchema))

/** State passed to the activation notice so its 'Reenviar correo' knows the address. */
export interface ActivationNoticeState {
  email?: string
}

/** SPEC §2.10, §5, §8: name, e-mail, password and confirmation, validated by the contracts schema. */
export function RegisterForm() {
  const navigate = useNavigate()
  const registerMutation = useRegister()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput>({
    resolver,
    defaultValues: EMPTY,
  })

  function onInvalid(fieldErrors: FieldErrors<RegisterFormInput>) {
    const toasted = [fieldErrors.password?.message, fieldErrors.confirmPassword?.message].find(
      (message): message is string => typeof message === 'string' && TOASTED_RULES.has(message),
    )
    if (toasted) toast.error(AUTH_MESSAGES.registrationErrorTitle, { description: toasted })
  }

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    try {
      await registerMutation.mutateAsync({ name, email, password })
      toast.success(AUTH_MESSAGES.registrationSuccess, {
        description: 'Te enviamos un correo para activar tu cuenta.',
      })
      const state: ActivationNoticeState = { email }
      navigate(paths.auth.activationNotice(), { state })
    } catch (error) {
      const message = registerErrorMessage(error)
      if (isApiError(error) && error.status === 409) setError('email', { message })
      toast.error(AUTH_MESSAGES.registrationErrorTitle, { description: message })
    }
  }, onInvalid)

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label="Nombre" error={errors.name?.message} required>
        <Input autoComplete="name" placeholder="Tu nombre" {...register('name')} />
      </FormField>
      <FormField label="Correo electrónico" error={errors.email?.message} required>
        <EmailInput {...register('email')} />
      </FormField>
      <NewPasswordFields
        labels={{ password: 'Contraseña', confirm: 'Confirmar contraseña' }}
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
      />
      <AuthSubmitButton isSubmitting={isSubmitting}>Crear cuenta</AuthSubmitButton>
    </form>
  )
}
