import { Outlet } from 'react-router'

function PlainLayout() {
  return (
    <main id="contenido" className="min-h-dvh">
      <Outlet />
    </main>
  )
}

export { PlainLayout as Component }
