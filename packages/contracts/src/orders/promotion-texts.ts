/**
 * Issue 45: the Spanish texts of coupons and automatic promotions — why a code does not apply
 * (the cart and the order's 400 show them), the owner's form messages, the labels of the
 * discount lines. One source for the API, the cart and the admin (docs/decisions/036).
 */
import { CURRENCY_SYMBOLS, type CurrencyCode } from '../money.public.js'
import { formatPrice, formatWholePrice } from '../pricing.public.js'

/** '30/11' from '2026-11-30' (the shop's local day). */
export function dayMonth(isoDay: string): string {
  const [, month = '', day = ''] = isoDay.split('-')
  return `${day}/${month}`
}

/** '$ 1.500' for whole amounts, '$ 1.500,50' otherwise. */
export function couponAmountText(cents: number, currency: CurrencyCode): string {
  const symbol = CURRENCY_SYMBOLS[currency]
  return cents % 100 === 0
    ? formatWholePrice(cents / 100, symbol)
    : formatPrice(cents / 100, symbol)
}

export const PROMOTION_MESSAGES = {
  // Why a coupon does not apply (the shopper's cart and the order's 400, path 'coupon').
  couponUnknown: 'No encontramos ese cupón: revisa cómo está escrito',
  couponPaused: 'Este cupón no está activo',
  couponNotYet: (startsOn: string) => `El cupón vale desde el ${dayMonth(startsOn)}`,
  couponExpired: (endsOn: string) => `El cupón venció el ${dayMonth(endsOn)}`,
  couponUsedUp: 'Este cupón ya no tiene usos disponibles',
  couponAlreadyUsed: 'Ya usaste este cupón',
  couponFirstPurchase: 'Este cupón es solo para la primera compra',
  couponNoProducts: 'El cupón no aplica a los productos del carrito',
  couponCurrency: (currency: CurrencyCode) =>
    `El cupón no aplica a compras en ${CURRENCY_SYMBOLS[currency]}`,
  couponMinimum: (cents: number, currency: CurrencyCode) =>
    `Mínimo de compra ${couponAmountText(cents, currency)}`,
  /** The order was priced with the coupon, but its last use went to another order meanwhile. */
  couponTaken: 'Este cupón ya no tiene usos disponibles: revisa el total y vuelve a enviar',

  // The owner's form (400 with the field's path).
  codeRequired: 'Escribe el código del cupón',
  codeInvalid: 'El código lleva de 3 a 30 letras, números o guiones, sin espacios',
  codeTaken: 'Ya tienes un cupón con ese código',
  kindRequired: 'Elige qué descuento da el cupón',
  promotionKindRequired: 'Elige el tipo de promoción',
  nameRequired: 'Escribe un nombre para la promoción',
  percentInvalid: 'El porcentaje es un número entero entre 1 y 100',
  amountRequired: 'Escribe el monto del descuento en al menos una moneda',
  amountInvalid: 'El monto es un número mayor que cero, con hasta dos decimales',
  minimumInvalid: 'El mínimo de compra es un número mayor que cero, con hasta dos decimales',
  usesInvalid: 'La cantidad de usos es un número entero entre 1 y 100.000',
  dateInvalid: 'Escribe la fecha como AAAA-MM-DD',
  datesOrder: 'La fecha de fin no puede ser anterior a la de inicio',
  takePayInvalid: 'En "Llevá N, pagá M", N va de 2 a 10 y M es menor que N (por ejemplo 3x2)',
  scopeRequired: 'Elige al menos un producto o una categoría',
  categoryRequired: 'Elige al menos una categoría',
  categoryDatesRequired: 'Una promoción por categoría necesita fecha de inicio y de fin',
  tooManyTargets: 'Elige como máximo 200 productos y 50 categorías',
  productUnknown: 'Uno de los productos elegidos no es de tu tienda',
  notFound: 'No encontramos esa promoción o cupón',
  tooManyPerShop: 'Llegaste al máximo de 200 cupones o promociones: borra alguno que ya no uses',
  shopNotFound: 'No encontramos esa tienda',
  copyName: (name: string) => `${name} (copia)`,

  // Labels: the cart, the order page, the message, the CSV.
  couponLabel: (code: string) => `Cupón ${code}`,
  freeDeliveryLabel: (code: string) => `Cupón ${code}: envío gratis`,
  discountsTitle: 'Descuentos',
  couponField: 'Cupón de descuento',
  couponApply: 'Aplicar',
  couponRemove: 'Quitar cupón',
  couponApplied: (code: string) => `Cupón ${code} aplicado`,
  pageTitle: 'Promociones',
  /** The badge's words for screen readers and its title ('3x2' alone says little). */
  badgeLabel: (p: {
    kind: 'take_pay' | 'second_unit' | 'category_percent'
    take: number | null
    pay: number | null
    percent: number | null
  }) =>
    p.kind === 'take_pay'
      ? `Promoción: llevá ${p.take}, pagá ${p.pay}`
      : p.kind === 'second_unit'
        ? `Promoción: ${p.percent} % de descuento en la segunda unidad`
        : `Promoción: ${p.percent} % de descuento`,
} as const

/** How each promotion reads on a badge and in the cart: '3x2', '-50 % en la 2.ª', '-20 %'. */
export const PROMOTION_KIND_LABELS = {
  take_pay: 'Llevá N, pagá M',
  second_unit: 'N % en la segunda unidad',
  category_percent: 'X % en una categoría',
} as const

export const COUPON_KIND_LABELS = {
  percent: 'Porcentaje',
  fixed: 'Monto fijo',
  free_delivery: 'Envío gratis',
} as const

/** The status column of the owner's list. */
export const PROMOTION_STATUS_LABELS = {
  active: 'Activa',
  scheduled: 'Programada',
  ended: 'Terminada',
  paused: 'Pausada',
  used_up: 'Agotado',
} as const

/** The owner's «Promociones» page (/admin/promociones). */
export const PROMOTION_PAGE_TEXTS = {
  menuLink: 'Promociones',
  title: 'Promociones',
  intro:
    'Cupones que tus clientes escriben en el carrito y promociones que se aplican solas. Solo los pedidos no cancelados cuentan en usos, pedidos y ventas.',
  couponsTitle: 'Cupones',
  promotionsTitle: 'Promociones automáticas',
  newCoupon: 'Nuevo cupón',
  newPromotion: 'Nueva promoción',
  noCoupons: 'Todavía no creaste cupones.',
  noPromotions: 'Todavía no creaste promociones.',
  edit: 'Editar',
  pause: 'Pausar',
  resume: 'Reanudar',
  duplicate: 'Duplicar',
  remove: 'Eliminar',
  removeTitle: (title: string) => `Eliminar «${title}»`,
  removeQuestion:
    '¿Seguro que quieres eliminarlo? Esta acción no se puede deshacer. Los pedidos que ya lo usaron conservan su descuento.',
  removing: 'Eliminando...',
  removed: 'Eliminado',
  save: 'Guardar',
  cancel: 'Cancelar',
  saved: 'Guardado',
  uses: (uses: number, max: number | null) =>
    max !== null ? `${uses} de ${max} usos` : uses === 1 ? '1 uso' : `${uses} usos`,
  orders: (n: number) => (n === 1 ? '1 pedido' : `${n} pedidos`),
  revenue: 'Ventas',
  code: 'Código',
  name: 'Nombre',
  kind: 'Tipo',
  percent: 'Porcentaje (%)',
  amount: 'Monto de descuento ($)',
  minimum: 'Compra mínima ($, opcional)',
  amountUsd: 'Monto de descuento (US$)',
  minimumUsd: 'Compra mínima (US$, opcional)',
  amountsHint: 'Cada monto se descuenta de lo que se compra en esa moneda.',
  startsOn: 'Desde (opcional)',
  endsOn: 'Hasta (opcional)',
  startsOnRequired: 'Desde',
  endsOnRequired: 'Hasta',
  maxUses: 'Usos en total (opcional)',
  oncePerShopper: 'Un uso por cliente (por teléfono)',
  firstPurchaseOnly: 'Solo primera compra',
  take: 'Llevá (N)',
  pay: 'Pagá (M)',
  categories: 'Categorías (separadas por coma)',
  categoriesHint: 'Vacío: todos los productos.',
  couponTargetsHint: 'Sin productos ni categorías: vale para todos los productos.',
  products: 'Productos (opcional)',
  productSearch: 'Buscar productos por nombre',
  productSearchHint: 'Escribe al menos 3 letras y marca los productos.',
  productResults: 'Resultados de la búsqueda',
  noProductsFound: 'No encontramos productos con ese nombre.',
  chosenProducts: 'Productos elegidos',
  noChosenProducts: 'Ningún producto elegido.',
  removeProduct: (name: string) => `Quitar ${name}`,
  actionFailed: 'No pudimos guardar el cambio. Inténtalo de nuevo.',
} as const
