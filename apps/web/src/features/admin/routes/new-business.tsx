import { PageSpinner } from '../../../components/page-spinner'

/** Placeholder until the owner area (features/admin) lands. */
function NewBusiness() {
  return <PageSpinner label="Cargando…" />
}

export { NewBusiness as Component }
