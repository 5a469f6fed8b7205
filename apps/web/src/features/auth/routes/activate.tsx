import { AUTH_MESSAGES, TIMINGS } from '@vitrina/contracts'
import { CircleCheck, CircleX } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { activateAccount, activationErrorMessage } from '../api/activate-account'
import { StatusCard } from '../components/status-card'
import { SupportEmail } from '../components/support-email'

type Activation =
  | { status: 'loading' }
  | { status: 'success' }
  | { status: 'already-active' }
  | { status: 'error'; message: string }

/**
 * SPEC §2.12, §4, §8: activates the account of the e-mailed link once (also under StrictMode,
 * which mounts twice in development), then goes to the login page after 2 s.
 */
function ActivateRoute() {
  useDocumentTitle('Activar cuenta')
  const { token } = useParams()
  const navigate = useNavigate()
  const [state, setState] = useState<Activation>(() =>
    token
      ? { status: 'loading' }
      : { status: 'error', message: AUTH_MESSAGES.activationMissingToken },
  )
  const requestedToken = useRef<string | null>(null)

  useEffect(() => {
    if (!token || requestedToken.current === token) return
    requestedToken.current = token
    activateAccount(token).then(
      (reply) => setState({ status: reply.alreadyActive ? 'already-active' : 'success' }),
      (error: unknown) => setState({ status: 'error', message: activationErrorMessage(error) }),
    )
  }, [token])

  useEffect(() => {
    if (state.status !== 'success') return
    const timer = window.setTimeout(
      () => navigate(paths.auth.login(), { replace: true }),
      TIMINGS.activationRedirectMs,
    )
    return () => window.clearTimeout(timer)
  }, [state.status, navigate])

  const backToLogin = (
    <Button size="lg" className="mt-4 w-full" asChild>
      <Link to={paths.auth.login()} replace>
        Volver al inicio de sesión
      </Link>
    </Button>
  )

  if (state.status === 'loading') {
    return (
      <StatusCard icon={<Spinner label="Activando tu cuenta..." />} title="Activando tu cuenta...">
        <p>Por favor, espera mientras verificamos tu cuenta.</p>
      </StatusCard>
    )
  }
  if (state.status === 'success') {
    return (
      <StatusCard icon={<CircleCheck />} tone="success" title={AUTH_MESSAGES.activationSuccess}>
        <p role="status">Serás redirigido al inicio de sesión en unos segundos...</p>
        {backToLogin}
      </StatusCard>
    )
  }
  if (state.status === 'already-active') {
    // Issue 41: the link opened again (another tab, the e-mail clicked twice) is no error.
    return (
      <StatusCard
        icon={<CircleCheck />}
        tone="success"
        title={AUTH_MESSAGES.activationAlreadyActive}
      >
        <p role="status">{AUTH_MESSAGES.activationAlreadyActiveDetail}</p>
        <Button size="lg" className="mt-4 w-full" asChild>
          <Link to={paths.auth.login()} replace>
            Iniciar sesión
          </Link>
        </Button>
      </StatusCard>
    )
  }
  return (
    <StatusCard icon={<CircleX />} tone="error" title="Error de activación">
      <p role="alert">{state.message}</p>
      <SupportEmail />
      {backToLogin}
    </StatusCard>
  )
}

export { ActivateRoute as Component }
