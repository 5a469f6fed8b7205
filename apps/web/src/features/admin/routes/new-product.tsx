import { PageSpinner } from '../../../components/page-spinner'

/** Placeholder until the owner area (features/admin) lands. */
function NewProduct() {
  return <PageSpinner label="Cargando…" />
}

export { NewProduct as Component }
