import { PageSpinner } from '../../../components/page-spinner'

/** Placeholder until the owner area (features/admin) lands. */
function EditProduct() {
  return <PageSpinner label="Cargando…" />
}

export { EditProduct as Component }
