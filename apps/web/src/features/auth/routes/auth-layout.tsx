import { Outlet } from 'react-router'

function AuthLayout() {
  return (
    <main id="contenido" className="min-h-dvh">
      <Outlet />
    </main>
  )
}

export { AuthLayout as Component }
