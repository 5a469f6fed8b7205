import { Mail, MapPin, Phone } from 'lucide-react'
import { COOKIE_PREFERENCES_LABEL, type ImageAsset, type ShopPixels } from '@vitrina/contracts'
import { Link } from '../ui/link'
import { paths } from '../../config/paths'
import { cn } from '../../lib/utils'
import { storefrontNavItems } from './nav-items'
import { StoreLogo } from './store-logo'

const linkClass = 'rounded-sm transition-colors hover:text-white hover:underline'

/**
 * SPEC §2.1 storefront footer: the store's Inicio / Productos / Ofertas (and, issue 24, its own
 * Contacto), the platform's plans,
 * features and contact, and a button to / to create a business; plus the business's contact
 * details and the current year.
 */
export function StorefrontFooter({
  identifier,
  name,
  logo,
  phone,
  email,
  address,
  isPreview = false,
  hasWhatsAppButton = false,
  businessId,
  pixels,
}: {
  identifier: string
  name: string
  logo?: ImageAsset | null
  phone?: string | null
  email?: string | null
  address?: string | null
  isPreview?: boolean
  /** The page shows the floating WhatsApp button (see WhatsAppButton): leave room for it. */
  hasWhatsAppButton?: boolean
  /**
   * Issue 46 §3 (ADR 039): the owner's GA4 / Meta ids. With one, «Preferencias de cookies»
   * reopens the consent banner; its data says the ids, which is how the first load knows to ask
   * for the consent chunk (lib/storefront-events.ts). Without, nothing is rendered.
   */
  businessId?: string
  pixels?: ShopPixels
}) {
  const nav = storefrontNavItems(identifier)
  const year = new Date().getFullYear()
  const columns = [
    { title: 'Tienda', links: [nav.home, nav.products, nav.offers, nav.contact] },
    {
      title: 'Vitrina',
      links: [
        { label: 'Planes', to: paths.platform.plans() },
        { label: 'Características', to: paths.platform.features() },
        { label: 'Contacto', to: paths.platform.contact() },
      ],
    },
  ]
  return (
    <footer inert={isPreview} className="skip-offscreen bg-[#0b1622] text-white/75">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 @min-[640px]/storefront:px-6 @min-[768px]/storefront:grid-cols-2 @min-[1024px]/storefront:grid-cols-[1.3fr_0.8fr_0.8fr_1.3fr] @min-[1024px]/storefront:px-8">
        <div className="min-w-0">
          <div className="flex items-center gap-3">
            <StoreLogo name={name} logo={logo} />
            <p className="truncate text-lg font-bold text-white">{name}</p>
          </div>
          {(phone || email || address) && (
            <address className="mt-5 grid gap-2.5 text-sm not-italic">
              {phone && (
                <a
                  href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                  className="flex items-center gap-2 hover:text-white"
                >
                  <Phone className="size-4 shrink-0" aria-hidden="true" />
                  {phone}
                </a>
              )}
              {email && (
                <a
                  href={`mailto:${email}`}
                  className="flex min-w-0 items-center gap-2 hover:text-white"
                >
                  <Mail className="size-4 shrink-0" aria-hidden="true" />
                  <span className="truncate">{email}</span>
                </a>
              )}
              {address && (
                <span className="flex items-start gap-2">
                  <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {address}
                </span>
              )}
            </address>
          )}
        </div>
        {columns.map((column) => (
          // «Tienda, pie de página»: the header's navigation is already «Tienda», and axe asks two
          // landmarks of the same kind for different names (landmark-unique).
          <nav key={column.title} aria-label={`${column.title}, pie de página`}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
              {column.title}
            </h2>
            <ul className="mt-4 grid gap-2.5 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="rounded-2xl bg-white/6 p-5 ring-1 ring-white/10">
          <p className="font-semibold text-white">¿Tienes un negocio?</p>
          <p className="mt-1.5 text-sm leading-relaxed">
            Crea tu catálogo online como este en minutos, sin conocimientos técnicos.
          </p>
          <Link
            to={paths.home()}
            className="mt-4 inline-flex h-10 items-center rounded-lg bg-white px-4 text-sm font-semibold text-[#0b1622] transition-colors outline-none hover:bg-white/90 focus-visible:ring-3 focus-visible:ring-white/50"
          >
            Crear mi negocio
          </Link>
        </div>
      </div>
      <div className="border-t border-white/10">
        {/*
         * The floating WhatsApp button (56 px and its ring, 16 px — 24 px from `sm` — off the
         * window's corner) must not cover the last line: the bar ends above it on phones and its
         * text stops beside it from `sm` on (viewport queries, as the button's own position).
         */}
        <div
          className={cn(
            'mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-5 text-xs @min-[640px]/storefront:px-6 @min-[1024px]/storefront:px-8',
            hasWhatsAppButton && 'pb-24 sm:pb-5',
          )}
        >
          <p>
            © {year} {name}
          </p>
          {businessId && pixels && (
            <button
              type="button"
              data-pixels={businessId}
              data-shop={name}
              data-ga4={pixels.ga4MeasurementId}
              data-meta-pixel={pixels.metaPixelId}
              className={cn(
                linkClass,
                'outline-none focus-visible:ring-2 focus-visible:ring-white',
              )}
            >
              {COOKIE_PREFERENCES_LABEL}
            </button>
          )}
          <p className={cn(hasWhatsAppButton && 'sm:mr-20')}>
            Tienda creada con{' '}
            <Link to={paths.home()} className="font-semibold text-white hover:underline">
              Vitrina
            </Link>
          </p>
        </div>
      </div>
    </footer>
  )
}
