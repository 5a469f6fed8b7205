import { cn } from '../../lib/utils'
import { whatsappUrl } from './whatsapp'
import { WhatsAppIcon } from './whatsapp-icon'

/**
 * SPEC §2.5: the floating WhatsApp button, only when the business has a phone. Render it outside
 * <StorefrontFrame> (it is `position: fixed`).
 */
export function WhatsAppButton({
  phone,
  name,
  className,
}: {
  phone: string | null | undefined
  name: string
  className?: string
}) {
  const href = whatsappUrl(phone)
  if (!href) return null
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Escribir a ${name} por WhatsApp (se abre en una pestaña nueva)`}
      className={cn(
        'fixed right-4 bottom-4 z-30 grid size-14 place-items-center rounded-full bg-[#25D366] text-white shadow-lg ring-4 ring-white/70 transition-transform outline-none hover:scale-105 focus-visible:ring-[#128C7E] motion-reduce:transition-none sm:right-6 sm:bottom-6',
        className,
      )}
    >
      <WhatsAppIcon className="size-8" aria-hidden="true" />
    </a>
  )
}
