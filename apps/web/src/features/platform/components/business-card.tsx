import { businessCategoryLabel } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { Link } from '../../../components/ui/link'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../config/paths'
import { cn } from '../../../lib/utils'
import { BusinessLogo } from './business-logo'
import { cardFeatureBadges } from './feature-badges'

export type BusinessCardData = Pick<
  Business,
  | 'identifier'
  | 'name'
  | 'description'
  | 'category'
  | 'logo'
  | 'features'
  | 'primaryColor'
  | 'secondaryColor'
  | 'slides'
>

/**
 * SPEC §2.3: logo, name, description and at most 3 active feature badges plus '+N'. The whole
 * card links to the storefront (/{identifier}).
 */
export function BusinessCard({
  business,
  headingLevel: Heading = 'h3',
  className,
}: {
  business: BusinessCardData
  headingLevel?: 'h2' | 'h3'
  className?: string
}) {
  const { labels, hiddenCount } = cardFeatureBadges(business.features)
  const cover = business.slides[0]?.image
  return (
    <article
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition-shadow focus-within:ring-3 focus-within:ring-ring/40 hover:shadow-lg',
        className,
      )}
    >
      {/* The whole cover at its 16:9 ratio: its text is never cropped nor covered by the logo. */}
      <div
        className="relative aspect-video overflow-hidden"
        style={{
          background: `linear-gradient(135deg, ${business.primaryColor}, ${business.secondaryColor})`,
        }}
      >
        {cover?.url && (
          <img
            src={cover.url}
            srcSet={cover.srcset}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center gap-3">
          <BusinessLogo
            name={business.name}
            logo={business.logo}
            color={business.primaryColor}
            className="shrink-0 border border-border"
          />
          <div className="min-w-0">
            <Heading className="text-lg leading-snug font-semibold">
              <Link
                to={paths.storefront.home(business.identifier)}
                className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-accent"
              >
                {business.name}
              </Link>
            </Heading>
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {businessCategoryLabel(business.category)}
            </p>
          </div>
        </div>
        <p className="line-clamp-3 text-sm text-muted-foreground">{business.description}</p>
        {labels.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-1.5 pt-1" aria-label="Características">
            {labels.map((label) => (
              <li key={label}>
                <Badge variant="secondary">{label}</Badge>
              </li>
            ))}
            {hiddenCount > 0 && (
              <li>
                <Badge variant="outline" aria-label={`y ${hiddenCount} más`}>
                  +{hiddenCount}
                </Badge>
              </li>
            )}
          </ul>
        )}
      </div>
    </article>
  )
}

const SHOWN_FROM = { always: 'flex', sm: 'hidden sm:flex', lg: 'hidden lg:flex' } as const

/** A card's placeholder; `shownFrom` a breakpoint, where the row has room for it. */
export function BusinessCardSkeleton({
  shownFrom = 'always',
}: {
  shownFrom?: keyof typeof SHOWN_FROM
}) {
  return (
    <div
      className={cn(
        'h-full flex-col overflow-hidden rounded-2xl border border-border bg-card',
        SHOWN_FROM[shownFrom],
      )}
      aria-hidden="true"
    >
      <div className="aspect-video animate-pulse bg-muted motion-reduce:animate-none" />
      <div className="flex flex-col gap-3 p-5">
        <div className="flex items-center gap-3">
          <div className="size-16 shrink-0 rounded-xl bg-muted" />
          <div className="h-5 w-2/3 rounded bg-muted" />
        </div>
        <div className="h-4 w-full rounded bg-muted" />
        <div className="h-4 w-4/5 rounded bg-muted" />
      </div>
    </div>
  )
}
