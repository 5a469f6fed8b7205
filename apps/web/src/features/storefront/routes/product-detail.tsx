import { PageSpinner } from '../../../components/page-spinner'

/** Placeholder until the storefront feature lands. */
function StorefrontProductDetail() {
  return <PageSpinner label="Cargando…" />
}

export { StorefrontProductDetail as Component }
