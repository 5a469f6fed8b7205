import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { Link } from '../../ui/link'
import { WORKING_HOURS } from '@vitrina/contracts'
import { BrandLogo } from '../../brand-logo'
import { paths } from '../../../config/paths'
import { SITE } from '../../../config/site'

const COLUMNS = [
  {
    title: 'Plataforma',
    links: [
      { label: 'Negocios', to: paths.platform.businesses() },
      { label: 'Planes', to: paths.platform.plans() },
      { label: 'Crear mi negocio', to: paths.platform.newBusiness() },
      { label: 'Contacto', to: paths.platform.contact() },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Términos y condiciones', to: paths.legal.terms() },
      { label: 'Política de privacidad', to: paths.legal.privacy() },
      { label: 'Política de cookies', to: paths.legal.cookies() },
    ],
  },
] as const

/** SPEC §2.1, §2.17, §9: legal links, plans, contact, placeholder contact details, current year. */
export function PlatformFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="bg-primary text-white/80">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr] lg:px-8">
        <div className="max-w-sm">
          <BrandLogo inverted />
          <p className="mt-4 text-sm leading-relaxed">
            El catálogo online de tu negocio en minutos: sin conocimientos técnicos, listo para
            cualquier pantalla y gratis para empezar.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
              {column.title}
            </h2>
            <ul className="mt-4 grid gap-2.5 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="rounded transition-colors hover:text-white hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contacto</h2>
          <address className="mt-4 grid gap-2.5 text-sm not-italic">
            <a
              href={`mailto:${SITE.contactEmail}`}
              className="flex items-center gap-2 hover:text-white"
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {SITE.contactEmail}
            </a>
            <a
              href={`tel:${SITE.phone.replace(/[^\d+]/g, '')}`}
              className="flex items-center gap-2 hover:text-white"
            >
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              {SITE.phone}
            </a>
            <span className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              {SITE.address}
            </span>
            <span className="flex items-center gap-2">
              <Clock className="size-4 shrink-0" aria-hidden="true" />
              {WORKING_HOURS}
            </span>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs sm:px-6 lg:px-8">
          © {year} Vitrina. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  )
}
