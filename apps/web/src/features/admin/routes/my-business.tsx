import { PageSpinner } from '../../../components/page-spinner'

/** Placeholder until the owner area (features/admin) lands. */
function MyBusiness() {
  return <PageSpinner label="Cargando…" />
}

export { MyBusiness as Component }
