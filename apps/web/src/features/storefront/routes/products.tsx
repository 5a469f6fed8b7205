import { PageSpinner } from '../../../components/page-spinner'

/** Placeholder until the storefront feature lands. */
function StorefrontProducts() {
  return <PageSpinner label="Cargando…" />
}

export { StorefrontProducts as Component }
