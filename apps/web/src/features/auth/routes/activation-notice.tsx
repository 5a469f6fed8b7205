import { MailCheck } from 'lucide-react'
import { useLocation } from 'react-router'
import { Link } from '../../../components/ui/link'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import type { ActivationNoticeState } from '../components/register-form'
import { ResendActivation } from '../components/resend-activation'
import { StatusCard } from '../components/status-card'
import { SupportEmail } from '../components/support-email'

/** SPEC §2.12: the "check your e-mail" screen after registering. */
function ActivationNoticeRoute() {
  useDocumentTitle('Revisa tu correo')
  const state = useLocation().state as ActivationNoticeState | null
  const email = typeof state?.email === 'string' ? state.email : undefined

  return (
    <StatusCard icon={<MailCheck />} title="Revisa tu correo electrónico">
      <p>
        Te enviamos un correo de verificación
        {email ? (
          <>
            {' '}
            a <strong className="text-foreground">{email}</strong>
          </>
        ) : null}
        .
      </p>
      <p>Haz clic en el enlace del correo para activar tu cuenta.</p>
      <p className="text-sm">Si no lo encuentras, revisa tu carpeta de spam o correo no deseado.</p>
      <SupportEmail />
      <div className="mt-4 grid gap-3">
        <Button size="lg" asChild>
          <Link to={paths.auth.login()}>Volver al inicio de sesión</Link>
        </Button>
        <ResendActivation email={email} />
      </div>
    </StatusCard>
  )
}

export { ActivationNoticeRoute as Component }
