import { ArrowRight, Mail } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link } from '../../../components/ui/link'
import { Skeleton } from '../../../components/ui/skeleton'
import { paths } from '../../../config/paths'
import { SITE } from '../../../config/site'
import { whenIdle } from '../../../lib/when-idle'

// The form brings react-hook-form and zod; the landing's first load does not need them. The
// server renders it (the page is readable, and the form fillable, before any script); in the
// browser its code downloads once the page is idle, and React hydrates the server's form then.
const ContactForm = lazy(() =>
  whenIdle()
    .then(() => import('./contact-form'))
    .then((m) => ({ default: m.ContactForm })),
)

function ContactFormSkeleton() {
  return (
    <div className="grid gap-5" aria-hidden="true">
      <div className="grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
      <Skeleton className="h-36" />
      <Skeleton className="h-12 w-44" />
    </div>
  )
}

/** SPEC §2.2: the landing's contact section, with 'Más información' → the contact page. */
export function ContactSection() {
  return (
    <section aria-labelledby="contacto-titulo" className="bg-card py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr] lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">Contacto</p>
          <h2 id="contacto-titulo" className="mt-1 text-3xl font-bold tracking-tight">
            ¿Tienes preguntas?
          </h2>
          <p className="mt-4 text-muted-foreground">
            Escríbenos y te ayudamos a poner tu catálogo en línea. Respondemos en menos de 24 horas
            hábiles.
          </p>
          <p className="mt-6 flex items-center gap-2 text-sm">
            <Mail className="size-4 text-accent" aria-hidden="true" />
            <a href={`mailto:${SITE.contactEmail}`} className="font-medium hover:underline">
              {SITE.contactEmail}
            </a>
          </p>
          <Link
            to={paths.platform.contact()}
            className="mt-6 inline-flex items-center gap-1 rounded font-semibold text-accent hover:underline"
          >
            Más información
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <div className="rounded-2xl border border-border bg-background p-5 sm:p-8">
          <Suspense fallback={<ContactFormSkeleton />}>
            <ContactForm idPrefix="landing-contacto" />
          </Suspense>
        </div>
      </div>
    </section>
  )
}
