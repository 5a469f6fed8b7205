import type { Features } from '@vitrina/contracts'
import { cn } from '../../lib/utils'
import { StorefrontFeatureBadges } from './feature-badges'
import { SocialLinks } from './social-links'
import type { SocialLinksData } from './social-links'

/**
 * SPEC §2.5 hero: the business name in its primary colour, the description, the social links
 * that are set and the enabled feature badges. Compact on a phone (the description in two
 * lines; screen readers get all of it), so the first products show on the first screen.
 */
export function StorefrontHero({
  name,
  description,
  socialLinks,
  features,
  headingLevel: Heading = 'h1',
  className,
}: {
  name: string
  description?: string | null
  socialLinks?: SocialLinksData | null
  features?: Partial<Features> | null
  headingLevel?: 'h1' | 'h2'
  className?: string
}) {
  return (
    <section
      aria-label="Presentación"
      className={cn(
        'relative overflow-hidden border-b border-border bg-card px-4 py-6 text-center @min-[768px]/storefront:py-16',
        className,
      )}
    >
      {/* A faint wash of the brand colours behind the text. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_80%_at_50%_0%,color-mix(in_oklab,var(--store-primary)_14%,transparent),transparent_70%),radial-gradient(40%_60%_at_90%_100%,color-mix(in_oklab,var(--store-secondary)_18%,transparent),transparent_70%)]"
      />
      <div className="relative mx-auto flex max-w-3xl flex-col items-center gap-3 @min-[768px]/storefront:gap-5">
        <Heading className="text-3xl font-extrabold tracking-tight break-words text-(--store-primary-heading) @min-[768px]/storefront:text-5xl">
          {name}
        </Heading>
        {description && (
          <p className="line-clamp-2 max-w-2xl text-base leading-relaxed text-pretty whitespace-pre-line text-muted-foreground @min-[768px]/storefront:line-clamp-none @min-[768px]/storefront:text-lg">
            {description}
          </p>
        )}
        <SocialLinks socialLinks={socialLinks} name={name} />
        <StorefrontFeatureBadges features={features} className="mt-1" />
      </div>
    </section>
  )
}
