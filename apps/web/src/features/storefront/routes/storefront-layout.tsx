import { Outlet } from 'react-router'

/**
 * Placeholder of the storefront layout (`/{identifier}`); the storefront feature replaces it.
 * The app router already guards the identifier (reserved or malformed → '/'), so this module
 * must not export a `loader` of its own.
 */
function StorefrontLayout() {
  return (
    <main id="contenido" className="min-h-dvh">
      <Outlet />
    </main>
  )
}

export { StorefrontLayout as Component }
