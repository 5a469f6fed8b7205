import { CONTACT_FAQ, WORKING_HOURS } from '@vitrina/contracts'
import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { PageHeader } from '../../../components/page-header'
import { SITE } from '../../../config/site'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { ContactForm } from '../components/contact-form'
import { FaqList } from '../components/faq-list'

const DETAILS = [
  {
    icon: Mail,
    label: 'Correo electrónico',
    value: SITE.contactEmail,
    href: `mailto:${SITE.contactEmail}`,
  },
  {
    icon: Phone,
    label: 'Teléfono',
    value: SITE.phone,
    href: `tel:${SITE.phone.replace(/[^\d+]/g, '')}`,
  },
  { icon: MapPin, label: 'Dirección', value: SITE.address },
] as const

/** SPEC §2.17: 'Contáctanos' — details, working hours, two FAQ entries and the message form. */
function ContactRoute() {
  useDocumentTitle('Contacto')
  return (
    <>
      <PageHeader
        eyebrow="Contacto"
        title="Contáctanos"
        description="¿Tienes dudas sobre Vitrina o necesitas ayuda con tu catálogo? Escríbenos y te responderemos lo antes posible."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_1.5fr] lg:px-8">
        <div className="grid content-start gap-6">
          <section
            aria-labelledby="datos-titulo"
            className="rounded-2xl border border-border bg-card p-6"
          >
            <h2 id="datos-titulo" className="text-lg font-semibold">
              Datos de contacto
            </h2>
            <dl className="mt-4 grid gap-4">
              {DETAILS.map(({ icon: Icon, label, value, ...rest }) => (
                // A <dl> holds only dt/dd groups (axe 'definition-list'): the icon lives in the dt.
                <div key={label} className="grid grid-cols-[2.5rem_1fr] items-start gap-x-3">
                  <dt className="contents">
                    <span
                      className="row-span-2 grid size-10 shrink-0 place-items-center rounded-xl bg-muted text-accent"
                      aria-hidden="true"
                    >
                      <Icon className="size-5" />
                    </span>
                    <span className="col-start-2 text-xs font-medium text-muted-foreground">
                      {label}
                    </span>
                  </dt>
                  <dd className="col-start-2 font-medium">
                    {'href' in rest ? (
                      <a href={rest.href} className="hover:underline">
                        {value}
                      </a>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <section
            aria-labelledby="horario-titulo"
            className="rounded-2xl border border-border bg-card p-6"
          >
            <h2 id="horario-titulo" className="flex items-center gap-2 text-lg font-semibold">
              <Clock className="size-5 text-accent" aria-hidden="true" />
              Horario de atención
            </h2>
            <p className="mt-2 text-muted-foreground">{WORKING_HOURS}</p>
          </section>
          <section aria-labelledby="faq-contacto">
            <h2 id="faq-contacto" className="mb-3 text-lg font-semibold">
              Preguntas frecuentes
            </h2>
            <FaqList entries={CONTACT_FAQ} />
          </section>
        </div>
        <section
          aria-labelledby="mensaje-titulo"
          className="self-start rounded-2xl border border-border bg-card p-5 sm:p-8"
        >
          <h2 id="mensaje-titulo" className="text-xl font-semibold">
            Envíanos un mensaje
          </h2>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">
            Todos los campos son obligatorios.
          </p>
          <ContactForm />
        </section>
      </div>
    </>
  )
}

export { ContactRoute as Component }
