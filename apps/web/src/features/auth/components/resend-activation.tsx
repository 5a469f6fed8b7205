import { zodResolver } from '@hookform/resolvers/zod'
import { AUTH_MESSAGES, GENERIC_MESSAGES, resendActivationSchema } from '@vitrina/contracts'
import type { ResendActivationInput } from '@vitrina/contracts'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import { FormField } from '../../../components/form-field'
import { Button } from '../../../components/ui/button'
import { useResendActivation } from '../api/resend-activation'
import { EmailInput } from './form-parts'

/**
 * 'Reenviar correo': asks the API for a new activation link. When the screen already knows the
 * address (coming from registration or a not-activated login) it is a single button.
 */
export function ResendActivation({ email }: { email?: string }) {
  const resend = useResendActivation()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResendActivationInput>({
    resolver: zodResolver(resendActivationSchema),
    defaultValues: { email: email ?? '' },
  })

  const onSubmit = handleSubmit(async (input) => {
    try {
      const reply = await resend.mutateAsync(input)
      toast.success('Correo reenviado', {
        description: reply.message || AUTH_MESSAGES.activationResent,
      })
    } catch (error) {
      // 429 carries a useful Spanish message ('Demasiadas solicitudes…'); other failures do not.
      const description =
        isApiError(error) && error.status === 429 ? error.message : GENERIC_MESSAGES.tryAgainLater
      toast.error('No se pudo reenviar el correo', { description })
    }
  })

  const label = resend.isPending ? 'Enviando...' : 'Reenviar correo'
  if (email) {
    return (
      <form onSubmit={onSubmit}>
        <Button
          type="submit"
          variant="outline"
          size="lg"
          className="w-full"
          disabled={resend.isPending}
        >
          {label}
        </Button>
      </form>
    )
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-3 grid gap-3 border-t border-border pt-5 text-left"
    >
      <FormField
        label="¿No te llegó? Escribe tu correo y te lo reenviamos"
        error={errors.email?.message}
      >
        <EmailInput {...register('email')} />
      </FormField>
      <Button type="submit" variant="outline" size="lg" disabled={resend.isPending}>
        {label}
      </Button>
    </form>
  )
}
