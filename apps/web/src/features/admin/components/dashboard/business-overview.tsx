import { businessCategoryLabel, enabledFeatures, FEATURE_LABELS } from '@vitrina/contracts'
import type { OwnerBusiness } from '@vitrina/contracts'
import { ExternalLink, Globe, Mail, MapPin, Pencil, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '../../../../components/ui/link'
import { StorefrontImage } from '../../../../components/storefront/storefront-image'
import { Badge } from '../../../../components/ui/badge'
import { Button } from '../../../../components/ui/button'
import { paths } from '../../../../config/paths'
import { AddProductButton, PlanPanel } from '../plan/plan-panel'

function Contact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-2 text-sm">
      <span className="shrink-0 text-muted-foreground" aria-hidden="true">
        {icon}
      </span>
      <span className="min-w-0 truncate">{children}</span>
    </li>
  )
}

/**
 * SPEC §2.14: the business at a glance — logo ('Sin logo' if none), name, identifier,
 * description, feature badges, phone, e-mail, address and social links when set — with
 * 'Visitar negocio', 'Modificar negocio' and 'Agregar producto', and the plan.
 */
export function BusinessOverview({ business }: { business: OwnerBusiness }) {
  const features = enabledFeatures(business.features)
  const { facebook, instagram } = business.socialLinks

  return (
    <section
      aria-labelledby="negocio-nombre"
      className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
    >
      <div
        className="h-16 sm:h-20"
        style={{
          background: `linear-gradient(120deg, ${business.primaryColor}, ${business.secondaryColor})`,
        }}
      />
      <div className="grid gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid content-start gap-4">
          <div className="-mt-12 flex items-end gap-4 sm:-mt-14">
            <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-2xl border-4 border-card bg-muted shadow-sm sm:size-24">
              {business.logo ? (
                <StorefrontImage
                  image={business.logo}
                  alt={`Logo de ${business.name}`}
                  sizes="96px"
                  className="size-full object-contain"
                />
              ) : (
                <span className="px-1 text-center text-xs font-medium text-muted-foreground">
                  Sin logo
                </span>
              )}
            </div>
          </div>
          <div className="grid gap-1">
            <h2 id="negocio-nombre" className="text-2xl font-bold tracking-tight break-words">
              {business.name}
            </h2>
            <p className="text-sm text-muted-foreground">
              /{business.identifier} · {businessCategoryLabel(business.category)}
            </p>
          </div>
          <p className="text-pretty whitespace-pre-line">{business.description}</p>
          {features.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Características">
              {features.map((key) => (
                <li key={key}>
                  <Badge variant="outline">{FEATURE_LABELS[key]}</Badge>
                </li>
              ))}
            </ul>
          )}
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Contacto">
            <Contact icon={<Phone className="size-4" />}>{business.phone}</Contact>
            <Contact icon={<Mail className="size-4" />}>{business.email}</Contact>
            {business.address && (
              <Contact icon={<MapPin className="size-4" />}>{business.address}</Contact>
            )}
            {instagram && (
              <Contact icon={<Globe className="size-4" />}>
                <a
                  href={instagram}
                  target="_blank"
                  rel="noreferrer"
                  className="text-accent hover:underline"
                >
                  Instagram
                </a>
              </Contact>
            )}
            {facebook && (
              <Contact icon={<Globe className="size-4" />}>
                <a
                  href={facebook}
                  target="_blank"
                  rel="noreferrer"
                  className="text-accent hover:underline"
                >
                  Facebook
                </a>
              </Contact>
            )}
          </ul>
        </div>
        <div className="grid content-start gap-3">
          <AddProductButton business={business} />
          <Button asChild size="lg" variant="outline">
            <Link to={paths.admin.editBusiness(business.identifier)}>
              <Pencil aria-hidden="true" />
              Modificar negocio
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.storefront.home(business.identifier)}>
              <ExternalLink aria-hidden="true" />
              Visitar negocio
            </Link>
          </Button>
          <PlanPanel business={business} />
        </div>
      </div>
    </section>
  )
}
