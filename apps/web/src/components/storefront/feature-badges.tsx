import { BadgeCheck, CreditCard, Store, Truck, Wallet, Zap } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { enabledFeatures, FEATURE_BADGES } from '@vitrina/contracts'
import type { FeatureKey, Features } from '@vitrina/contracts'
import { cn } from '../../lib/utils'

const ICONS: Record<FeatureKey, LucideIcon> = {
  nationwide_shipping: Truck,
  same_day_delivery: Zap,
  physical_store: Store,
  card_payment: CreditCard,
  mercadopago: Wallet,
}

/** SPEC §2.5: the feature badges, only the enabled ones, with their storefront texts. */
export function StorefrontFeatureBadges({
  features,
  className,
}: {
  features: Partial<Features> | null | undefined
  className?: string
}) {
  const keys = enabledFeatures(features)
  if (keys.length === 0) return null
  return (
    <ul aria-label="Beneficios" className={cn('flex flex-wrap justify-center gap-2', className)}>
      {keys.map((key) => {
        const Icon = ICONS[key] ?? BadgeCheck
        return (
          <li
            key={key}
            className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-foreground shadow-xs @min-[768px]/storefront:gap-2 @min-[768px]/storefront:px-3.5 @min-[768px]/storefront:py-1.5 @min-[768px]/storefront:text-sm"
          >
            <Icon className="size-4 text-(--store-primary-text)" aria-hidden="true" />
            {FEATURE_BADGES[key]}
          </li>
        )
      })}
    </ul>
  )
}
