import { businessCategoryLabel, GENERIC_MESSAGES, PLANS } from '@vitrina/contracts'
import type { OwnerBusiness } from '@vitrina/contracts'
import { ExternalLink, PackagePlus, Pencil, Rocket, Store } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from '../../../components/ui/link'
import { PageHeader } from '../../../components/page-header'
import { PageSpinner } from '../../../components/page-spinner'
import { SuspensionNotice } from '../../../components/suspension-notice'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { useSession } from '../../../lib/session'
import { RequireAuth } from '../../../lib/session/require-auth'
import { useMyBusiness } from '../../../api/my-business'
import { BusinessLogo } from '../components/business-logo'

function BusinessSummary({ business }: { business: OwnerBusiness }) {
  // The plan the business has, not the one it asked for (issue 23 §2).
  const plan = business.plan.effective
  return (
    <section
      aria-labelledby="mi-negocio"
      className="overflow-hidden rounded-2xl border border-border bg-card"
    >
      <div
        className="h-20"
        style={{
          background: `linear-gradient(135deg, ${business.primaryColor}, ${business.secondaryColor})`,
        }}
      />
      <div className="-mt-8 px-6 pb-6">
        <BusinessLogo
          name={business.name}
          logo={business.logo}
          color={business.primaryColor}
          className="border-4 border-card shadow-sm"
        />
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <h2 id="mi-negocio" className="text-xl font-semibold">
            {business.name}
          </h2>
          <Badge variant={plan === 'pro' ? 'default' : 'secondary'}>{PLANS[plan].name}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          vitrina/{business.identifier} · {businessCategoryLabel(business.category)}
        </p>
        <p className="mt-3 line-clamp-3 text-sm">{business.description}</p>
        <div className="mt-6 grid gap-3 sm:grid-cols-3">
          <Button size="lg" asChild>
            <Link to={paths.admin.myBusiness()}>
              <Store aria-hidden="true" />
              Mi negocio
            </Link>
          </Button>
          <Button variant="outline" size="lg" asChild>
            <Link to={paths.admin.newProduct()}>
              <PackagePlus aria-hidden="true" />
              Agregar producto
            </Link>
          </Button>
          <Button variant="outline" size="lg" asChild>
            <Link to={paths.storefront.home(business.identifier)}>
              <ExternalLink aria-hidden="true" />
              Ver mi tienda
            </Link>
          </Button>
        </div>
        <p className="mt-4 text-sm">
          <Link
            to={paths.admin.editBusiness(business.identifier)}
            className="inline-flex items-center gap-1 font-medium text-accent hover:underline"
          >
            <Pencil className="size-3.5" aria-hidden="true" />
            Modificar los datos del negocio
          </Link>
        </p>
      </div>
    </section>
  )
}

function CreateBusinessCallToAction() {
  return (
    <section
      aria-labelledby="crear-negocio"
      className="rounded-2xl border border-dashed border-input bg-card p-8 text-center"
    >
      <span
        className="mx-auto grid size-14 place-items-center rounded-2xl bg-muted text-accent"
        aria-hidden="true"
      >
        <Rocket className="size-7" />
      </span>
      <h2 id="crear-negocio" className="mt-4 text-xl font-semibold">
        Todavía no creaste tu negocio
      </h2>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground">
        En cinco pasos tendrás tu catálogo online con tu logo, tus colores y tus productos.
      </p>
      <Button size="lg" className="mt-6" asChild>
        <Link to={paths.platform.newBusiness()}>Crear mi negocio</Link>
      </Button>
    </section>
  )
}

function DashboardContent({ userId, userName }: { userId: string; userName: string }) {
  const { saveBusiness } = useSession()
  const { data: business, isPending, isError, refetch } = useMyBusiness(userId)

  // Keep the saved business (SPEC §4) in step with the server.
  useEffect(() => {
    if (business !== undefined) saveBusiness(business)
  }, [business, saveBusiness])

  return (
    <>
      <PageHeader
        eyebrow="Panel"
        title={`Hola, ${userName.split(' ')[0]}`}
        description="Desde aquí administras tu negocio en Vitrina."
        width="medium"
      />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        {isPending ? (
          <PageSpinner />
        ) : isError ? (
          <div role="alert" className="grid place-items-center gap-4 py-10 text-center">
            <p className="text-muted-foreground">{GENERIC_MESSAGES.adminBusinessLoadFailed}</p>
            <Button variant="outline" onClick={() => void refetch()}>
              Intentar de nuevo
            </Button>
          </div>
        ) : business ? (
          <div className="grid gap-6">
            <SuspensionNotice business={business} />
            <BusinessSummary business={business} />
          </div>
        ) : (
          <CreateBusinessCallToAction />
        )}
      </div>
    </>
  )
}

/** /plataforma/dashboard: the owner's summary with shortcuts, or the create-business call. */
function DashboardRoute() {
  useDocumentTitle('Panel')
  const { user } = useSession()
  return (
    <RequireAuth fallback={<PageSpinner />}>
      {user && <DashboardContent userId={user._id} userName={user.name} />}
    </RequireAuth>
  )
}

export { DashboardRoute as Component }
