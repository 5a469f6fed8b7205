/**
 * Issue 44 §3: on the owner's order page, one tap per status the order went through opens
 * WhatsApp (wa.me) to the shopper's number with that status's message, written from the shop's
 * template (saved in the business settings, whatsapp-template-settings.tsx; contracts' defaults
 * until the shop saves its own or while they load). {enlace} is the shop's storefront: the owner's
 * replies never carry the shopper's page token (ADR 035).
 */
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  WHATSAPP_STATUS_TEXTS as T,
  orderStatusWhatsappText,
  toE164,
} from '@vitrina/contracts'
import type { OrderStatus, OwnerOrder } from '@vitrina/contracts'
import { useId } from 'react'
import { WhatsAppIcon } from '../../../../components/storefront/whatsapp-icon'
import { whatsappUrl } from '../../../../components/storefront/whatsapp'
import { paths } from '../../../../config/paths'
import { pageOrigin } from '../../../../lib/page-origin'
import { useWhatsappTemplates } from '../../api/whatsapp-templates'

/** The statuses the order reached, in the order of the flow (its history and its status now). */
export function reachedStatuses(order: Pick<OwnerOrder, 'status' | 'history'>): OrderStatus[] {
  const seen = new Set<OrderStatus>(['nuevo', order.status])
  for (const entry of order.history) if (entry.status) seen.add(entry.status)
  return ORDER_STATUSES.filter((status) => seen.has(status))
}

export function OrderStatusWhatsapp({
  order,
  templates,
  link,
}: {
  order: OwnerOrder
  /** The shop's texts; by default the ones saved in its settings. */
  templates?: Partial<Record<OrderStatus, string>>
  /** The link for {enlace}; by default the shop's storefront. */
  link?: string
}) {
  const saved = useWhatsappTemplates(templates ? undefined : order.business._id).data?.templates
  const texts = templates ?? saved
  const shopLink =
    link ?? new URL(paths.storefront.home(order.business.identifier), pageOrigin()).toString()
  const headingId = useId()
  const hintId = useId()
  const phone = toE164(order.customer.phone) ?? order.customer.phone
  const links = reachedStatuses(order)
    .map((status) => ({
      status,
      href: whatsappUrl(phone, orderStatusWhatsappText(order, status, shopLink, texts)),
    }))
    .filter((l): l is { status: OrderStatus; href: string } => l.href !== null)
  if (links.length === 0) return null
  return (
    <section aria-labelledby={headingId} aria-describedby={hintId} className="grid min-w-0 gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {T.title}
      </h3>
      <p id={hintId} className="text-sm text-muted-foreground">
        {T.hint}
      </p>
      <ul className="flex flex-wrap gap-2">
        {links.map(({ status, href }) => (
          <li key={status}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={T.linkLabel(ORDER_STATUS_LABELS[status])}
              aria-current={status === order.status ? 'step' : undefined}
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-input bg-background px-3 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[current=step]:border-primary"
            >
              <WhatsAppIcon aria-hidden="true" className="size-4 shrink-0" />
              {T.link(ORDER_STATUS_LABELS[status])}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
