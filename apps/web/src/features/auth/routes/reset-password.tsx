import { zodResolver } from '@hookform/resolvers/zod'
import { ACCOUNT_MESSAGES, resetPasswordFormSchema } from '@vitrina/contracts'
import type { ResetPasswordFormInput } from '@vitrina/contracts'
import { CircleCheck, CircleX } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { clearSessionStorage } from '../../../lib/storage'
import { checkResetToken, passwordResetErrorMessage, resetPassword } from '../api/password-reset'
import { AuthCard } from '../components/auth-card'
import { AuthSubmitButton } from '../components/form-parts'
import { NewPasswordFields } from '../components/password-input'
import { withCommonPasswordCheck } from '../lib/common-password'

const resolver = withCommonPasswordCheck<ResetPasswordFormInput>(
  zodResolver(resetPasswordFormSchema),
)

type Outcome = 'checking' | 'form' | 'done' | 'invalid'

/**
 * /auth/restablecer/{token} (issue 23 §1): a new password under the registration rules. Issue 41:
 * the link is checked when the page opens (a POST that spends nothing, so a mail scanner opening
 * the link cannot burn it); an unknown, used or expired link says so at once and offers a new one.
 * If that check cannot answer (network, rate limit), the form shows and sending it checks again.
 */
function ResetPasswordRoute() {
  useDocumentTitle(ACCOUNT_MESSAGES.resetTitle)
  const { token = '' } = useParams()
  const [outcome, setOutcome] = useState<Outcome>(token ? 'checking' : 'invalid')
  const checkedToken = useRef<string | null>(null)

  useEffect(() => {
    // Once per token, also under StrictMode's double mount.
    if (!token || checkedToken.current === token) return
    checkedToken.current = token
    checkResetToken(token).then(
      () => setOutcome((current) => (current === 'checking' ? 'form' : current)),
      (error: unknown) => {
        const invalid = isApiError(error) && error.status === 400
        setOutcome((current) => (current === 'checking' ? (invalid ? 'invalid' : 'form') : current))
      },
    )
  }, [token])
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormInput>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await resetPassword({ token, password })
      // Every session of the account has ended, this browser's too.
      clearSessionStorage()
      setOutcome('done')
    } catch (error) {
      const message = passwordResetErrorMessage(error)
      if (isApiError(error) && error.status === 400 && message === ACCOUNT_MESSAGES.resetInvalid) {
        setOutcome('invalid')
        return
      }
      const fieldError = isApiError(error) ? error.errors?.find((e) => e.path === 'password') : null
      if (fieldError) setError('password', { message: fieldError.message }, { shouldFocus: true })
      else toast.error(ACCOUNT_MESSAGES.resetFailedTitle, { description: message })
    }
  })

  if (outcome === 'done') {
    return (
      <AuthCard title={ACCOUNT_MESSAGES.resetSuccessTitle}>
        <div className="grid gap-5">
          <p role="status" className="flex gap-3 text-muted-foreground">
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
            {ACCOUNT_MESSAGES.resetSuccess}
          </p>
          <Button size="lg" className="w-full" asChild>
            <Link to={paths.auth.login()} replace>
              {ACCOUNT_MESSAGES.loginButton}
            </Link>
          </Button>
        </div>
      </AuthCard>
    )
  }

  if (outcome === 'checking') {
    return (
      <AuthCard title={ACCOUNT_MESSAGES.resetTitle}>
        <div className="flex justify-center py-6">
          <Spinner label={ACCOUNT_MESSAGES.resetChecking} />
        </div>
      </AuthCard>
    )
  }

  if (outcome === 'invalid') {
    return (
      <AuthCard title={ACCOUNT_MESSAGES.resetFailedTitle}>
        <div className="grid gap-5">
          <div role="alert" className="flex gap-3">
            <CircleX className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
            <div>
              <p className="font-medium">{ACCOUNT_MESSAGES.resetInvalid}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {ACCOUNT_MESSAGES.resetInvalidHint}
              </p>
            </div>
          </div>
          <Button size="lg" className="w-full" asChild>
            <Link to={paths.auth.forgotPassword()}>{ACCOUNT_MESSAGES.resetRequestNew}</Link>
          </Button>
          <Button variant="outline" size="lg" className="w-full" asChild>
            <Link to={paths.auth.login()}>{ACCOUNT_MESSAGES.backToLogin}</Link>
          </Button>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={ACCOUNT_MESSAGES.resetTitle} description={ACCOUNT_MESSAGES.resetDescription}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <NewPasswordFields
          autoFocus
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          passwordError={errors.password?.message}
          confirmError={errors.confirmPassword?.message}
        />
        <AuthSubmitButton isSubmitting={isSubmitting}>
          {ACCOUNT_MESSAGES.resetSubmit}
        </AuthSubmitButton>
      </form>
    </AuthCard>
  )
}

export { ResetPasswordRoute as Component }
