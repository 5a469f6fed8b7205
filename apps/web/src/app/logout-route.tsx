import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { PageSpinner } from '../components/page-spinner'
import { paths } from '../config/paths'
import { useSession } from '../lib/session'

/** /logout (SPEC §2.1): signs out, then goes home. */
export function LogoutRoute() {
  const { logout } = useSession()
  const navigate = useNavigate()
  const hasStarted = useRef(false)
  useEffect(() => {
    if (hasStarted.current) return // StrictMode runs effects twice in development
    hasStarted.current = true
    void logout().finally(() => navigate(paths.home(), { replace: true }))
  }, [logout, navigate])
  return <PageSpinner label="Cerrando sesión…" />
}
