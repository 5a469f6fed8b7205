import { paths } from '../../../config/paths'

/** SPEC §2.2: the platform header links. */
export const PLATFORM_NAV = [
  { label: 'Negocios', to: paths.platform.businesses() },
  { label: 'Planes', to: paths.platform.plans() },
  { label: 'Contacto', to: paths.platform.contact() },
] as const
