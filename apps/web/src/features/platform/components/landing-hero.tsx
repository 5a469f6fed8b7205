import { PLANS } from '@vitrina/contracts'
import { ArrowRight, Check } from 'lucide-react'
import { Link } from '../../../components/ui/link'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'

// Issue 41: the free plan has a limit (SPEC §9) — say it, instead of 'Productos ilimitados'.
const HIGHLIGHTS = [
  'Sin conocimientos técnicos',
  'Se adapta a cualquier pantalla',
  `Gratis hasta ${PLANS.free.productLimit} productos`,
]

/** A stylised storefront on a phone: shows what the owner gets, without any image download. */
function PhonePreview() {
  return (
    <div
      aria-hidden="true"
      className="relative mx-auto w-64 rotate-2 rounded-[2.5rem] border-8 border-white/10 bg-white p-3 shadow-2xl"
    >
      <div className="overflow-hidden rounded-[1.75rem] bg-background">
        <div className="flex items-center gap-2 bg-accent px-4 py-3">
          <span className="size-6 rounded-lg bg-white/90" />
          <span className="h-2.5 w-20 rounded bg-white/70" />
        </div>
        <div className="h-24 bg-gradient-to-br from-slate-brand to-accent" />
        <div className="grid grid-cols-2 gap-2 p-3">
          {['bg-secondary', 'bg-slate-brand/40', 'bg-slate-brand/30', 'bg-secondary'].map(
            (tone, i) => (
              <div key={i} className="rounded-xl bg-card p-1.5 shadow-sm">
                <div className={`h-16 rounded-lg ${tone}`} />
                <div className="mt-1.5 h-2 w-4/5 rounded bg-muted" />
                <div className="mt-1 h-2 w-1/2 rounded bg-accent/60" />
              </div>
            ),
          )}
        </div>
      </div>
    </div>
  )
}

/** SPEC §2.2: hero with 'Comenzar ahora' (→ wizard) and 'Ver ejemplos' (→ businesses). */
export function LandingHero() {
  return (
    <section className="relative overflow-hidden bg-primary text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-40 [background:radial-gradient(60rem_30rem_at_85%_-10%,#415A77,transparent),radial-gradient(40rem_24rem_at_-10%_110%,#778DA9,transparent)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:px-8">
        <div>
          <p className="inline-flex rounded-full border border-white/20 bg-white/5 px-3 py-1 text-sm text-white/85">
            Catálogos online para negocios de Uruguay y la región
          </p>
          <h1 className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Tu negocio, en una vitrina online en minutos
          </h1>
          <p className="mt-6 max-w-xl text-lg text-white/80">
            Crea el catálogo de tus productos, personalízalo con tus colores y compártelo con tus
            clientes. Sin programar, sin diseñadores, sin complicaciones.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button variant="inverted" size="lg" asChild>
              <Link to={paths.platform.newBusiness()}>
                Comenzar ahora
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button variant="outline-inverse" size="lg" asChild>
              <Link to={paths.platform.businesses()}>Ver ejemplos</Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-white/80 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check className="size-4 text-white" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="hidden lg:block">
          <PhonePreview />
        </div>
      </div>
    </section>
  )
}
