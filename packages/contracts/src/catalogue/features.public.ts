/** SPEC §3 (feature flags and their labels) and §2.5 (storefront badge texts). */
export const FEATURE_KEYS = [
  'nationwide_shipping',
  'same_day_delivery',
  'physical_store',
  'card_payment',
  'mercadopago',
] as const

export type FeatureKey = (typeof FEATURE_KEYS)[number]
export type Features = Record<FeatureKey, boolean>

/** SPEC §3: labels used by the wizard switches, cards and the owner dashboard. */
export const FEATURE_LABELS: Readonly<Record<FeatureKey, string>> = {
  nationwide_shipping: 'Envío Nacional',
  same_day_delivery: 'Entrega en el Día',
  physical_store: 'Tienda Física',
  card_payment: 'Pago con Tarjeta',
  // SPEC §3: "shows the payment provider's own name"
  mercadopago: 'Mercado Pago',
}

/** SPEC §2.5: the storefront badges, shown only when the feature is enabled. */
export const FEATURE_BADGES: Readonly<Record<FeatureKey, string>> = {
  nationwide_shipping: 'Envíos a todo el país',
  same_day_delivery: 'Entrega en el día',
  physical_store: 'Tienda física',
  card_payment: 'Pagos con tarjeta',
  mercadopago: 'Mercado Pago',
}

/** SPEC §3: every feature defaults to false. */
export const DEFAULT_FEATURES: Readonly<Features> = {
  nationwide_shipping: false,
  same_day_delivery: false,
  physical_store: false,
  card_payment: false,
  mercadopago: false,
}

/** The enabled features in FEATURE_KEYS order (cards show at most 3 plus '+N', SPEC §2.3). */
export function enabledFeatures(features: Partial<Features> | null | undefined): FeatureKey[] {
  return FEATURE_KEYS.filter((key) => features?.[key] === true)
}
