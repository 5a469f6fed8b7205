import { enabledFeatures, FEATURE_LABELS, LAYOUT } from '@vitrina/contracts'
import type { Features } from '@vitrina/contracts'

/**
 * SPEC §2.3: a business card shows at most 3 active feature badges plus a '+N' badge for the
 * rest. Returns the labels to show and N (0 when nothing is left over).
 */
export function cardFeatureBadges(
  features: Partial<Features> | null | undefined,
  max: number = LAYOUT.cardFeatureBadgesMax,
): { labels: string[]; hiddenCount: number } {
  const enabled = enabledFeatures(features)
  return {
    labels: enabled.slice(0, max).map((key) => FEATURE_LABELS[key]),
    hiddenCount: Math.max(0, enabled.length - max),
  }
}
