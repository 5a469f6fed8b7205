/**
 * Issue 46 §2: /admin/canales-de-venta — the addresses of the shop's product feeds (Google
 * Merchant Center, Meta's catalogue) with a copy button each, and the steps to add each one in
 * its service. The feeds live at the platform's address (`feedPaths`), which the owner area is
 * served from, so the page writes them from its own origin; no request needed.
 */
import {
  SALES_CHANNELS_TEXTS as T,
  feedPaths,
  type FeedService,
  type OwnerBusiness,
} from '@vitrina/contracts'
import { Copy, ExternalLink } from 'lucide-react'
import { useId, useRef } from 'react'
import { toast } from 'sonner'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { AdminPage } from '../components/admin-page'
import { PixelSettings } from '../components/pixel-settings'
import { WithMyBusiness } from '../components/with-my-business'

const SERVICES: FeedService[] = ['google', 'meta']

function FeedChannel({ service, url }: { service: FeedService; url: string }) {
  const texts = T[service]
  const headingId = useId()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      toast.success(T.copied, { description: url })
    } catch {
      // Without clipboard access the address is selected, ready to copy by hand.
      input.current?.focus()
      input.current?.select()
      toast.error(T.copyFailed)
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {texts.title}
        </h2>
        <p className="text-sm text-muted-foreground">{texts.summary}</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{texts.urlLabel}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={input}
            id={inputId}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono sm:flex-1"
          />
          <div className="flex gap-2">
            <Button
              type="button"
              onClick={() => void copy()}
              aria-label={T.copyLabel(texts.service)}
              className="grow sm:grow-0"
            >
              <Copy aria-hidden="true" />
              {T.copy}
            </Button>
            <Button asChild variant="outline" className="grow sm:grow-0">
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                aria-label={T.openLabel(texts.service)}
              >
                <ExternalLink aria-hidden="true" />
                {T.open}
              </a>
            </Button>
          </div>
        </div>
      </div>
      <div className="grid gap-2">
        <h3 className="font-medium">{T.stepsTitle}</h3>
        <ol className="grid list-decimal gap-1.5 pl-5 text-sm">
          {texts.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    </section>
  )
}

export function SalesChannelsView({
  business,
  origin = window.location.origin,
}: {
  business: Pick<OwnerBusiness, '_id' | 'identifier' | 'suspension' | 'pixels'>
  origin?: string
}) {
  const feeds = feedPaths(business.identifier)
  return (
    <AdminPage title={T.title} description={T.description}>
      <div className="grid max-w-3xl gap-6">
        <p className="text-sm">{T.whatGoes}</p>
        {business.suspension && (
          <p
            role="status"
            className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm"
          >
            {T.suspended}
          </p>
        )}
        {SERVICES.map((service) => (
          <FeedChannel key={service} service={service} url={`${origin}${feeds[service]}`} />
        ))}
        {/* Issue 46 §3: the owner's GA4 and Meta Pixel ids (ADR 039). */}
        <PixelSettings business={business} />
      </div>
    </AdminPage>
  )
}

function SalesChannelsPage() {
  useDocumentTitle(T.title)
  return <WithMyBusiness>{(business) => <SalesChannelsView business={business} />}</WithMyBusiness>
}

export { SalesChannelsPage as Component }
