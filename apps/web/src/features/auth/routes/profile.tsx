import { Heart, LayoutDashboard, LogOut, Mail } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from '../../../components/ui/link'
import { PageHeader } from '../../../components/page-header'
import { PageSpinner } from '../../../components/page-spinner'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { useSession } from '../../../lib/session'
import { RequireAuth } from '../../../lib/session/require-auth'
import type { Session } from '../../../lib/session'
import { useQueryClient } from '@tanstack/react-query'
import { meQueryOptions, useMe } from '../api/get-me'
import {
  DeleteAccountSection,
  EmailSection,
  NameSection,
  PasswordSection,
  SessionsSection,
} from '../components/profile-sections'

function ProfileDetails({
  user,
  updateUser,
}: Pick<Session, 'updateUser'> & { user: NonNullable<Session['user']> }) {
  // The stored user may be stale (renamed elsewhere); the server's copy wins.
  const me = useMe(user._id)
  useEffect(() => {
    if (me.data && (me.data.name !== user.name || me.data.email !== user.email)) updateUser(me.data)
  }, [me.data, user.name, user.email, updateUser])

  const current = me.data ?? user
  const queryClient = useQueryClient()
  return (
    <>
      <PageHeader eyebrow="Mi cuenta" title="Mi perfil" width="narrow" />
      <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
        <section
          aria-labelledby="datos-cuenta"
          className="rounded-2xl border border-border bg-card p-6 sm:p-8"
        >
          <div className="flex items-center gap-4">
            <span
              aria-hidden="true"
              className="grid size-16 shrink-0 place-items-center rounded-full bg-accent text-2xl font-bold text-white"
            >
              {current.name.trim().charAt(0).toLocaleUpperCase('es')}
            </span>
            <div className="min-w-0">
              <h2 id="datos-cuenta" className="truncate text-xl font-semibold">
                {current.name}
              </h2>
              {current.email ? (
                <p className="flex items-center gap-1.5 truncate text-muted-foreground">
                  <Mail className="size-4 shrink-0" aria-hidden="true" />
                  {current.email}
                </p>
              ) : (
                <Skeleton className="mt-1 h-5 w-48" />
              )}
            </div>
          </div>
          {me.isError && (
            <p className="mt-4 text-sm text-muted-foreground" role="status">
              Mostramos los datos guardados en este dispositivo; no pudimos actualizarlos ahora.
            </p>
          )}
        </section>
        <nav aria-label="Accesos de la cuenta" className="grid gap-3 sm:grid-cols-3">
          <Button variant="outline" size="lg" asChild>
            <Link to={paths.platform.dashboard()}>
              <LayoutDashboard aria-hidden="true" />
              Panel
            </Link>
          </Button>
          <Button variant="outline" size="lg" asChild>
            <Link to={paths.account.favorites()}>
              <Heart aria-hidden="true" />
              Mis favoritos
            </Link>
          </Button>
          <Button variant="outline-destructive" size="lg" asChild>
            <Link to={paths.account.logout()}>
              <LogOut aria-hidden="true" />
              Cerrar sesión
            </Link>
          </Button>
        </nav>
        <NameSection
          user={current}
          onSaved={(saved) => {
            queryClient.setQueryData(meQueryOptions(user._id).queryKey, saved)
            updateUser(saved)
          }}
        />
        <PasswordSection />
        <EmailSection user={current} />
        <SessionsSection userId={user._id} />
        <DeleteAccountSection />
      </div>
    </>
  )
}

/** /perfil: the signed-in user's data (session, refreshed from GET /api/auth/me). */
function ProfileRoute() {
  useDocumentTitle('Mi perfil')
  const { user, updateUser } = useSession()
  return (
    <RequireAuth fallback={<PageSpinner />}>
      {user && <ProfileDetails user={user} updateUser={updateUser} />}
    </RequireAuth>
  )
}

export { ProfileRoute as Component }
