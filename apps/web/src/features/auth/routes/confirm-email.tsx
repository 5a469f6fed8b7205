import { ACCOUNT_MESSAGES, PROFILE_TEXTS } from '@vitrina/contracts'
import { CircleCheck, CircleX } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import { isApiError } from '../../../api/client'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { useSession } from '../../../lib/session'
import { accountErrorMessage, confirmEmail } from '../api/account'
import { StatusCard } from '../components/status-card'
import { SupportEmail } from '../components/support-email'

type Confirmation =
  { status: 'loading' } | { status: 'success' } | { status: 'error'; message: string }

/**
 * /auth/confirmar-correo/{token} (issue 23 §1): the link mailed to a new address. Confirms it
 * once (also under StrictMode), like the activation screen; a signed-in user's stored e-mail
 * follows.
 */
function ConfirmEmailRoute() {
  useDocumentTitle(PROFILE_TEXTS.confirmEmailTitle)
  const { token } = useParams()
  const { user, updateUser } = useSession()
  const [state, setState] = useState<Confirmation>(() =>
    token
      ? { status: 'loading' }
      : { status: 'error', message: ACCOUNT_MESSAGES.emailChangeInvalid },
  )
  const requested = useRef<string | null>(null)

  useEffect(() => {
    if (!token || requested.current === token) return
    requested.current = token
    confirmEmail(token).then(
      (reply) => {
        if (user?._id === reply.user._id) updateUser({ email: reply.user.email })
        setState({ status: 'success' })
      },
      (error: unknown) =>
        setState({
          status: 'error',
          message:
            isApiError(error) && error.status === 400
              ? ACCOUNT_MESSAGES.emailChangeInvalid
              : accountErrorMessage(error),
        }),
    )
  }, [token, user, updateUser])

  const next = (
    <Button size="lg" className="mt-4 w-full" asChild>
      <Link to={user ? paths.account.profile() : paths.auth.login()} replace>
        {user ? PROFILE_TEXTS.goToProfile : ACCOUNT_MESSAGES.loginButton}
      </Link>
    </Button>
  )

  if (state.status === 'loading') {
    return (
      <StatusCard
        icon={<Spinner label={PROFILE_TEXTS.confirmEmailTitle} />}
        title={PROFILE_TEXTS.confirmEmailTitle}
      >
        <p>{PROFILE_TEXTS.confirmEmailWait}</p>
      </StatusCard>
    )
  }
  if (state.status === 'success') {
    return (
      <StatusCard icon={<CircleCheck />} tone="success" title={ACCOUNT_MESSAGES.emailChanged}>
        {next}
      </StatusCard>
    )
  }
  return (
    <StatusCard icon={<CircleX />} tone="error" title={PROFILE_TEXTS.confirmEmailFailedTitle}>
      <p role="alert">{state.message}</p>
      <SupportEmail />
      {next}
    </StatusCard>
  )
}

export { ConfirmEmailRoute as Component }
