import { zodResolver } from '@hookform/resolvers/zod'
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, GENERIC_MESSAGES, loginSchema } from '@vitrina/contracts'
import type { LoginInput } from '@vitrina/contracts'
import { CircleAlert, MailWarning } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from '../../../components/ui/link'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import { FormField } from '../../../components/form-field'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useSession } from '../../../lib/session'
import { isNotActivatedError, loginErrorMessage, useLogin } from '../api/login'
import { useResendActivation } from '../api/resend-activation'
import { AuthSubmitButton, EmailInput } from './form-parts'
import { PasswordInput } from './password-input'

/**
 * Issue 23 §1: a login refused because the account is not activated yet offers a new
 * activation mail to that address, right there.
 */
function ResendActivationOffer({ email }: { email: string }) {
  const resend = useResendActivation()
  const [sent, setSent] = useState(false)

  async function onClick() {
    try {
      const reply = await resend.mutateAsync({ email })
      setSent(true)
      toast.success(ACCOUNT_MESSAGES.resendActivationSent, {
        description: reply.message || AUTH_MESSAGES.activationResent,
      })
    } catch (error) {
      // 429 carries a useful Spanish message ('Demasiadas solicitudes…'); other failures do not.
      const description =
        isApiError(error) && error.status === 429 ? error.message : GENERIC_MESSAGES.tryAgainLater
      toast.error(ACCOUNT_MESSAGES.resendActivationFailed, { description })
    }
  }

  return (
    <div className="grid gap-3 rounded-xl border border-border bg-muted/50 p-4 text-sm">
      <p className="flex gap-2.5">
        <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {AUTH_MESSAGES.loginNotActivated}
      </p>
      {sent ? (
        <p role="status" className="font-medium">
          {AUTH_MESSAGES.activationResent}
        </p>
      ) : (
        <Button
          type="button"
          variant="outline"
          onClick={() => void onClick()}
          disabled={resend.isPending}
        >
          {resend.isPending
            ? ACCOUNT_MESSAGES.resendActivationSending
            : ACCOUNT_MESSAGES.resendActivation}
        </Button>
      )}
    </div>
  )
}

/**
 * SPEC §2.9, §4, §8: e-mail and password; 'Procesando...' while submitting; success saves the
 * user and both tokens (the page then leaves, see the login route). A refusal is said in the form
 * (issue 41: a toast alone vanished), both fields marked, until either is typed in again.
 */
export function LoginForm() {
  const { saveUser } = useSession()
  const loginMutation = useLogin()
  const [notActivatedEmail, setNotActivatedEmail] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<{ message: string; credentials: boolean } | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  })
  const clearRefusal = { onChange: () => setRefusal(null) }
  const refusalId = useId()
  const marked = refusal?.credentials
    ? { 'aria-invalid': true as const, 'aria-errormessage': refusalId }
    : {}

  const onSubmit = handleSubmit(async (credentials) => {
    setNotActivatedEmail(null)
    setRefusal(null)
    try {
      const { user, access_token, refresh_token } = await loginMutation.mutateAsync(credentials)
      saveUser(user, { access_token, refresh_token })
    } catch (error) {
      // The not-activated offer below says it itself, with its button.
      if (isNotActivatedError(error)) setNotActivatedEmail(credentials.email)
      else
        setRefusal({
          message: loginErrorMessage(error),
          credentials: isApiError(error) && error.status === 401,
        })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label="Correo electrónico" error={errors.email?.message} required>
        <EmailInput {...register('email', clearRefusal)} {...(errors.email ? {} : marked)} />
      </FormField>
      <FormField
        label="Contraseña"
        error={errors.password?.message}
        required
        labelAside={
          <Link
            to={paths.auth.forgotPassword()}
            className="rounded text-sm font-medium text-accent hover:underline"
          >
            {ACCOUNT_MESSAGES.forgotPasswordLink}
          </Link>
        }
      >
        <PasswordInput
          autoComplete="current-password"
          placeholder="Tu contraseña"
          {...register('password', clearRefusal)}
          {...(errors.password ? {} : marked)}
        />
      </FormField>
      {refusal && (
        <p
          id={refusalId}
          role="alert"
          className="flex gap-2.5 rounded-xl border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {refusal.message}
        </p>
      )}
      {notActivatedEmail && <ResendActivationOffer email={notActivatedEmail} />}
      <AuthSubmitButton isSubmitting={isSubmitting}>Iniciar sesión</AuthSubmitButton>
    </form>
  )
}
