import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { STORE_CONTACT_TEXTS, openingHoursLines, whatsappNumber } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { prefersReducedMotion } from '../../hooks/use-reduced-motion'
import { cn } from '../../lib/utils'
import { OpeningStatus } from './opening-status'
import { SocialLinks } from './social-links'
import { whatsappUrl } from './whatsapp'
import { WhatsAppIcon } from './whatsapp-icon'

export const CONTACT_SECTION_ID = 'contacto'

type ContactBusiness = Pick<
  Business,
  | 'name'
  | 'phone'
  | 'whatsapp'
  | 'email'
  | 'address'
  | 'socialLinks'
  | 'openingHours'
  | 'timeZone'
  | 'timeZoneOffsets'
>

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-(--store-primary)/10 text-(--store-primary)">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {label}
        </p>
        <div className="mt-0.5 text-sm break-words">{children}</div>
      </div>
    </li>
  )
}

const linkClass =
  'rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50'

/** The shop's ways to reach it: WhatsApp, phone, e-mail, address and social links. */
export function StoreContactDetails({
  business,
  className,
}: {
  business: ContactBusiness
  className?: string
}) {
  const whatsapp = whatsappUrl(whatsappNumber(business))
  return (
    <ul className={cn('grid gap-4', className)}>
      {whatsapp && (
        <Item
          icon={<WhatsAppIcon className="size-5" aria-hidden="true" />}
          label={STORE_CONTACT_TEXTS.whatsapp}
        >
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {STORE_CONTACT_TEXTS.writeWhatsapp}
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </Item>
      )}
      {business.phone && (
        <Item
          icon={<Phone className="size-5" aria-hidden="true" />}
          label={STORE_CONTACT_TEXTS.phone}
        >
          <a href={`tel:${business.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
            {business.phone}
          </a>
        </Item>
      )}
      {business.email && (
        <Item
          icon={<Mail className="size-5" aria-hidden="true" />}
          label={STORE_CONTACT_TEXTS.email}
        >
          <a href={`mailto:${business.email}`} className={linkClass}>
            {business.email}
          </a>
        </Item>
      )}
      {business.address && (
        <Item
          icon={<MapPin className="size-5" aria-hidden="true" />}
          label={STORE_CONTACT_TEXTS.address}
        >
          {business.address}
        </Item>
      )}
    </ul>
  )
}

/** Scrolls to the section when the address names it (`/{identifier}#contacto`, also in-app). */
function useScrollIntoViewOnHash(id: string) {
  const { hash } = useLocation()
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    if (hash !== `#${id}`) return
    ref.current?.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }, [hash, id])
  return ref
}

/**
 * Issue 24 §1: the storefront's contact section (`/{identifier}#contacto`), at the end of its
 * home — the shop's own contact, with its opening hours and whether it is open now.
 */
export function StoreContact({ business }: { business: ContactBusiness }) {
  const ref = useScrollIntoViewOnHash(CONTACT_SECTION_ID)
  const hours = business.openingHours
  return (
    <section
      ref={ref}
      id={CONTACT_SECTION_ID}
      aria-labelledby="contacto-titulo"
      className="skip-offscreen scroll-mt-20 border-t border-border"
    >
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 @min-[768px]/storefront:grid-cols-2 @min-[768px]/storefront:px-8">
        <div className="grid content-start gap-6">
          <div>
            <h2 id="contacto-titulo" className="text-2xl font-bold tracking-tight">
              {STORE_CONTACT_TEXTS.contactTitle}
            </h2>
            <p className="mt-1 text-muted-foreground">{STORE_CONTACT_TEXTS.contactSubtitle}</p>
          </div>
          <StoreContactDetails business={business} />
          {(business.socialLinks?.instagram || business.socialLinks?.facebook) && (
            <div className="grid gap-2">
              <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {STORE_CONTACT_TEXTS.socials}
              </h3>
              <SocialLinks socialLinks={business.socialLinks} name={business.name} align="start" />
            </div>
          )}
        </div>
        {hours && (
          <div className="grid content-start gap-3 self-start rounded-2xl bg-card p-5 shadow-xs ring-1 ring-border">
            <h3 className="flex items-center gap-2 font-semibold">
              <Clock className="size-5 text-(--store-primary)" aria-hidden="true" />
              {STORE_CONTACT_TEXTS.hours}
            </h3>
            <OpeningStatus
              hours={hours}
              timeZone={business.timeZone}
              offsets={business.timeZoneOffsets}
            />
            <dl className="grid gap-1.5 text-sm">
              {openingHoursLines(hours).map((line) => (
                <div
                  key={line.day}
                  className="flex justify-between gap-4 border-b border-border/60 pb-1.5 last:border-0"
                >
                  <dt className="font-medium">{line.day}</dt>
                  <dd className="text-right text-muted-foreground tabular-nums">{line.text}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </div>
    </section>
  )
}
