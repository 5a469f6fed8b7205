import { PageSpinner } from '../../../components/page-spinner'

/** Placeholder until the storefront feature lands. */
function StorefrontHome() {
  return <PageSpinner label="Cargando…" />
}

export { StorefrontHome as Component }
