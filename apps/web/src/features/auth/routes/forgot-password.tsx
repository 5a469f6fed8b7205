import { zodResolver } from '@hookform/resolvers/zod'
import { ACCOUNT_MESSAGES, forgotPasswordSchema } from '@vitrina/contracts'
import type { ForgotPasswordInput } from '@vitrina/contracts'
import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from '../../../components/ui/link'
import { toast } from 'sonner'
import { FormField } from '../../../components/form-field'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { passwordResetErrorMessage, requestPasswordReset } from '../api/password-reset'
import { AuthCard } from '../components/auth-card'
import { AuthSubmitButton, EmailInput } from '../components/form-parts'

/**
 * /auth/recuperar (issue 23 §1): the e-mail of the account; the same reply whether or not it
 * exists, so the screen only ever says "if it exists, we sent a link".
 */
function ForgotPasswordRoute() {
  useDocumentTitle(ACCOUNT_MESSAGES.forgotTitle)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  })

  const onSubmit = handleSubmit(async (input) => {
    try {
      await requestPasswordReset(input)
      setSentTo(input.email)
    } catch (error) {
      toast.error(ACCOUNT_MESSAGES.resetFailedTitle, {
        description: passwordResetErrorMessage(error),
      })
    }
  })

  const footer = (
    <>
      {ACCOUNT_MESSAGES.rememberedPassword}{' '}
      <Link to={paths.auth.login()} className="font-semibold text-accent hover:underline">
        {ACCOUNT_MESSAGES.loginLink}
      </Link>
    </>
  )

  if (sentTo) {
    return (
      <AuthCard title={ACCOUNT_MESSAGES.forgotSentTitle} footer={footer}>
        <div className="grid gap-5">
          <div
            role="status"
            className="flex gap-3 rounded-xl border border-border bg-muted/50 p-4 text-sm"
          >
            <MailCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <p>{ACCOUNT_MESSAGES.forgotSent}</p>
          </div>
          <Button size="lg" className="w-full" asChild>
            <Link to={paths.auth.login()}>{ACCOUNT_MESSAGES.backToLogin}</Link>
          </Button>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title={ACCOUNT_MESSAGES.forgotTitle}
      description={ACCOUNT_MESSAGES.forgotDescription}
      footer={footer}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField label="Correo electrónico" error={errors.email?.message} required>
          <EmailInput autoFocus {...register('email')} />
        </FormField>
        <AuthSubmitButton isSubmitting={isSubmitting}>
          {ACCOUNT_MESSAGES.forgotSubmit}
        </AuthSubmitButton>
      </form>
    </AuthCard>
  )
}

export { ForgotPasswordRoute as Component }
