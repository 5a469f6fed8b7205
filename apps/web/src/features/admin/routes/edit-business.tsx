import { PageSpinner } from '../../../components/page-spinner'

/** Placeholder until the owner area (features/admin) lands. */
function EditBusiness() {
  return <PageSpinner label="Cargando…" />
}

export { EditBusiness as Component }
