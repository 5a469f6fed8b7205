/**
 * Issue 26: the texts of owner insights — the API's messages and the /admin/estadisticas page.
 * Apart from messages.public.ts because the web build puts messages.public.ts in every page's first load and
 * these are needed only by the insights page (and the API). One source: both apps import them.
 */

export const INSIGHTS_MESSAGES = {
  bodyInvalid: 'Los eventos enviados no son válidos',
  eventsMax: (max: number) => `Envía como máximo ${max} eventos por solicitud`,
  eventTypeInvalid: 'El tipo de evento no es válido',
  dateInvalid: 'Ingresa una fecha válida (AAAA-MM-DD)',
  rangeInvalid: 'La fecha de inicio debe ser anterior o igual a la de fin',
  rangeTooLong: (days: number) => `Elige un período de como máximo ${days} días`,
  rangeIncomplete: 'Indica las dos fechas del período (desde y hasta)',
} as const

export const INSIGHTS_SOURCE_LABELS = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  facebook: 'Facebook',
  google: 'Google',
  other: 'Otros sitios',
  direct: 'Directo',
} as const

export const INSIGHTS_TEXTS = {
  title: 'Estadísticas',
  description:
    'Cuántas personas visitan tu tienda, qué miran, de dónde llegan y qué buscan. Sin cookies y sin datos de quién visita.',
  period: 'Período',
  periodOption: (days: number) => `Últimos ${days} días`,
  loading: 'Cargando estadísticas…',
  loadFailed: 'No se pudieron cargar las estadísticas',
  retry: 'Reintentar',
  // Issue 41: one figure — since issue 40 visits and unique visitors are the same number
  visitors: 'Visitantes',
  /** The operator console's platform activity (visits across all shops). */
  visits: 'Visitas',
  productViews: 'Productos vistos',
  whatsappClicks: 'Clics en WhatsApp',
  orders: 'Pedidos',
  conversion: 'Conversión',
  conversionHint: 'Pedidos ÷ visitantes',
  previous: (value: string) => `Período anterior: ${value}`,
  change: (percent: number) =>
    percent === 0 ? 'Sin cambios' : `${percent > 0 ? '+' : '−'}${Math.abs(percent)} %`,
  noPrevious: 'Sin datos del período anterior',
  // Issue 41: said once above the figures, not on every card
  noPreviousPeriod: 'Sin datos del período anterior: las cifras no se comparan esta vez.',
  // Issue 41: today is still going on (its point was read as a drop)
  partialDay: 'hoy, en curso',
  partialDayNote: 'El último día es hoy y sigue en curso: su punto aún no está completo.',
  visitsChart: 'Visitantes por día',
  actionsChart: 'Clics en WhatsApp y pedidos por día',
  sources: 'De dónde llegan',
  topViewed: 'Productos más vistos',
  topOrdered: 'Productos más pedidos',
  views: 'Vistas',
  product: 'Producto',
  topSearches: 'Lo más buscado',
  zeroResultSearches: 'Búsquedas sin resultados',
  zeroResultHint: 'Lo que buscaron y no encontraron: quizá valga la pena agregarlo.',
  search: 'Búsqueda',
  times: 'Veces',
  date: 'Fecha',
  none: 'Todavía no hay datos en este período.',
  showTable: 'Ver los datos como tabla',
  exportCsv: 'Descargar CSV',
  csvFilename: (from: string, to: string) => `estadisticas-${from}-${to}.csv`,
  delayNote: 'Los datos se actualizan en unos segundos.',
  platformTitle: 'Actividad de la plataforma',
  activeBusinesses: 'Negocios con visitas',
  // Issue 45: orders and revenue per coupon
  coupons: 'Cupones',
  couponsHint: 'Pedidos no cancelados de este período con cada cupón, y lo que sumaron.',
  coupon: 'Cupón',
  couponRevenue: 'Ventas',
  noCoupons: 'Ningún pedido con cupón en este período.',
} as const
