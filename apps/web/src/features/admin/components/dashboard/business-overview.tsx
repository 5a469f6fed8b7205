import {
  businessCategoryLabel,
  enabledFeatures,
  FEATURE_LABELS,
  PLANS,
  PRODUCT_MESSAGES,
} from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { ExternalLink, Globe, Mail, MapPin, PackagePlus, Pencil, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { StorefrontImage } from '../../../../components/storefront/storefront-image'
import { Badge } from '../../../../components/ui/badge'
import { Button } from '../../../../components/ui/button'
import { paths } from '../../../../config/paths'
import { cn } from '../../../../lib/utils'

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

/** SPEC §9: the plan, and on the free plan how many of its 20 products are used. */
function PlanUsage({ business, productCount }: { business: Business; productCount?: number }) {
  const plan = PLANS[business.planType]
  const limit = plan.productLimit
  const isAtLimit = limit !== null && productCount !== undefined && productCount >= limit
  return (
    <div className="grid gap-2 rounded-xl border border-border bg-muted/40 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">{plan.name}</span>
        <Badge variant={business.planType === 'pro' ? 'default' : 'secondary'}>{plan.badge}</Badge>
      </div>
      {limit === null ? (
        <p className="text-sm text-muted-foreground">Productos ilimitados</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="uso-del-plan">
            {productCount ?? '…'} de {limit} productos
          </p>
          <div
            role="progressbar"
            aria-label="Productos del plan"
            aria-valuemin={0}
            aria-valuemax={limit}
            aria-valuenow={productCount ?? 0}
            className="h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div
              className={cn('h-full rounded-full', isAtLimit ? 'bg-destructive' : 'bg-accent')}
              style={{ width: `${Math.min(100, ((productCount ?? 0) / limit) * 100)}%` }}
            />
          </div>
          {isAtLimit && (
            <p className="text-sm text-destructive">{PRODUCT_MESSAGES.planLimitReached}</p>
          )}
        </>
      )}
    </div>
  )
}

/**
 * SPEC §2.14: the business at a glance — logo ('Sin logo' if none), name, identifier,
 * description, feature badges, phone, e-mail, address and social links when set — with
 * 'Visitar negocio', 'Modificar Negocio' and 'Agregar Producto', and the plan.
 */
export function BusinessOverview({
  business,
  productCount,
}: {
  business: Business
  productCount?: number
}) {
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
          <Button asChild size="lg">
            <Link to={paths.admin.newProduct()}>
              <PackagePlus aria-hidden="true" />
              Agregar Producto
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.admin.editBusiness(business.identifier)}>
              <Pencil aria-hidden="true" />
              Modificar Negocio
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.storefront.home(business.identifier)}>
              <ExternalLink aria-hidden="true" />
              Visitar negocio
            </Link>
          </Button>
          <PlanUsage business={business} productCount={productCount} />
        </div>
      </div>
    </section>
  )
}
