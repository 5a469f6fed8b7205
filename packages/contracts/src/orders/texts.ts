/**
 * Issue 24: the texts of ordering — the owner's settings and orders screen, the checkout, the
 * order page, the new-order mail and the CSV. Apart from messages.public.ts because the web build puts
 * messages.public.ts in every page's first load, and these are needed only by screens that load later
 * (apps/web/vite.config.ts). Still one source: both apps import them from the package.
 */
import { LIMITS } from '../limits.public.js'

// Issue 24 §1 — what an owner sets up to take orders
export const SHOP_SETTINGS_MESSAGES = {
  whatsappInvalid: 'Ingresa un número de WhatsApp válido con código de país (ej.: +598 99 123 456)',
  deliveryInvalid: 'Las opciones de entrega enviadas no son válidas',
  deliveryRequired: 'Elige al menos una forma de entrega: retiro en el local o envío',
  feeInvalid: 'Ingresa un importe válido (0 o más, con hasta 2 decimales)',
  paymentMethodsInvalid: 'Los medios de pago enviados no son válidos',
  paymentMethodsRequired: 'Elige al menos un medio de pago',
  paymentMethodDuplicate: 'Cada medio de pago puede aparecer una sola vez',
  paymentTypeInvalid: 'Elige un medio de pago válido',
  paymentInstructionsRequired: (method: string) =>
    `Indica los datos para pagar con ${method} (cuenta, enlace o alias)`,
  hoursInvalid: 'Los horarios enviados no son válidos',
  timeInvalid: 'Ingresa una hora válida (HH:MM)',
  intervalEmpty: 'La hora de cierre debe ser distinta de la de apertura',
  intervalsMax: 'Puedes indicar como máximo 3 horarios por día',
  timeZoneInvalid: 'La zona horaria no es válida',
} as const

// Issue 24 §2–3 — orders
export const ORDER_MESSAGES = {
  cartEmpty: 'Tu carrito está vacío',
  linesMax: 'Un pedido puede tener como máximo 50 productos distintos',
  quantityInvalid: 'La cantidad debe ser un número entero entre 1 y 99',
  productInvalid: 'El producto enviado no es válido',
  productUnavailable: (name?: string) =>
    name
      ? `«${name}» ya no está disponible. Quítalo del carrito para continuar.`
      : 'Uno de los productos ya no está disponible. Quítalo del carrito para continuar.',
  /**
   * Issue 41 §6: a line asks for more units than are left. The number is said only when the
   * storefront already shows it ('Quedan N', up to LIMITS.lowStockMax); a larger stock stays the
   * owner's (ADR 027).
   */
  stockShort: (product: string, left: number) =>
    left > LIMITS.lowStockMax
      ? `No hay stock suficiente de «${product}» para esa cantidad. Cambia la cantidad para continuar.`
      : left === 1
        ? `Solo queda 1 unidad de «${product}». Cambia la cantidad para continuar.`
        : `Solo quedan ${left} unidades de «${product}». Cambia la cantidad para continuar.`,
  customerNameRequired: 'Ingresa tu nombre',
  customerPhoneRequired: 'Ingresa tu teléfono',
  customerPhoneInvalid: 'Ingresa un teléfono válido',
  deliveryMethodRequired: 'Elige retiro en el local o envío a domicilio',
  deliveryMethodUnavailable: 'El negocio no ofrece esa forma de entrega',
  addressRequired: 'Ingresa la dirección de entrega',
  /** Issue 44: the shopper chose a parcel agency. */
  branchRequired: 'Indica la sucursal de la agencia o la dirección a la que enviarlo',
  paymentMethodRequired: 'Elige un medio de pago',
  paymentMethodUnavailable: 'El negocio no acepta ese medio de pago',
  notesMax: 'Las notas no pueden superar los 500 caracteres',
  rejected: 'No pudimos registrar tu pedido. Por favor, intenta de nuevo.',
  /** Issue 40 §2: the business's hourly budget of accepted orders is spent. */
  shopBusy:
    'Esta tienda recibió muchos pedidos en la última hora. Intenta de nuevo más tarde o escríbele por WhatsApp.',
  notFound: 'Pedido no encontrado',
  statusInvalid: 'Elige un estado válido',
  transitionRefused: (from: string, to: string) => `Un pedido «${from}» no puede pasar a «${to}»`,
  cancelReasonRequired: 'Indica el motivo de la cancelación',
  noteMax: 'La nota no puede superar los 1000 caracteres',
  updateEmpty: 'Indica un nuevo estado o una nota',
  dateInvalid: 'Ingresa una fecha válida (AAAA-MM-DD)',
  rangeInvalid: 'La fecha de inicio debe ser anterior a la de fin',
  rangeTooLong: 'El período a exportar puede ser de hasta 366 días',
  noBusiness: 'Primero crea tu negocio para recibir pedidos',
  created: '¡Pedido enviado!',
  createFailed: 'No se pudo enviar el pedido',
  updated: 'Pedido actualizado',
  updateFailed: 'No se pudo actualizar el pedido',
} as const

// Issue 24 §3 — the owner's e-mail for each new order and the columns of the orders CSV
export const ORDER_MAILS = {
  newSubject: (code: string) => `Nuevo pedido ${code}`,
  newIntro: (business: string, code: string) =>
    `Recibiste un nuevo pedido en ${business}: ${code}.`,
  items: 'Productos:',
  deliveryFee: (fee: string) => `Envío: ${fee}`,
  total: (total: string) => `Total: ${total}`,
  customer: (name: string, phone: string) => `Cliente: ${name} (${phone})`,
  delivery: (delivery: string) => `Entrega: ${delivery}`,
  payment: (method: string) => `Pago: ${method}`,
  notes: (notes: string) => `Notas: ${notes}`,
  manage: (url: string) => `Confírmalo y síguelo en ${url}`,
  // Issue 40 §2 — the owner's notice when the shop's hourly budget of orders refuses shoppers
  limitSubject: (business: string) => `${business} está rechazando pedidos`,
  limitIntro: (business: string, max: number) =>
    `Tu tienda ${business} recibió ${max} pedidos en la última hora, el máximo que aceptamos por hora para protegerte de envíos masivos. Hasta que se cumpla la hora, los pedidos nuevos se rechazan y tus clientes ven un aviso para intentar más tarde o escribirte por WhatsApp.`,
  limitCheck: (url: string) =>
    `Revisa los pedidos recibidos en ${url}. Si no los reconoces, pueden ser falsos: cancélalos. Los pedidos se vuelven a aceptar solos.`,
  limitOnce: 'Te avisamos como máximo una vez por día.',
  csvHeaders: [
    'Código',
    'Fecha',
    'Estado',
    'Cliente',
    'Teléfono',
    'Entrega',
    'Dirección',
    'Pago',
    'Productos',
    'Envío $',
    'Envío US$',
    'Total $',
    'Total US$',
    'Notas',
    'Motivo de cancelación',
    'Cupón',
    'Descuentos',
    // Issue 43 §4: the online payment (its amounts in 'Moneda del pago').
    'Estado del pago',
    'Pago de Mercado Pago',
    'Moneda del pago',
    'Cobrado',
    'Reembolsado',
  ],
} as const

// Issue 24 §1, §3 — the owner's side of orders: the ordering settings of the business form,
// /admin/pedidos, and the orders badge of the owner's menu.
export const ORDER_ADMIN_TEXTS = {
  settingsTitle: 'Pedidos por WhatsApp',
  /** The heading (for screen readers) over the orders' list, so each order's sections are h3. */
  listHeading: 'Lista de pedidos',
  settingsIntro:
    'Cómo te llegan los pedidos de tu tienda: a qué número, cómo entregas y cómo te pagan.',
  whatsappLabel: 'Número de WhatsApp',
  whatsappHint:
    'Con código de país, por ejemplo +598 99 123 456. Si lo dejas vacío, el botón de WhatsApp y los pedidos van a tu teléfono.',
  whatsappFromPhone: 'Tomado de tu teléfono (es un celular). Puedes cambiarlo.',
  deliveryLegend: 'Formas de entrega',
  pickupLabel: 'Retiro en el local',
  pickupAddress: (address: string) => `Tus clientes retiran en: ${address}`,
  pickupNoAddress:
    'Agrega la dirección del local más arriba para que tus clientes sepan dónde retirar.',
  deliveryLabel: 'Envío a domicilio',
  feeLegend: 'Costo del envío',
  feeHint: 'Completa la moneda en la que cobras el envío ($, US$ o ambas). Vacío es sin costo.',
  feeLabel: (symbol: string) => `Costo del envío en ${symbol}`,
  freeFromLegend: 'Envío gratis desde (opcional)',
  freeFromLabel: (symbol: string) => `Envío gratis desde ${symbol}`,
  deliveryNoteLabel: 'Zonas y días de envío (opcional)',
  deliveryNotePlaceholder: 'Ej.: Montevideo y Ciudad de la Costa, martes y viernes',
  paymentLegend: 'Medios de pago',
  paymentHint: 'Elige los que aceptas. Tus clientes verán las instrucciones al hacer el pedido.',
  paymentInstructionsLabel: (method: string) => `Instrucciones para ${method}`,
  paymentInstructionsPlaceholder: {
    efectivo: 'Ej.: Pagas al retirar o al recibir el pedido',
    transferencia: 'Ej.: BROU caja de ahorro en pesos 001234567-00001, a nombre de Ana Pérez',
    mercadopago: 'Ej.: alias tienda.ana.mp o el enlace de pago',
    tarjeta: 'Ej.: Débito y crédito, al retirar',
  } as Record<string, string>,
  instructionsOptional: 'Opcional',
  instructionsRequired: 'Obligatorio: la cuenta, el enlace o el alias',
  hoursLegend: 'Horario de atención',
  hoursHint: 'Tu tienda muestra «Abierto ahora» o cuándo abre, con la hora de Uruguay.',
  hoursNone: 'Sin horario: tu tienda no muestra si está abierta.',
  hoursSet: 'Indicar horarios',
  hoursClear: 'Sin horario',
  dayClosed: 'Cerrado',
  intervalFrom: (day: string, n: number) => `${day}, horario ${n}: apertura`,
  intervalTo: (day: string, n: number) => `${day}, horario ${n}: cierre`,
  intervalAdd: 'Agregar horario',
  intervalAddLabel: (day: string) => `Agregar un horario al ${day.toLowerCase()}`,
  intervalRemove: (day: string, n: number) => `Quitar el horario ${n} del ${day.toLowerCase()}`,
  copyToAll: 'Copiar a todos los días',
  copyToAllLabel: (day: string) => `Copiar el horario del ${day.toLowerCase()} a todos los días`,
  copiedToAll: (day: string) => `Horario del ${day.toLowerCase()} copiado a todos los días`,

  // /admin/pedidos
  ordersTitle: 'Pedidos',
  ordersDescription: 'Los pedidos que tus clientes envían desde el carrito de tu tienda.',
  menuOrders: 'Pedidos',
  menuOrdersNew: (n: number) => (n === 1 ? 'Pedidos, 1 nuevo' : `Pedidos, ${n} nuevos`),
  filterLabel: 'Filtrar por estado',
  allStatuses: 'Todos',
  searchLabel: 'Buscar por código o cliente',
  searchPlaceholder: 'P-7K3Q, nombre o teléfono',
  emptyTitle: 'Todavía no recibiste pedidos',
  emptyBody:
    'Los pedidos llegan cuando tus clientes arman el carrito en tu tienda y lo envían por WhatsApp: queda guardado aquí y te llega el mensaje con su código.',
  emptyVisit: 'Ver mi tienda',
  noResults: 'Ningún pedido coincide con la búsqueda o el filtro.',
  clearFilters: 'Ver todos los pedidos',
  loadFailed: 'No se pudieron cargar los pedidos',
  retry: 'Intentar de nuevo',
  itemsCount: (n: number) => (n === 1 ? '1 producto' : `${n} productos`),
  openOrder: (code: string) => `Ver el pedido ${code}`,
  closeOrder: (code: string) => `Ocultar el pedido ${code}`,
  itemsTitle: 'Productos',
  subtotal: 'Subtotal',
  deliveryFee: 'Envío',
  total: 'Total',
  customerTitle: 'Cliente',
  deliveryTitle: 'Entrega',
  paymentTitle: 'Pago',
  notesTitle: 'Notas del cliente',
  historyTitle: 'Historial',
  historyCreated: 'Pedido recibido',
  historyStatus: (label: string) => `Pasó a «${label}»`,
  historyNote: 'Nota interna',
  cancelReasonLabel: 'Motivo',
  actionsTitle: 'Cambiar estado',
  noActions: 'Este pedido ya está cerrado.',
  moveTo: (label: string) => `Marcar como «${label}»`,
  cancelOrder: 'Cancelar pedido',
  cancelTitle: (code: string) => `Cancelar el pedido ${code}`,
  cancelDescription:
    'El cliente no verá la nota interna, pero sí el motivo en la página de su pedido.',
  cancelReason: 'Motivo de la cancelación',
  cancelConfirm: 'Cancelar pedido',
  cancelKeep: 'Volver',
  noteLabel: 'Nota interna',
  noteHint: 'Solo la ves tú (por ejemplo: «pagó por transferencia el martes»).',
  noteSave: 'Guardar nota',
  noteSaved: 'Nota guardada',
  exportTitle: 'Exportar a CSV',
  exportFrom: 'Desde',
  exportTo: 'Hasta',
  exportSubmit: 'Descargar CSV',
  exportBusy: 'Preparando...',
  exportFailed: 'No se pudo exportar los pedidos',
  exportHint: 'Se abre en Excel o Google Sheets (separado por «;»).',
  saving: 'Guardando...',
  createdAt: 'Recibido',
} as const

// Issue 24 — the storefront's contact section, checkout form and public order page
export const CHECKOUT_TEXTS = {
  phone: 'Teléfono',
  start: 'Enviar pedido por WhatsApp',
  noWhatsapp: 'Este negocio no tiene un número para recibir pedidos por WhatsApp.',
  formTitle: 'Tus datos',
  back: 'Volver al carrito',
  name: 'Nombre',
  delivery: 'Entrega',
  deliveryAddress: 'Dirección de entrega',
  pickupAt: (address: string) => `Retiras en ${address}`,
  deliveryFee: (fee: string) => `Costo de envío: ${fee}`,
  freeFrom: (amount: string) => `Envío gratis en compras desde ${amount}`,
  /** Issue 41: the fee waived for this cart (it reached the threshold). */
  deliveryFreeNow: 'Envío gratis en este pedido',
  payment: 'Medio de pago',
  notes: 'Notas (opcional)',
  notesPlaceholder: 'Aclaraciones, horario de entrega, referencias…',
  remembered: 'Guardamos tus datos en este dispositivo para tu próximo pedido.',
  submit: 'Enviar pedido',
  submitting: 'Enviando pedido…',
  fixErrors: 'Revisa los datos marcados para enviar el pedido.',
  rateLimited: 'Enviaste muchos pedidos seguidos. Espera unos minutos e intenta de nuevo.',
  offline: 'No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.',
  orderTitle: (code: string) => `Pedido ${code}`,
  /** Issue 41 §6: a new order whose stock ran short since it was sent (publicOrder.stockShort). */
  stockShortTitle: 'Falta stock para tu pedido',
  stockShortNotice: (products: readonly string[]) =>
    `Desde que enviaste el pedido, ya no queda stock suficiente de ${products
      .map((name) => `«${name}»`)
      .join(
        ', ',
      )}. El negocio no puede confirmarlo así: escríbele por WhatsApp para cambiarlo o haz un nuevo pedido.`,
  lastStep: 'Último paso: envíale el pedido al negocio por WhatsApp.',
  openedWhatsapp:
    'Abrimos WhatsApp en otra pestaña para que le envíes el pedido al negocio. ¿No se abrió?',
  openWhatsapp: 'Abrir WhatsApp',
  sendAgain: 'Enviar de nuevo por WhatsApp',
  keepLink: 'Guarda este enlace para ver el estado de tu pedido.',
  status: 'Estado',
  date: 'Fecha',
  cancelReason: 'Motivo',
  items: 'Productos',
  each: 'c/u',
  subtotal: 'Subtotal',
  shipping: 'Envío',
  total: 'Total',
  /** Issue 41 §1: the checkout's summary, by the order's own rule (orderAmounts). */
  inCurrency: (label: string, symbol: string) => `${label} en ${symbol}`,
  shippingFree: 'Gratis',
  shippingPending: 'Según la entrega',
  totalWithoutShipping: 'Total sin envío',
  shippingLater: 'El envío se calcula al elegir la entrega.',
  customer: 'Tus datos',
  notesTitle: 'Notas',
  shopContact: 'Contacto del negocio',
  orderNotFoundDescription:
    'Revisa que el enlace esté completo. Si hiciste el pedido, pídele al negocio que te lo reenvíe.',
  orderLoadFailed: 'No se pudo cargar el pedido',
  backToShop: 'Volver a la tienda',
} as const
