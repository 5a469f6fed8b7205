/**
 * Every user-facing Spanish text of SPEC §5 (validation) and §8 (errors), word for word.
 * Both the web forms and the API import these, so a message exists exactly once.
 */
import { LIMITS } from './limits.public.js'

// SPEC §5 — business wizard
export const BUSINESS_MESSAGES = {
  nameRequired: 'El nombre del negocio es obligatorio',
  identifierRequired: 'El identificador es obligatorio',
  identifierFormat: 'Solo se permiten letras minúsculas, números y guiones',
  identifierTaken: 'Este identificador ya está en uso. Por favor, elige otro.',
  identifierReserved: 'Este identificador está reservado. Por favor, elige otro.',
  // Issue 40 §5: given up by another business less than LIMITS.identifierQuarantineDays ago.
  identifierHeld:
    'Este identificador perteneció a otro negocio hace poco y todavía no puede usarse. Por favor, elige otro.',
  descriptionRequired: 'La descripción es obligatoria',
  categoryRequired: 'La categoría es obligatoria',
  phoneRequired: 'El teléfono es obligatorio',
  emailRequired: 'El correo electrónico es obligatorio',
  emailInvalid: 'Ingresa un correo electrónico válido',
  categoriesRequired: 'Agrega al menos una categoría de productos',
  categoryNameRequired: 'El nombre de la categoría es obligatorio',
  categoryNameDuplicate: 'Ya existe una categoría con ese nombre',
  subCategoryNameRequired: 'El nombre de la subcategoría es obligatorio',
  subCategoryNameDuplicate: 'Ya existe una subcategoría con ese nombre en esta categoría',
  urlInvalid: 'Ingresa una URL válida (https://...)',
  colorInvalid: 'Ingresa un color hexadecimal válido (#RRGGBB)',
  slidesMax: 'Puedes tener como máximo 10 imágenes de portada',
  missingRequiredFields: 'Faltan campos obligatorios:',
  summaryAlert: 'Por favor completa todos los campos obligatorios marcados con * para continuar.',
  alreadyHasBusiness: 'Ya tienes un negocio creado',
  notFound: 'Negocio no encontrado',
  notFoundDescription: 'Lo sentimos, no pudimos encontrar el negocio que estás buscando.',
  phoneInvalid: 'Ingresa un teléfono válido',
  planInvalid: 'Elige un plan válido: Básico o Premium',
  featuresInvalid: 'Las características enviadas no son válidas',
  socialLinksInvalid: 'Las redes sociales enviadas no son válidas',
  categoriesInvalid: 'Las categorías enviadas no son válidas',
  slidesToDeleteInvalid: 'La lista de portadas a eliminar no es válida',
  slideOrderInvalid: 'El orden de las portadas enviado no es válido',
  removeLogoInvalid: 'La indicación para quitar el logo no es válida',
  /**
   * Issue 41: a cover slide given by URL that could not be downloaded or is not a usable image
   * (the reason is the download's or the upload rules' message). `position` counts from 1 in
   * the order the slides are saved in; `host` is the URL's host name.
   */
  slideUrlFailed: (position: number, host: string, reason: string) =>
    `No pudimos agregar la imagen de portada ${position} (${host}): ${reason}`,
  categoriesMax: 'Puedes tener como máximo 50 categorías',
  subCategoriesMax: 'Puedes tener como máximo 50 subcategorías por categoría',
  categoryInUse:
    'No puedes eliminar la categoría porque tiene productos. Reasígnalos o elimínalos primero.',
  subCategoryInUse:
    'No puedes eliminar la subcategoría porque tiene productos. Reasígnalos o elimínalos primero.',
} as const

// SPEC §5 — product form
export const PRODUCT_MESSAGES = {
  nameRequired: 'El nombre del producto es obligatorio',
  descriptionRequired: 'La descripción es obligatoria',
  descriptionMax: 'La descripción no puede superar los 255 caracteres',
  priceMin: 'El precio debe ser mayor que cero',
  mainImageRequired: 'La imagen principal es obligatoria',
  imagesMax: 'Puedes agregar como máximo 10 imágenes adicionales',
  imageHint: 'PNG, JPG o WEBP (máx. 5MB)',
  categoryRequired: 'La categoría es obligatoria',
  categoryUnknown: 'La categoría no existe en este negocio',
  subCategoryUnknown: 'La subcategoría no pertenece a la categoría elegida',
  discountRange: 'El descuento debe estar entre 0 y 99',
  tagRequired: 'La etiqueta no puede estar vacía',
  specificationRequired: 'La especificación necesita nombre y valor',
  formBlocked: 'Por favor, corrige los errores antes de continuar',
  notFound: 'Producto no encontrado',
  notFoundDescription: 'Lo sentimos, no pudimos encontrar el producto que estás buscando.',
  loadFailed: 'Error al cargar el producto',
  editLoadFailed: 'No se pudo cargar el producto. Por favor, inténtelo de nuevo.',
  planLimitReached:
    'Alcanzaste el límite de 20 productos del Plan Básico. Pásate al Plan Premium para agregar productos ilimitados.',
  priceInvalid: 'Ingresa un precio válido',
  priceMax: 'El precio es demasiado alto',
  tagsMax: 'Puedes agregar como máximo 20 etiquetas',
  specificationsMax: 'Puedes agregar como máximo 30 especificaciones',
  specificationsInvalid: 'Las especificaciones enviadas no son válidas',
  imagesToDeleteInvalid: 'La lista de imágenes a eliminar no es válida',
  tagsInvalid: 'Las etiquetas enviadas no son válidas',
  priceRange: 'El precio mínimo no puede ser mayor que el máximo',
  // Issue 27 §2: duplicating a product
  copySuffix: ' (copia)',
  duplicate: 'Duplicar',
  duplicated: 'Producto duplicado',
  duplicateFailed: 'No se pudo duplicar el producto. Por favor, inténtelo de nuevo.',
} as const

/** Issue 27 §2: the copy's name, "(copia)" added within the name's limit. */
export function productCopyName(name: string): string {
  const suffix = PRODUCT_MESSAGES.copySuffix
  return `${name.slice(0, LIMITS.nameMax - suffix.length).trimEnd()}${suffix}`
}

// SPEC §5 — registration and login
export const AUTH_MESSAGES = {
  nameRequired: 'El nombre es obligatorio',
  emailRequired: 'El correo electrónico es obligatorio',
  emailInvalid: 'Ingresa un correo electrónico válido',
  passwordRequired: 'La contraseña es obligatoria',
  passwordsMismatch: 'Las contraseñas no coinciden',
  passwordMin: 'La contraseña debe tener al menos 8 caracteres',
  passwordCase: 'La contraseña debe contener al menos una letra mayúscula y una minúscula',
  nameMax: 'El nombre no puede superar los 120 caracteres',
  passwordMax: 'La contraseña no puede superar los 128 caracteres',
  // Issue 22 (ASVS 2.1.7 / NIST 800-63B: no common or breached passwords, no personal data)
  passwordCommon:
    'Esta contraseña es demasiado común o fácil de adivinar. Elige una menos previsible.',
  passwordPersonal: 'La contraseña no puede contener tu nombre ni tu correo electrónico',
  // SPEC §8 — login
  userNotActivated: 'Usuario no activado',
  loginNotActivated: 'Tu cuenta no ha sido activada. Por favor, verifica tu correo electrónico.',
  invalidCredentials: 'Credenciales incorrectas',
  // SPEC §8 — registration
  emailInUse: 'El correo electrónico ya está en uso',
  registrationErrorTitle: 'Error en el registro',
  registrationSuccess: 'Registro exitoso',
  // SPEC §8 — activation
  activationInvalid: 'El enlace de activación no es válido o ha expirado',
  activationFailed:
    'Ha ocurrido un error al activar tu cuenta. Por favor, intenta nuevamente más tarde',
  activationMissingToken: 'Token de activación no válido',
  // SPEC §2.12 — the activation screen's success title, also the API's reply
  activationSuccess: '¡Cuenta activada con éxito!',
  // Issue 41: the same link opened again, after it activated the account
  activationAlreadyActive: 'Tu cuenta ya está activa',
  activationAlreadyActiveDetail:
    'Este enlace ya se usó para activarla. Inicia sesión para continuar.',
  activationResent:
    'Si la cuenta existe y aún no está activada, te enviamos un nuevo correo de activación.',
  // Session
  unauthorized: 'Debes iniciar sesión para continuar',
  sessionExpired: 'Tu sesión ha expirado. Por favor, inicia sesión de nuevo.',
  forbidden: 'No tienes permiso para realizar esta acción',
  // Issue 23 §3 — an owner's token on an /api/operator/* route
  operatorOnly: 'Esta sección es solo para el equipo de operadores de Vitrina',
} as const

// SPEC §8 — shared and storefront texts
export const GENERIC_MESSAGES = {
  tryAgainLater: 'Ha ocurrido un error. Por favor, intenta nuevamente más tarde.',
  businessLoadFailed: 'Error al cargar los datos del negocio',
  adminBusinessLoadFailed:
    'Error al cargar los datos del negocio. Por favor, intenta de nuevo más tarde.',
  editBusinessLoadFailed: 'No se pudo cargar la información del negocio',
  identifierMissing: 'Identificador no proporcionado',
  searchMin: 'Ingresa al menos 3 caracteres para buscar',
  noProducts: 'No se encontraron productos con los filtros seleccionados.',
  featuredBusinessesEmpty: 'Todavía no hay negocios destacados',
} as const

// SPEC §2.5 storefront home of a business with no products yet (the spec leaves it silent).
export const STOREFRONT_MESSAGES = {
  emptyStoreTitle: 'Muy pronto, nuestros productos',
  emptyStoreDescription: (name: string) =>
    `${name} está preparando su catálogo. ¡Vuelve pronto para descubrirlo!`,
  ownerEmptyStoreTitle: 'Tu tienda está lista',
  ownerEmptyStoreDescription:
    'Agrega tu primer producto para que tus clientes empiecen a verlo aquí. Solo tú ves este mensaje.',
  ownerAddFirstProduct: 'Agregar mi primer producto',
} as const

// What a shopper sees of issue 25's variants (cards, the picker, the filters); the owner's texts
// are VARIANT_MESSAGES in owner-messages.ts, which spreads these
export const SHOPPER_VARIANT_TEXTS = {
  /** On the owner's cards, which are the storefront's card component. */
  hiddenBadge: 'Oculto',
  soldOut: 'Agotado',
  lowStock: (count: number) => `Quedan ${count}`,
  /** Issue 41: why the quantity stops (the selector, the cart's line, the cart's toast). */
  quantityLeft: (count: number) =>
    count === 1 ? 'Solo queda 1 unidad' : `Solo quedan ${count} unidades`,
  quantityMax: (max: number) => `Hasta ${max} unidades por pedido`,
  cartAtMost: (max: number) => `Tu carrito ya tiene el máximo de este producto: ${max}`,
  priceFrom: 'desde',
  chooseOptions: 'Elige una opción de cada tipo para añadir al carrito',
  unavailableCombination: 'Esta combinación no está disponible',
  optionFilterTitle: 'Opciones',
  optionFilterAll: 'Todos',
  priceFilterIn: (symbol: string) => `Precio (${symbol})`,
  chooseOption: (name: string) => `Elige ${name}`,
} as const

// A suspended storefront, as the public sees it (issue 23 §3; OPERATOR_CONSOLE_MESSAGES spreads it)
export const STOREFRONT_UNAVAILABLE_TEXTS = {
  businessUnavailable: 'Negocio no disponible',
  businessUnavailableDescription:
    'Este negocio no está disponible en este momento. Vuelve a intentarlo más adelante.',
} as const

/** Generic per-field texts for limits that SPEC §5 does not word (lengths, counts, values). */
export const FIELD_MESSAGES = {
  tooLong: (max: number) => `No puede superar los ${max} caracteres`,
  invalid: 'El valor no es válido',
  numberInvalid: 'Ingresa un número válido',
  pageInvalid: 'La página debe ser un número entero mayor que cero',
  pageSizeInvalid: 'El tamaño de página debe estar entre 1 y 48',
  searchMax: 'La búsqueda no puede superar los 100 caracteres',
  imageInvalid: 'El archivo debe ser una imagen PNG, JPG o WEBP',
  imageTooLarge: 'La imagen supera el tamaño máximo de 5MB',
  /** A NUL byte or a broken character (lone surrogate) that PostgreSQL cannot store. */
  unstorableText: (field: string) =>
    `El campo «${field}» contiene caracteres no permitidos (por ejemplo, un carácter nulo)`,
} as const

// Issue 24 §1 — the shop's contact section on the storefront (first-visit texts; the checkout's
// and the order page's are in orders/texts.ts, loaded with those screens)
export const STORE_CONTACT_TEXTS = {
  contactTitle: 'Contacto',
  contactSubtitle: 'Escríbenos, llámanos o visítanos',
  whatsapp: 'WhatsApp',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  address: 'Dirección',
  hours: 'Horarios',
  socials: 'Redes sociales',
  writeWhatsapp: 'Escribir por WhatsApp',
} as const

// Issue 27 §4 — an installable storefront: the notice while the device is offline and the page
// the service worker shows for a storefront page it has not kept
export const STOREFRONT_APP_TEXTS = {
  offline: 'Sin conexión',
  offlineDescription: 'Estás viendo lo que guardamos en este dispositivo la última vez.',
  offlinePageDescription:
    'Esta página no está guardada en este dispositivo. Conéctate a internet y vuelve a intentarlo.',
  offlineRetry: 'Reintentar',
  offlineHome: 'Ir al inicio de la tienda',
} as const

// Issue 27 §3 — a product's readable address (product-slug.public.ts): the owner's slug field, its
// messages, and the form's texts
export const PRODUCT_SLUG_MESSAGES = {
  required: 'Escribe la dirección del producto',
  tooLong: 'La dirección no puede superar los 80 caracteres',
  invalid:
    'La dirección solo puede tener letras minúsculas sin acentos, números y guiones entre palabras',
  idShaped: 'La dirección no puede tener la forma de un código interno; agrega una palabra',
  taken: 'Otro producto de tu negocio ya usa esta dirección',
  addressLabel: 'Dirección del producto',
  addressHint:
    'Se mantiene aunque cambies el nombre. Si la cambias, la dirección anterior sigue llevando al producto.',
  regenerate: 'Actualizar la dirección con el nombre',
  regenerateHint: 'Al guardar, la dirección se formará con el nombre nuevo.',
  newProductHint: 'Se forma con el nombre al guardar.',
} as const
