import { zodResolver } from '@hookform/resolvers/zod'
import { loginSchema } from '@vitrina/contracts'
import type { LoginInput } from '@vitrina/contracts'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { FormField } from '../../../components/form-field'
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip'
import { paths } from '../../../config/paths'
import { useSession } from '../../../lib/session'
import { isNotActivatedError, loginErrorMessage, useLogin } from '../api/login'
import { AuthSubmitButton, EmailInput } from './form-parts'
import { PasswordInput } from './password-input'

/**
 * SPEC §2.9, §4, §8: e-mail and password; 'Procesando...' while submitting; success saves the
 * user and both tokens (the page then leaves, see the login route); failures are toasts.
 */
export function LoginForm() {
  const { saveUser } = useSession()
  const navigate = useNavigate()
  const loginMutation = useLogin()
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  })

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      const { user, access_token, refresh_token } = await loginMutation.mutateAsync(credentials)
      saveUser(user, { access_token, refresh_token })
    } catch (error) {
      const notActivated = isNotActivatedError(error)
      toast.error(loginErrorMessage(error), {
        // A not-yet-activated account can ask for a new link right away.
        action: notActivated
          ? {
              label: 'Reenviar correo',
              onClick: () =>
                navigate(paths.auth.activationNotice(), { state: { email: getValues('email') } }),
            }
          : undefined,
      })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label="Correo electrónico" error={errors.email?.message} required>
        <EmailInput {...register('email')} />
      </FormField>
      <FormField
        label="Contraseña"
        error={errors.password?.message}
        required
        labelAside={
          <Tooltip>
            <TooltipTrigger asChild>
              <a
                href="#"
                aria-disabled="true"
                onClick={(event) => event.preventDefault()}
                className="cursor-not-allowed rounded text-sm font-medium text-muted-foreground"
              >
                ¿Olvidaste tu contraseña?
              </a>
            </TooltipTrigger>
            <TooltipContent>Muy pronto podrás recuperar tu contraseña desde aquí.</TooltipContent>
          </Tooltip>
        }
      >
        <PasswordInput
          autoComplete="current-password"
          placeholder="Tu contraseña"
          {...register('password')}
        />
      </FormField>
      <AuthSubmitButton isSubmitting={isSubmitting}>Iniciar sesión</AuthSubmitButton>
    </form>
  )
}
