/**
 * The Spanish texts of the owner's, the operator's and the account screens, and of the e-mails —
 * kept apart from messages.public.ts so that a storefront's or the landing's first visit, which loads
 * messages.public.ts with the app, does not download them (issue 21 §3; apps/web/vite.config.ts). The
 * few a shopper sees are in messages.public.ts and spread in here.
 */
import { SHOPPER_VARIANT_TEXTS, STOREFRONT_UNAVAILABLE_TEXTS } from './messages.public.js'

// Issue 23 §1 — account recovery and management (password reset, /perfil, sessions)
export const ACCOUNT_MESSAGES = {
  // Password reset
  forgotPasswordLink: '¿Olvidaste tu contraseña?',
  forgotTitle: 'Recupera tu contraseña',
  forgotDescription:
    'Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.',
  forgotSubmit: 'Enviar enlace',
  forgotSent:
    'Si existe una cuenta con ese correo, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada y la carpeta de spam.',
  forgotSentTitle: 'Revisa tu correo',
  resetTitle: 'Elige una contraseña nueva',
  resetDescription: 'Tu contraseña nueva reemplaza a la anterior y cierra todas tus sesiones.',
  resetSubmit: 'Guardar contraseña',
  resetChecking: 'Comprobando el enlace…',
  resetInvalid: 'El enlace no es válido o ha expirado',
  resetInvalidHint: 'Pide un enlace nuevo: cada enlace sirve una sola vez y vence en 1 hora.',
  resetRequestNew: 'Pedir un enlace nuevo',
  resetSuccessTitle: '¡Contraseña restablecida!',
  resetSuccess: 'Tu contraseña fue cambiada. Ya puedes iniciar sesión con la nueva.',
  backToLogin: 'Volver al inicio de sesión',
  rememberedPassword: '¿Recordaste tu contraseña?',
  loginLink: 'Inicia sesión',
  loginButton: 'Iniciar sesión',
  resetFailedTitle: 'No se pudo restablecer la contraseña',
  newPasswordLabel: 'Contraseña nueva',
  confirmNewPasswordLabel: 'Confirmar contraseña nueva',
  passwordHint: 'Mínimo 8 caracteres, con al menos una mayúscula y una minúscula.',
  // Login of an account not yet activated
  resendActivation: 'Reenviar correo de activación',
  resendActivationSending: 'Enviando...',
  resendActivationSent: 'Correo de activación enviado',
  resendActivationFailed: 'No se pudo reenviar el correo',
  // /perfil — API replies and rules
  currentPasswordRequired: 'Ingresa tu contraseña actual',
  currentPasswordWrong: 'La contraseña no es correcta',
  passwordUnchanged: 'La contraseña nueva debe ser distinta de la actual',
  passwordChanged: 'Tu contraseña fue cambiada. Cerramos tus sesiones en otros dispositivos.',
  nameUpdated: 'Tu nombre fue actualizado',
  emailUnchanged: 'Ese ya es el correo de tu cuenta',
  emailChangeSent:
    'Te enviamos un enlace a tu nuevo correo. Tu correo cambiará cuando abras ese enlace.',
  emailChangeInvalid: 'El enlace para cambiar tu correo no es válido o ha expirado',
  emailChanged: '¡Listo! Tu correo fue cambiado.',
  sessionsEnded: 'Cerramos tu sesión en todos los dispositivos',
  accountDeleted: 'Tu cuenta fue eliminada',
} as const

// Issue 23 §1 — the /perfil screen and the e-mail confirmation screen
export const PROFILE_TEXTS = {
  nameSection: 'Datos personales',
  nameLabel: 'Nombre',
  saveName: 'Guardar nombre',
  passwordSection: 'Contraseña',
  passwordDescription: 'Al cambiarla se cierran tus sesiones en otros dispositivos.',
  currentPasswordLabel: 'Contraseña actual',
  changePassword: 'Cambiar contraseña',
  emailSection: 'Correo electrónico',
  emailDescription: (email: string) =>
    `Tu correo actual es ${email}. Te enviaremos un enlace al nuevo para confirmarlo.`,
  newEmailLabel: 'Nuevo correo electrónico',
  changeEmail: 'Cambiar correo',
  sessionsSection: 'Sesiones activas',
  sessionsDescription: 'Los dispositivos donde tu cuenta tiene una sesión abierta.',
  thisDevice: 'Este dispositivo',
  lastUsed: (when: string) => `Último uso: ${when}`,
  sessionsLoadFailed: 'No pudimos cargar tus sesiones.',
  endAllSessions: 'Cerrar sesión en todos los dispositivos',
  deleteSection: 'Eliminar cuenta',
  deleteWarning:
    'Se eliminarán para siempre tu cuenta, tu negocio, todos tus productos y sus imágenes. Tu tienda dejará de estar disponible. Esta acción no se puede deshacer.',
  deletePasswordLabel: 'Escribe tu contraseña para confirmar',
  deleteAccount: 'Eliminar mi cuenta',
  saving: 'Guardando...',
  failedTitle: 'No se pudo guardar el cambio',
  confirmEmailTitle: 'Confirmando tu nuevo correo...',
  confirmEmailWait: 'Por favor, espera un momento.',
  confirmEmailFailedTitle: 'No se pudo cambiar tu correo',
  goToProfile: 'Ir a mi perfil',
} as const

// Issue 23 §1 — the account e-mails (the API lays them out as text and HTML)
export const ACCOUNT_MAILS = {
  greeting: (name: string) => `Hola ${name}:`,
  signature: 'El equipo de Vitrina',
  help: (support: string) => `¿Necesitas ayuda? Escríbenos a ${support}.`,
  linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
  resetSubject: 'Restablece tu contraseña de Vitrina',
  resetIntro: 'Recibimos un pedido para restablecer la contraseña de tu cuenta de Vitrina.',
  resetAction: 'Elegir una contraseña nueva',
  resetValidity: (validity: string) =>
    `El enlace vence en ${validity} y solo puede usarse una vez. Al cambiar la contraseña se cierran todas tus sesiones.`,
  resetIgnore: 'Si no lo pediste tú, ignora este correo: tu contraseña no cambia.',
  passwordChangedSubject: 'Tu contraseña de Vitrina fue cambiada',
  passwordChangedIntro:
    'La contraseña de tu cuenta de Vitrina acaba de cambiar y cerramos tus otras sesiones.',
  emailChangeSubject: 'Confirma tu nuevo correo en Vitrina',
  emailChangeIntro: (email: string) =>
    `Pediste usar ${email} como el correo de tu cuenta de Vitrina. Para confirmarlo, abre este enlace:`,
  emailChangeAction: 'Confirmar mi nuevo correo',
  emailChangeValidity: (validity: string) =>
    `El enlace vence en ${validity} y solo puede usarse una vez. Si no lo pediste tú, ignora este correo.`,
  emailChangeNoticeSubject: 'Se pidió cambiar el correo de tu cuenta de Vitrina',
  emailChangeNotice: (email: string) =>
    `Se pidió cambiar el correo de tu cuenta de Vitrina a ${email}. El cambio se hará cuando se abra el enlace enviado a esa dirección.`,
  passwordChangedWarning: (support: string) =>
    `Si no fuiste tú, restablece tu contraseña ahora desde "¿Olvidaste tu contraseña?" y escríbenos a ${support}.`,
  // Issue 40 §3: to the old address once the change is confirmed (its reset links no longer work).
  emailChangedSubject: 'El correo de tu cuenta de Vitrina fue cambiado',
  emailChangedIntro: (email: string) =>
    `El correo de tu cuenta de Vitrina ahora es ${email}. Desde ahora los avisos y los enlaces para restablecer la contraseña se envían a esa dirección; cerramos tus otras sesiones y anulamos los enlaces enviados a esta.`,
  emailChangedWarning: (support: string) =>
    `Si no fuiste tú, escríbenos cuanto antes a ${support} desde esta dirección: comprobaremos que la cuenta es tuya y te devolveremos el acceso.`,
} as const

// API-level error texts (HTTP contract in ARCHITECTURE.md: Spanish `message` on every error)
export const API_MESSAGES = {
  validation: 'Los datos enviados no son válidos',
  malformedJson: 'El cuerpo de la solicitud no es un JSON válido',
  payloadTooLarge: 'La solicitud es demasiado grande',
  fileTooLarge: 'El archivo supera el tamaño máximo de 5MB',
  unsupportedImage: 'El archivo no es una imagen válida (PNG, JPG o WEBP)',
  imageTooLarge: 'La imagen es demasiado grande (máximo 25 megapíxeles)',
  unexpectedFile: 'Se recibió un archivo en un campo que no admite archivos',
  tooManyFiles: 'Se enviaron más archivos de los permitidos',
  unsupportedMediaType: 'Tipo de contenido no soportado',
  notFound: 'Recurso no encontrado',
  rateLimited: 'Demasiadas solicitudes. Por favor, espera un momento e intenta de nuevo.',
  internal: 'Error interno del servidor',
  timeout: 'La solicitud tardó demasiado',
  unavailable: 'El servicio no está disponible en este momento. Intenta de nuevo en unos segundos.',
} as const

// Owner area (SPEC §2.13–2.16): what the spec leaves silent gets a Spanish toast too.
export const ADMIN_MESSAGES = {
  checkingAccess: 'Verificando información...',
  businessCreated: '¡Tu negocio está listo!',
  businessCreateFailed: 'No se pudo crear el negocio',
  businessUpdated: 'Cambios guardados',
  businessUpdateFailed: 'No se pudieron guardar los cambios',
  productCreated: 'Producto creado',
  productCreateFailed: 'No se pudo crear el producto',
  productUpdated: 'Producto actualizado',
  productUpdateFailed: 'No se pudo actualizar el producto',
  productDeleted: 'Producto eliminado',
  productDeleteFailed: 'No se pudo eliminar el producto',
  productLoading: 'Cargando producto...',
  productUpdating: 'Modificando producto...',
  productNotInBusiness: 'Este producto no pertenece a tu negocio.',
  imagesRefused: 'Algunos archivos no se agregaron',
  // SPEC §2.16 preview panel: the touched fields as the form's progress.
  productProgressTitle: 'Progreso',
  productProgressLabel: 'Campos obligatorios del producto',
  productProgress: (done: number, total: number) =>
    `${done} de ${total} campos obligatorios completos`,
  fieldDone: 'completo',
  fieldHasError: 'con errores',
  fieldPending: 'pendiente',
} as const

// Issue 23 §2 — plans that are paid for (owner side, operator payments, plan e-mails)
export const PLAN_MESSAGES = {
  planInvalid: 'Elige el Plan Premium para solicitar el cambio',
  monthsInvalid: 'Elige entre 1 y 12 meses',
  requestPending:
    'Ya tienes una solicitud de Plan Premium pendiente de pago. Cancélala antes de pedir otra.',
  noPendingRequest: 'No tienes una solicitud de plan pendiente',
  paymentNotFound: 'Solicitud de pago no encontrada',
  paymentAlreadyDecided: 'Esta solicitud ya fue confirmada, rechazada o cancelada',
  referenceRequired: 'Indica la referencia del pago (número de transferencia u operación)',
  referenceMax: 'La referencia no puede superar los 120 caracteres',
  reasonRequired: 'Indica el motivo del rechazo',
  reasonMax: 'El motivo no puede superar los 500 caracteres',
  statusInvalid: "El estado debe ser 'active' u 'hidden'",
  visibleLimitReached:
    'El Plan Básico muestra hasta 20 productos. Oculta otro producto o pásate al Plan Premium para mostrar este.',
  requestSent: 'Solicitud enviada. Te enviamos las instrucciones de pago por correo.',
  requestFailed: 'No se pudo enviar la solicitud',
  requestCancelled: 'Solicitud cancelada',
  cancelFailed: 'No se pudo cancelar la solicitud',
  productHidden: 'Producto oculto de tu tienda',
  productShown: 'Producto visible en tu tienda',
  visibilityFailed: 'No se pudo cambiar la visibilidad del producto',
  paymentConfirmed: 'Pago confirmado',
  paymentRejected: 'Solicitud rechazada',
  paymentActionFailed: 'No se pudo completar la acción',
} as const

/** Texts of the plan screens (owner dashboard, upgrade dialog, operator payments). */
export const PLAN_TEXTS = {
  upgrade: 'Pasar a Premium',
  upgradeTitle: 'Pasar al Plan Premium',
  // Issue 41: a shop already on Premium renews it (more months), it does not "pass" to it
  renew: 'Renovar Premium',
  renewTitle: 'Renovar el Plan Premium',
  upgradeIntro:
    'Productos ilimitados y soporte personalizado. Elige cuántos meses quieres pagar y te enviaremos las instrucciones.',
  monthsLabel: 'Meses',
  monthOption: (months: number) => (months === 1 ? '1 mes' : `${months} meses`),
  total: 'Total',
  perMonth: 'por mes',
  paymentTitle: 'Cómo pagar',
  paymentIntro:
    'Paga el total por uno de estos medios e indica el identificador de tu negocio como referencia. Un operador confirmará el pago y tu plan se activará.',
  bankTransfer: 'Transferencia bancaria',
  mercadoPago: 'Mercado Pago',
  wallet: 'Billetera online',
  payWithMercadoPago: 'Pagar con Mercado Pago',
  noPaymentMethods: (support: string) =>
    `Los medios de pago aún no están configurados. Escríbenos a ${support} y te ayudamos.`,
  submit: 'Solicitar Plan Premium',
  cancelRequest: 'Cancelar solicitud',
  pending: 'Pago pendiente',
  pendingDetail: (months: number, amount: string) =>
    `Pediste el Plan Premium por ${months === 1 ? '1 mes' : `${months} meses`} (${amount}). Cuando confirmemos tu pago, el plan se activa.`,
  activeUntil: (date: string) => `Activo hasta el ${date}`,
  expired: 'Tu Plan Premium venció',
  expiredDetail:
    'Tu negocio volvió al Plan Básico. Los productos que superan los 20 quedaron ocultos: elige cuáles mostrar o renueva el Plan Premium.',
  usage: (products: number, limit: number) => `${products} de ${limit} productos`,
  unlimited: 'Productos ilimitados',
  nearLimit: (products: number, limit: number) =>
    `Tienes ${products} de ${limit} productos. Al llegar a ${limit} necesitarás el Plan Premium para agregar más.`,
  limitTitle: 'Llegaste al límite de tu plan',
  pendingAddLater: 'Cuando confirmemos tu pago podrás agregar productos.',
  backToDashboard: 'Volver a Mi negocio',
  reference: 'Referencia',
  hideProduct: (name: string) => `Ocultar ${name} de la tienda`,
  showProduct: (name: string) => `Mostrar ${name} en la tienda`,
  hiddenTitle: 'Productos ocultos',
  hiddenIntro: (limit: number) =>
    `Estos productos no se ven en tu tienda. El Plan Básico muestra hasta ${limit}: oculta otro para mostrar uno de estos, o pásate al Plan Premium.`,
  show: 'Mostrar',
  hide: 'Ocultar',
  paymentsTitle: 'Pagos pendientes',
  paymentsEmpty: 'No hay solicitudes de pago pendientes.',
  paymentsCount: (n: number) => (n === 1 ? '1 solicitud' : `${n} solicitudes`),
  requestedOn: 'Pedido el',
  premiumUntil: 'Premium hasta el',
  confirm: 'Confirmar pago',
  reject: 'Rechazar',
  referenceLabel: 'Referencia del pago',
  reasonLabel: 'Motivo del rechazo',
} as const

/** The e-mails an owner gets at each step of a plan (issue 23 §2). */
export const PLAN_MAILS = {
  requestSubject: 'Recibimos tu solicitud de Plan Premium',
  requestIntro: (business: string, months: number, amount: string) =>
    `Recibimos tu solicitud del Plan Premium para ${business} por ${months === 1 ? '1 mes' : `${months} meses`}. Total a pagar: ${amount}.`,
  requestHowTo: (identifier: string) =>
    `Paga por uno de estos medios e indica «${identifier}» como referencia:`,
  requestNext: 'Cuando confirmemos tu pago te avisaremos por correo y tu plan se activará.',
  confirmedSubject: 'Tu Plan Premium está activo',
  confirmedIntro: (business: string, date: string) =>
    `Confirmamos tu pago: el Plan Premium de ${business} está activo hasta el ${date}.`,
  rejectedSubject: 'No pudimos confirmar tu pago del Plan Premium',
  rejectedIntro: (business: string) =>
    `No pudimos confirmar el pago del Plan Premium de ${business}.`,
  rejectedReason: (reason: string) => `Motivo: ${reason}`,
  rejectedNext: 'Puedes hacer una nueva solicitud desde tu panel cuando quieras.',
  expiringSubject: 'Tu Plan Premium vence en 7 días',
  expiringIntro: (business: string, date: string) =>
    `El Plan Premium de ${business} vence el ${date}. Renuévalo desde tu panel para seguir con productos ilimitados.`,
  expiredSubject: 'Tu Plan Premium venció',
  expiredIntro: (business: string, limit: number) =>
    `El Plan Premium de ${business} venció y tu negocio volvió al Plan Básico. Los productos que superan los ${limit} quedaron ocultos (no se borró ninguno): elige cuáles mostrar o renueva el plan desde tu panel.`,
} as const

// Issue 23 §3 — the operator console (/operador): API replies and the console's texts
export const OPERATOR_CONSOLE_MESSAGES = {
  // Public side of a suspension
  ...STOREFRONT_UNAVAILABLE_TEXTS,
  // Owner's dashboard
  ownerSuspendedTitle: 'Tu tienda está suspendida',
  ownerSuspendedDescription:
    'Los visitantes ven «Negocio no disponible» y tu negocio no aparece en el directorio. Puedes seguir viendo y editando tus datos. Si crees que es un error, escríbenos desde el formulario de contacto.',
  ownerSuspendedReason: 'Motivo:',
  // API validation
  reasonRequired: 'Escribe el motivo de la suspensión',
  reasonMax: 'El motivo no puede superar los 500 caracteres',
  alreadySuspended: 'El negocio ya está suspendido',
  notSuspended: 'El negocio no está suspendido',
  planFilterInvalid: 'Elige un plan válido: free o pro',
  stateFilterInvalid: 'Elige un estado válido: active o suspended',
  featuredInvalid: 'La lista de negocios destacados no es válida',
  featuredMax: 'Puedes destacar como máximo 6 negocios',
  featuredDuplicate: 'Un negocio no puede aparecer dos veces entre los destacados',
  featuredUnknown: 'Algún negocio elegido no existe',
  featuredSuspended: 'Un negocio suspendido no puede ser destacado',
  messageNotFound: 'Mensaje no encontrado',
  mailNotFound: 'Correo no encontrado',
  mailAlreadySent: 'Este correo ya fue enviado',
  mailStatusInvalid: 'Elige un estado válido: pending, failed o sent',
  auditTargetInvalid: 'Elige un tipo válido: business, featured, message, mail o plan_request',
  // Console — layout
  consoleTitle: 'Consola de operación',
  roleLabel: 'Operador',
  navLabel: 'Secciones de la consola',
  navBusinesses: 'Negocios',
  navPayments: 'Pagos',
  navFeatured: 'Destacados',
  navMessages: 'Mensajes',
  navMail: 'Correos',
  navAudit: 'Auditoría',
  onlyOperators: 'Esta sección es solo para operadores de la plataforma.',
  onlyOperatorsTitle: 'Acceso restringido',
  loadFailed: 'No se pudieron cargar los datos. Inténtalo de nuevo.',
  retry: 'Intentar de nuevo',
  // Console — businesses
  businessesTitle: 'Negocios',
  businessesDescription: 'Busca un negocio por nombre, identificador o correo del dueño.',
  searchLabel: 'Buscar',
  searchPlaceholder: 'Nombre, identificador o correo',
  planLabel: 'Plan',
  stateLabel: 'Estado',
  allOption: 'Todos',
  planFree: 'Básico',
  planPro: 'Premium',
  stateActive: 'Activo',
  stateSuspended: 'Suspendido',
  productsLabel: 'Productos',
  createdLabel: 'Creado',
  ownerLabel: 'Dueño',
  noBusinesses: 'Ningún negocio coincide con la búsqueda.',
  businessCount: (total: number) => (total === 1 ? '1 negocio' : `${total} negocios`),
  openBusiness: (name: string) => `Ver ${name}`,
  backToBusinesses: 'Volver a negocios',
  ownerTitle: 'Dueño',
  ownerName: 'Nombre',
  ownerEmail: 'Correo',
  ownerAccount: 'Cuenta',
  backHome: 'Volver al inicio',
  ownerActive: 'Cuenta activada',
  ownerInactive: 'Cuenta sin activar',
  historyTitle: 'Historial',
  noHistory: 'Todavía no hay acciones de operadores sobre este negocio.',
  viewStorefront: 'Ver tienda',
  suspendTitle: 'Suspender la tienda',
  suspendDescription:
    'La tienda mostrará «Negocio no disponible» y saldrá del directorio, de los destacados y del mapa del sitio. El dueño verá el motivo en su panel.',
  reasonLabel: 'Motivo',
  suspendSubmit: 'Suspender',
  suspended: 'Tienda suspendida',
  suspendedSince: (date: string) => `Suspendida desde el ${date}`,
  unsuspendSubmit: 'Levantar la suspensión',
  unsuspended: 'Suspensión levantada',
  actionFailed: 'No se pudo completar la acción',
  // Console — featured
  featuredTitle: 'Negocios destacados',
  featuredDescription:
    'Elige y ordena los negocios de la portada (hasta 6). Sin elección, se muestran los más nuevos con al menos un producto y un logo.',
  featuredAutomatic: 'Sin elección: se muestran los negocios automáticos.',
  featuredChosen: 'Elección del equipo',
  featuredCandidates: 'Agregar un negocio',
  featuredAdd: (name: string) => `Agregar ${name}`,
  featuredRemove: (name: string) => `Quitar ${name}`,
  featuredUp: (name: string) => `Subir ${name}`,
  featuredDown: (name: string) => `Bajar ${name}`,
  featuredSave: 'Guardar destacados',
  featuredClear: 'Volver a la elección automática',
  featuredSaved: 'Destacados guardados',
  featuredEmpty: 'No hay negocios elegidos.',
  // Console — messages
  messagesTitle: 'Mensajes de contacto',
  messagesDescription: 'Los mensajes del formulario de contacto, los más nuevos primero.',
  noMessages: 'No hay mensajes.',
  unread: 'Sin leer',
  read: 'Leído',
  markRead: 'Marcar como leído',
  markedRead: 'Mensaje marcado como leído',
  onlyUnread: 'Solo sin leer',
  // Console — mail
  mailTitle: 'Correos salientes',
  mailDescription:
    'La cola de correos de la plataforma. Los enlaces con token se guardan como {{token}} y nunca se muestran.',
  mailStatusLabel: 'Estado',
  mailUnsent: 'Sin enviar',
  mailPending: 'Pendiente',
  mailFailed: 'Con error',
  mailSent: 'Enviado',
  mailAttempts: (n: number) => (n === 1 ? '1 intento' : `${n} intentos`),
  mailLastError: 'Último error',
  mailShowText: 'Ver texto',
  mailRetry: 'Reintentar',
  mailRetried: 'El correo se enviará de nuevo',
  noMail: 'No hay correos con ese estado.',
  // Console — audit
  auditTitle: 'Auditoría',
  auditDescription: 'Cada acción de un operador: quién, qué, cuándo y el antes y después.',
  noAudit: 'Todavía no hay acciones registradas.',
  auditWho: 'Operador',
  auditWhat: 'Acción',
  auditWhen: 'Fecha',
  auditTarget: 'Sobre',
  auditReason: 'Motivo',
  auditBefore: 'Antes',
  auditAfter: 'Después',
  auditActions: {
    'business.suspend': 'Suspendió un negocio',
    'business.unsuspend': 'Levantó una suspensión',
    'featured.update': 'Cambió los destacados',
    'message.read': 'Marcó un mensaje como leído',
    'mail.retry': 'Reintentó un correo',
    // Issue 41: the payments were shown as 'payment.confirm'
    'payment.confirm': 'Confirmó un pago',
    'payment.reject': 'Rechazó un pago',
  } as Record<string, string>,
  /** Issue 41: what an entry is about, in words (not `business · {uuid}`). */
  auditTargets: {
    business: 'Negocio',
    featured: 'Negocios destacados',
    message: 'Mensaje de contacto',
    mail: 'Correo',
    plan_request: 'Solicitud de plan',
  } as Record<string, string>,
  /** Issue 41: the fields of the before/after of an entry, in words (not raw JSON). */
  auditFields: {
    suspendedAt: 'Suspendido desde',
    suspensionReason: 'Motivo de la suspensión',
    effectivePlan: 'Plan',
    planType: 'Plan',
    paidUntil: 'Pagado hasta',
    months: 'Meses',
    reference: 'Referencia',
    request: 'Solicitud',
    status: 'Estado',
    businessIds: 'Negocios',
    readAt: 'Leído',
    attempts: 'Intentos',
    sentAt: 'Enviado',
  } as Record<string, string>,
  auditValues: {
    free: 'Plan Básico',
    pro: 'Plan Premium',
    confirmed: 'Confirmado',
    rejected: 'Rechazado',
    pending: 'Pendiente',
    true: 'Sí',
    false: 'No',
  } as Record<string, string>,
  auditEmpty: 'Sin datos',
  auditAutomatic: 'Automático',
} as const

// Issue 25 — variants, stock and two currencies (API 400s, the product form, the storefront)
export const VARIANT_MESSAGES = {
  ...SHOPPER_VARIANT_TEXTS,
  // Options and variants (API 400s and the 'Variantes' tab)
  optionsInvalid: 'Las opciones enviadas no son válidas',
  optionsMax: 'Puedes definir como máximo 3 opciones',
  optionNameRequired: 'El nombre de la opción es obligatorio',
  optionNameDuplicate: 'No puede haber dos opciones con el mismo nombre',
  optionValuesRequired: 'Cada opción necesita al menos un valor',
  optionValuesMax: 'Cada opción admite como máximo 20 valores',
  optionValueRequired: 'El valor de la opción no puede estar vacío',
  optionValueDuplicate: 'Una opción no puede repetir un valor',
  variantsInvalid: 'Las variantes enviadas no son válidas',
  variantsMax: 'Puedes definir como máximo 100 variantes',
  variantsWithoutOptions: 'Define las opciones del producto antes de sus variantes',
  variantOptionsMismatch: 'La combinación no coincide con las opciones del producto',
  variantDuplicate: 'La combinación está repetida',
  variantCodeDuplicate: 'Dos variantes no pueden tener el mismo código',
  stockInvalid: 'El stock debe ser un número entero mayor o igual a cero',
  imageIndexInvalid: 'La imagen elegida para la variante no existe',
  statusInvalid: 'El estado del producto no es válido',
  currencyInvalid: 'La moneda debe ser pesos uruguayos (UYU) o dólares (USD)',
  exchangeRateInvalid: 'Ingresa una cotización válida: pesos uruguayos por dólar, entre 1 y 1000',
  mainCurrencyInvalid: 'La moneda principal debe ser UYU o USD',
  removeValuesConfirm: (count: number) =>
    count === 1
      ? 'Se eliminará 1 combinación con su precio, código y stock. ¿Continuar?'
      : `Se eliminarán ${count} combinaciones con su precio, código y stock. ¿Continuar?`,
  // Storefront
  // Orders: refusing a sold-out line, confirming without enough stock (409)
  orderSoldOut: (product: string) => `${product} está agotado`,
  orderVariantRequired: (product: string) => `Elige una variante de ${product}`,
  orderVariantUnknown: (product: string) => `La variante elegida de ${product} ya no existe`,
  confirmOutOfStock: (product: string) =>
    `No hay stock suficiente de ${product} para confirmar el pedido`,
  // Web texts (issue 25): currency names, the 'Variantes' tab, the picker, the filters
  currencyNames: { UYU: 'Pesos uruguayos ($)', USD: 'Dólares (US$)' },
  mainCurrencyLabel: 'Moneda principal',
  mainCurrencyHint: 'Ordenar por precio y el filtro de precio comparan en esta moneda',
  exchangeRateLabel: 'Cotización del dólar',
  exchangeRateHint: 'Pesos uruguayos por dólar',
  exchangeRateSetOn: (date: string) => `Fijada el ${date}`,
  exchangeRateDefault: (rate?: string) =>
    rate
      ? `Se usa la cotización de la plataforma (${rate}) hasta que fijes la tuya`
      : 'Se usa la cotización de la plataforma hasta que fijes la tuya',
  variantsTab: 'Variantes',
  variantsIntro:
    'Opcional: talles, colores u otras opciones. Cada combinación puede tener su precio, código y stock.',
  addOption: 'Agregar opción',
  optionName: 'Nombre de la opción',
  optionNamePlaceholder: 'Ej.: Talle',
  optionValues: 'Valores',
  optionValuePlaceholder: 'Escribe un valor y pulsa Enter',
  addValue: 'Agregar valor',
  removeOption: (name: string) => `Quitar la opción ${name}`,
  removeValue: (value: string) => `Quitar ${value}`,
  moveValueLeft: (value: string) => `Mover ${value} antes`,
  moveValueRight: (value: string) => `Mover ${value} después`,
  combinationsTitle: (count: number) => (count === 1 ? '1 combinación' : `${count} combinaciones`),
  combinationsOverMax: (count: number) =>
    `Las opciones dan ${count} combinaciones; el máximo es 100. Quita valores.`,
  variantColumn: 'Variante',
  variantPrice: 'Precio',
  variantPriceHint: 'Vacío: el precio del producto',
  variantCode: 'Código',
  variantStock: 'Stock',
  variantImage: 'Imagen',
  variantImageNone: 'La del producto',
  variantImageNumber: (n: number) => (n === 0 ? 'Imagen principal' : `Imagen ${n + 1}`),
  applyToAll: 'Aplicar a todas',
  applyPriceToAll: 'Precio para todas las variantes',
  applyStockToAll: 'Stock para todas las variantes',
  trackStock: 'Controlar stock',
  trackStockHint: 'Sin stock, el producto se muestra como Agotado',
  productStock: 'Stock',
  statusLabel: 'Visible en la tienda',
  statusHint: 'Un producto oculto no se muestra en la tienda',
  stockUnits: (count: number) => (count === 1 ? '1 unidad' : `${count} unidades`),
  hiddenFilter: 'Solo ocultos',
  confirm: 'Eliminar',
  cancel: 'Cancelar',
} as const

// Issue 26 — the links to the owner's insights (menus and dashboard; the page's texts are in
// texts/insights.ts, loaded with it)
export const INSIGHTS_NAV_TEXTS = {
  menuLink: 'Estadísticas',
  dashboardLink: 'Estadísticas',
} as const

/** Issue 46 §2: the owner's menu link to 'Canales de venta' (its page's texts: texts/feeds.ts). */
export const SALES_CHANNELS_NAV_TEXTS = { menuLink: 'Canales de venta' } as const

// Issue 27 §2 — bulk edits in the owner's list (POST /api/products/bulk), the storefront's
// default order (newest first or the owner's manual order) and dragging products into it
export const BULK_MESSAGES = {
  // API validation
  selectionRequired: 'Elige los productos a cambiar: una lista o un filtro, no ambos',
  idsInvalid: 'La lista de productos no es válida',
  idsMax: 'Puedes cambiar hasta 5.000 productos a la vez',
  tooManyMatched:
    'El filtro incluye más de 5.000 productos. Acota el filtro y vuelve a intentarlo.',
  someNotFound:
    'Algunos de los productos elegidos ya no existen. Actualiza la lista y vuelve a intentarlo.',
  actionInvalid: 'Elige qué cambiar: precio, etiquetas, categoría, visibilidad o eliminar',
  priceChangeRequired: 'Indica un porcentaje o un monto (uno solo)',
  percentInvalid:
    'El porcentaje debe ser mayor que cero, de hasta 1000 al subir y 99 al bajar, con hasta dos decimales',
  amountInvalid: 'El monto debe ser mayor que cero, con hasta dos decimales',
  // Issue 41 §3: the value is a magnitude; the direction says which way
  valueSigned: 'Escribe el valor sin signo y elige si los precios suben o bajan',
  directionInvalid: "Indica si los precios suben o bajan ('raise' o 'lower')",
  priceSummary: (count: number, lower: boolean, value: string) =>
    count === 1
      ? `1 producto ${lower ? 'bajará' : 'subirá'} ${value}`
      : `${count} productos ${lower ? 'bajarán' : 'subirán'} ${value}`,
  priceSummaryPercent: (percent: string) => `un ${percent} %`,
  priceSummaryAmount: (amount: string) => `${amount} (en la moneda de cada uno)`,
  priceNotPositive: (name: string) =>
    `El precio de "${name}" quedaría en cero o menos. No se cambió ningún producto.`,
  priceTooHigh: (name: string) =>
    `El precio de "${name}" superaría el máximo permitido. No se cambió ningún producto.`,
  flagsRequired: 'Indica qué poner o quitar: destacado, nuevo u oferta',
  discountRequired: 'Indica el descuento de la oferta, entre 1 y 99',
  categoryRequired: 'Elige la categoría',
  statusRequired: "Elige mostrar u ocultar ('active' u 'hidden')",
  showOverLimit: (fits: number) =>
    fits === 0
      ? 'El Plan Básico muestra hasta 20 productos y ya los muestras todos. Oculta otros o pásate al Plan Premium.'
      : `El Plan Básico muestra hasta 20 productos: puedes mostrar ${fits} más.`,
  orderIdsInvalid: 'Envía los productos de la página en su nuevo orden, sin repetir',
  productOrderInvalid: "El orden debe ser 'newest' o 'manual'",
  moveInvalid: "Indica a dónde mover el producto: 'first' o 'last'",
  // The owner's list
  selectProduct: (name: string) => `Seleccionar ${name}`,
  selectPage: 'Seleccionar los de esta página',
  selectAllMatching: (n: number) =>
    n === 1
      ? 'Seleccionar el producto que coincide con el filtro'
      : `Seleccionar todos los que coinciden con el filtro (${n})`,
  clearSelection: 'Quitar selección',
  selected: (n: number) => (n === 1 ? '1 producto seleccionado' : `${n} productos seleccionados`),
  allMatchingSelected: (n: number) =>
    n === 1
      ? 'El producto que coincide con el filtro está seleccionado'
      : `Los ${n} productos que coinciden con el filtro están seleccionados`,
  toolbarLabel: 'Acciones para los productos seleccionados',
  changePrice: 'Cambiar precio',
  flags: 'Destacado, nuevo u oferta',
  moveToCategory: 'Mover a categoría',
  hide: 'Ocultar',
  show: 'Mostrar',
  delete: 'Eliminar',
  priceDialogTitle: 'Cambiar precio',
  priceMode: 'Cambiar por',
  pricePercent: 'Porcentaje (%)',
  priceAmount: 'Monto',
  priceDirection: 'Sentido',
  priceRaise: 'Subir',
  priceLower: 'Bajar',
  priceValue: 'Valor',
  priceHint: 'Se redondea al centavo. Las variantes con precio propio cambian igual.',
  flagsDialogTitle: 'Destacado, nuevo u oferta',
  flagFeatured: 'Destacado',
  flagNew: 'Nuevo',
  flagOffer: 'Oferta',
  flagKeep: 'No cambiar',
  flagSet: 'Poner',
  flagClear: 'Quitar',
  discountLabel: 'Descuento (%)',
  categoryDialogTitle: 'Mover a categoría',
  categoryLabel: 'Categoría',
  subCategoryLabel: 'Subcategoría',
  subCategoryNone: 'Sin subcategoría',
  apply: 'Aplicar',
  cancel: 'Cancelar',
  deleteTitle: (n: number) => (n === 1 ? '¿Eliminar 1 producto?' : `¿Eliminar ${n} productos?`),
  deleteDescription: 'Esta acción no se puede deshacer.',
  deleteConfirm: 'Eliminar',
  done: (n: number) => (n === 1 ? '1 producto actualizado' : `${n} productos actualizados`),
  deleted: (n: number) => (n === 1 ? '1 producto eliminado' : `${n} productos eliminados`),
  failed: 'No se pudieron cambiar los productos',
  // The storefront's default order and dragging
  orderLabel: 'Orden de la tienda',
  orderNewest: 'Más nuevos primero',
  orderManual: 'Orden manual',
  orderHint:
    'Con el orden manual, arrastra los productos para ordenarlos. Los agotados van al final.',
  orderSaved: 'Orden guardado',
  orderFailed: 'No se pudo guardar el orden',
  dragHandle: (name: string) => `Mover ${name}`,
  dragInstructions:
    'Para mover, enfoca el asa y presiona Espacio o Enter. Usa las flechas para moverlo y Espacio o Enter para soltarlo; Escape cancela.',
  dragStart: (name: string, position: number, total: number) =>
    `Tomaste ${name}, en la posición ${position} de ${total}.`,
  dragOver: (name: string, position: number, total: number) =>
    `${name} está en la posición ${position} de ${total}.`,
  dragEnd: (name: string, position: number, total: number) =>
    `Soltaste ${name} en la posición ${position} de ${total}.`,
  dragCancel: (name: string) => `Cancelaste el movimiento. ${name} volvió a su lugar.`,
  moveFirst: 'Mover al principio',
  moveLast: 'Mover al final',
} as const

// Issue 27 §1 — spreadsheet import and export of products (docs/decisions/028): the API's
// errors (file, rows, images by URL) and the owner's screens
export const IMPORT_MESSAGES = {
  // File
  fileRequired: 'Elige un archivo CSV o Excel (.xlsx)',
  fileInvalid: 'El archivo no es un CSV ni un Excel (.xlsx) válido',
  fileTooLarge: 'El archivo supera el tamaño máximo de 5MB',
  fileEmpty: 'El archivo no tiene filas de productos',
  encodingInvalid: 'El CSV no está en UTF-8: guárdalo como «CSV UTF-8» y vuelve a intentarlo',
  tooManyRows: (max: number) => `El archivo tiene más de ${max} filas de productos`,
  missingColumn: (column: string) => `Falta la columna «${column}»`,
  formatInvalid: 'Elige el formato csv o xlsx',
  dryRunInvalid: 'dryRun debe ser true o false',
  // Rows
  codeRepeated: (row: number) => `El código se repite en la fila ${row}`,
  codeAmbiguous: 'Hay más de un producto con este código: corrígelo antes de importar',
  booleanInvalid: 'Escribe Sí o No',
  statusInvalid: 'Escribe Visible u Oculto',
  specificationInvalid: 'Escribe cada especificación como «Nombre: valor», separadas por |',
  optionInvalid: 'Escribe cada opción como «Nombre: valor, valor», separadas por |',
  variantInvalid:
    'Escribe cada variante como «Talle=M, Color=Rojo; precio=100; código=X; stock=3», separadas por |',
  imageUrlInvalid: 'Cada imagen debe ser una dirección http:// o https://',
  imagesMax: 'Puedes indicar como máximo 11 imágenes (la principal y 10 adicionales)',
  rowsInvalid: 'Corrige los errores del archivo: no se importó nada',
  planLimit: (fits: number) =>
    fits === 0
      ? 'Tu plan no admite más productos: no se importó nada'
      : `Tu plan admite ${fits === 1 ? '1 producto nuevo más' : `${fits} productos nuevos más`}: no se importó nada`,
  jobNotFound: 'No encontramos esa importación',
  // Images by URL (per row, never failing it)
  imageBlocked: 'La dirección de la imagen no está permitida',
  imageUnreachable: 'No pudimos descargar la imagen',
  imageTimeout: 'La imagen tardó demasiado en descargarse',
  // Issue 40 §4: a transfer slower than the minimum rate is given up early
  imageTooSlow: 'El servidor de la imagen la enviaba demasiado lento',
  // Issue 41: a product none of whose images could be downloaded is not shown with a broken one
  productHiddenNoImage:
    'No se pudo descargar ninguna imagen del producto: quedó oculto hasta que le pongas una',
  imagesBacklog: (max: number) =>
    `Todavía hay más de ${max} productos esperando que se descarguen sus imágenes: espera a que terminen e importa de nuevo`,
  imageTooManyRedirects: 'La imagen redirige demasiadas veces',
  imageHttpStatus: (status: number) => `El servidor de la imagen respondió ${status}`,
  // Owner screens
  exportLabel: 'Exportar',
  exportCsv: 'Exportar CSV',
  exportXlsx: 'Exportar Excel',
  importLabel: 'Importar',
  title: 'Importar productos',
  intro:
    'Sube un CSV o un Excel con tus productos. Los que tengan un código de un producto existente se actualizan; los demás se crean. Nada se guarda hasta que confirmes.',
  templateCsv: 'Descargar plantilla CSV',
  templateXlsx: 'Descargar plantilla Excel',
  fileLabel: 'Archivo (CSV o Excel, hasta 5MB y 5000 filas)',
  preview: 'Revisar archivo',
  previewing: 'Revisando…',
  toCreate: (n: number) => (n === 1 ? '1 producto nuevo' : `${n} productos nuevos`),
  toUpdate: (n: number) => (n === 1 ? '1 producto a actualizar' : `${n} productos a actualizar`),
  unchanged: (n: number) => (n === 1 ? '1 sin cambios' : `${n} sin cambios`),
  fits: (n: number) =>
    n === 1 ? 'Tu plan admite 1 producto nuevo más' : `Tu plan admite ${n} productos nuevos más`,
  imagesToFetch: (n: number) =>
    n === 1
      ? '1 producto con imágenes para descargar'
      : `${n} productos con imágenes para descargar`,
  errorsTitle: (n: number) => (n === 1 ? '1 error' : `${n} errores`),
  errorLine: (row: number, column: string, message: string) =>
    `Fila ${row} · ${column}: ${message}`,
  noErrors: 'El archivo no tiene errores',
  confirm: 'Confirmar importación',
  confirming: 'Importando…',
  chooseAnother: 'Elegir otro archivo',
  close: 'Listo',
  imagesProgress: 'Descargando imágenes',
  imagesProgressValue: (done: number, total: number) => `${done} de ${total}`,
  doneTitle: 'Importación terminada',
  doneSummary: (created: number, updated: number) =>
    `${created === 1 ? '1 producto creado' : `${created} productos creados`} y ${updated === 1 ? '1 actualizado' : `${updated} actualizados`}`,
  imageFailures: 'Imágenes que no se pudieron descargar',
  imageFailureLine: (row: number, url: string, message: string) =>
    `Fila ${row} · ${url}: ${message}`,
  exportFailed: 'No se pudo exportar. Intenta de nuevo.',
} as const

/** Issue 27 (closing note): an XLSX refused while unzipping it (docs/decisions/028, "Zip bombs"). */
export const XLSX_MESSAGES = {
  tooLargeUnzipped: (mb: number) =>
    `El archivo Excel es demasiado grande una vez descomprimido (más de ${mb}MB). Divídelo en varios archivos o guárdalo como «CSV UTF-8»`,
  tooManyEntries: (n: number) =>
    `El archivo Excel tiene demasiadas partes internas (más de ${n}). Guárdalo de nuevo desde Excel o como «CSV UTF-8»`,
  compressedOddly: (ratio: number) =>
    `El archivo Excel se descomprime a más de ${ratio} veces su tamaño, algo que una hoja de cálculo no hace. Guárdalo de nuevo desde Excel o como «CSV UTF-8»`,
  // Issue 40 §1: cells or rows named past what an import can use (checked before reading)
  rowOutOfRange: (maxRows: number) =>
    `La hoja usa filas más allá de la ${maxRows + 1}: se importan como máximo ${maxRows} filas de productos y el encabezado. Borra las filas sobrantes (aunque se vean vacías) o divide el archivo`,
  columnOutOfRange: (maxColumns: number, letters: string) =>
    `La hoja usa columnas más allá de la ${letters}: se importan como máximo ${maxColumns} columnas. Borra las columnas sobrantes (aunque se vean vacías) y vuelve a intentarlo`,
} as const

/** Issue 40 §1: the sheet's reader (a worker thread) gave up on the file. */
export const SHEET_READ_MESSAGES = {
  unreadable:
    'No se pudo leer el archivo: es demasiado grande o complejo para importarlo. Guárdalo como «CSV UTF-8» o divídelo en varios archivos',
  timeout:
    'Leer el archivo llevó demasiado tiempo. Guárdalo como «CSV UTF-8» o divídelo en varios archivos',
} as const

// Issue 25 §2 — the owner's dashboard shows and filters hidden products: the list's `status`
// (active | hidden | all, owner only), the 'Visibilidad' filter and the notice of what a plan's
// expiry hid (the card's badge is SHOPPER_VARIANT_TEXTS.hiddenBadge)
export const PRODUCT_VISIBILITY_TEXTS = {
  statusInvalid: "La visibilidad debe ser 'active', 'hidden' o 'all'",
  filterLabel: 'Visibilidad',
  all: 'Todos',
  visible: 'Visibles',
  hidden: 'Ocultos',
  hiddenCount: (n: number) =>
    n === 1
      ? 'Tienes 1 producto oculto: no se ve en tu tienda.'
      : `Tienes ${n} productos ocultos: no se ven en tu tienda.`,
  planHides: (limit: number) =>
    `El Plan Básico muestra hasta ${limit} productos (al vencer el Plan Premium, los demás quedan ocultos): oculta otro para mostrar uno de estos, o pásate al Plan Premium.`,
  seeHidden: 'Ver productos ocultos',
} as const

// The bulk toolbar's short labels on a phone (each button's accessible name stays its
// BULK_MESSAGES label)
export const BULK_SHORT_LABELS = {
  changePrice: 'Precio',
  flags: 'Etiquetas',
  moveToCategory: 'Categoría',
  hide: 'Ocultar',
  show: 'Mostrar',
  delete: 'Eliminar',
} as const

// Issue 41 §4 — the business wizard keeps a draft in the browser until the business is created
// or the draft discarded; leaving a form with unsaved work asks first
export const DRAFT_MESSAGES = {
  restored: 'Seguimos donde lo dejaste: recuperamos tu borrador guardado en este navegador.',
  kept: 'Lo que completes se guarda como borrador en este navegador hasta que crees el negocio.',
  discard: 'Descartar borrador',
  discardTitle: '¿Descartar el borrador?',
  discardDescription:
    'Se borran los datos y las imágenes que elegiste en este asistente. Esta acción no se puede deshacer.',
  discardConfirm: 'Descartar',
  discarded: 'Borrador descartado',
  keepEditing: 'Seguir editando',
} as const

export const LEAVE_MESSAGES = {
  title: '¿Salir sin guardar?',
  description: 'Tienes cambios sin guardar. Si sales ahora, se pierden.',
  leave: 'Salir sin guardar',
  stay: 'Seguir editando',
  wizardTitle: '¿Salir del asistente?',
  wizardDescription:
    'Tu borrador queda guardado en este navegador: cuando vuelvas, sigues donde lo dejaste.',
  wizardLeave: 'Salir',
} as const

// Issue 41: a final status (no way back from it) asks first in the owner's orders screen
export const ORDER_FINAL_TEXTS = {
  title: (code: string, label: string) => `¿Marcar el pedido ${code} como «${label}»?`,
  description:
    'Es un estado final: el pedido queda cerrado y ya no podrás cambiar su estado ni cancelarlo.',
  keep: 'Volver',
  confirm: (label: string) => `Sí, marcar como «${label}»`,
} as const
