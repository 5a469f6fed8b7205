import { isRouteErrorResponse, useRouteError } from 'react-router'
import { Link } from '../components/ui/link'
import { GENERIC_MESSAGES } from '@vitrina/contracts'
import { Button } from '../components/ui/button'
import { paths } from '../config/paths'

/**
 * Last-resort screen for render errors and failed lazy chunks (e.g. after a deploy replaced the
 * hashed files): offers a reload, which fetches the new build.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  console.error(error)
  const isNotFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main className="grid min-h-dvh place-items-center bg-background p-6 text-center">
      <div className="max-w-md">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">Vitrina</p>
        <h1 className="mt-2 text-2xl font-bold">
          {isNotFound ? 'Página no encontrada' : 'Algo salió mal'}
        </h1>
        <p className="mt-3 text-muted-foreground">{GENERIC_MESSAGES.tryAgainLater}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Recargar la página</Button>
          <Button variant="outline" asChild>
            <Link to={paths.home()}>Volver al inicio</Link>
          </Button>
        </div>
      </div>
    </main>
  )
}
