/**
 * Issue 46 §1: a shop's own domain (docs/decisions/038-custom-domains.md) — how a typed domain is
 * read (normalised, IDN → punycode), the DNS records the owner creates, the states a domain goes
 * through and every Spanish text of the owner's «Dominio propio» page and of the API's answers.
 * Only the API and that page use it (it imports zod): it never enters a storefront's first load.
 */
import { z } from 'zod'

export const DOMAIN_MESSAGES = {
  required: 'Ingresá un dominio, por ejemplo tienda.midominio.com.uy',
  invalid:
    'Ese dominio no es válido. Escribilo sin https:// ni barras, por ejemplo tienda.midominio.com.uy',
  tooLong: 'El dominio no puede tener más de 253 caracteres',
  platformHost: 'Ese dominio es de Vitrina; usá un dominio propio',
  takenByOtherShop: 'Ese dominio ya está conectado a otra tienda',
  /** An apex while the platform publishes no A/AAAA addresses for one (DOMAIN_APEX_IPV4/IPV6). */
  apexUnsupported:
    'Por ahora no podemos conectar un dominio raíz: usá un subdominio, por ejemplo www.midominio.com.uy',
  noBusiness: 'Primero creá tu negocio',
  noDomain: 'Tu tienda todavía no tiene un dominio propio',
  removed: 'Quitamos el dominio de tu tienda',
  /** The plain 404 of a Host that is no verified shop domain. */
  unknownHost: 'No encontrado: este dominio no está conectado a ninguna tienda de Vitrina.',
} as const

/** Why a check failed, as the API stores it; the owner reads DOMAIN_ERROR_MESSAGES. */
export const DOMAIN_ERRORS = [
  'txt_missing',
  'txt_mismatch',
  'target_missing',
  'target_mismatch',
  'dns_unavailable',
] as const
export type DomainError = (typeof DOMAIN_ERRORS)[number]

export const DOMAIN_ERROR_MESSAGES: Record<DomainError, string> = {
  txt_missing:
    'No encontramos el registro TXT de verificación. Crealo como se indica y volvé a verificar (el DNS puede tardar hasta unas horas en actualizarse).',
  txt_mismatch:
    'El registro TXT de verificación existe pero su valor no coincide. Copialo exactamente como se indica.',
  target_missing:
    'El dominio todavía no apunta a Vitrina: no encontramos el registro CNAME (o A/AAAA) indicado.',
  target_mismatch:
    'El dominio apunta a otro servidor. Cambiá el registro CNAME (o A/AAAA) por el indicado.',
  dns_unavailable:
    'No pudimos consultar el DNS de tu dominio en este momento. Probá de nuevo en unos minutos.',
}

/**
 * What the owner sees. `suspended` is the shop's state shown on its domain (an operator's
 * suspension): the domain keeps its own state underneath and returns to it with the shop.
 */
export const DOMAIN_STATES = ['pending', 'verified', 'failed', 'suspended'] as const
export type DomainState = (typeof DOMAIN_STATES)[number]

export const DOMAIN_STATE_LABELS: Record<DomainState, string> = {
  pending: 'Pendiente',
  verified: 'Verificado',
  failed: 'Con error',
  suspended: 'Suspendido',
}

/** The TXT record's name is this label before the domain; its value, this prefix and the token. */
export const DOMAIN_TXT_LABEL = '_vitrina'
export const DOMAIN_TXT_PREFIX = 'vitrina-verificacion='

export const DOMAIN_MAX_LENGTH = 253

/**
 * Public suffixes of more than one label that shops of the region use (a domain one label below
 * one of these, or one label below a single-label suffix, is an apex). Not the whole Public
 * Suffix List: it only decides which records the page shows first; both kinds verify.
 */
const MULTI_LABEL_SUFFIXES = new Set(
  [
    'uy',
    'ar',
    'br',
    'mx',
    'cl',
    'co',
    'pe',
    'py',
    'bo',
    'ec',
    've',
    'es',
    'gt',
    'cr',
    'do',
    'sv',
    'hn',
    'ni',
    'pa',
    'pr',
    'uk',
  ].flatMap((tld) =>
    ['com', 'net', 'org', 'gob', 'gub', 'edu', 'co', 'nom'].map((sld) => `${sld}.${tld}`),
  ),
)

/** Whether a normalised domain is an apex (it can have no CNAME: A/AAAA records instead). */
export function isApexDomain(hostname: string): boolean {
  const labels = hostname.split('.')
  const suffixLabels = MULTI_LABEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 2 : 1
  return labels.length === suffixLabels + 1
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/**
 * A typed domain in its stored form: lower case, IDN in punycode (`café.uy` → `xn--caf-dma.uy`),
 * without a final dot; a scheme (`https://`) and a lone trailing slash are forgiven. Null when it
 * is not a domain name (a path, a port, an IP address, a single label, a bad label).
 */
export function normalizeDomain(input: string): string | null {
  let text = input.trim().toLowerCase()
  text = text
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '')
    .replace(/\.$/, '')
  if (text === '' || /[\s/?#@:\\]/.test(text)) return null
  let hostname: string
  try {
    hostname = new URL(`http://${text}`).hostname
  } catch {
    return null
  }
  if (hostname.length > DOMAIN_MAX_LENGTH) return null
  const labels = hostname.split('.')
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null
  // A top-level domain is never all digits (that is an IPv4 address).
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null
  return hostname
}

/** Whether `hostname` is the platform's host or one of its subdomains. */
export function isPlatformDomain(hostname: string, platformHost: string): boolean {
  const platform = platformHost.toLowerCase()
  return hostname === platform || hostname.endsWith(`.${platform}`)
}

export const domainInputSchema = z.object({
  hostname: z
    .string({ error: DOMAIN_MESSAGES.required })
    .trim()
    .min(1, { message: DOMAIN_MESSAGES.required, abort: true })
    .max(DOMAIN_MAX_LENGTH + 20, { message: DOMAIN_MESSAGES.tooLong, abort: true })
    .transform((value, ctx) => {
      const hostname = normalizeDomain(value)
      if (!hostname) {
        ctx.addIssue({ code: 'custom', message: DOMAIN_MESSAGES.invalid })
        return z.NEVER
      }
      return hostname
    }),
})
export type DomainInput = z.input<typeof domainInputSchema>

export const dnsRecordSchema = z.object({
  type: z.enum(['CNAME', 'A', 'AAAA', 'TXT']),
  /** The full name (`tienda.midominio.com.uy`, `_vitrina.tienda.midominio.com.uy`). */
  name: z.string(),
  value: z.string(),
  /** What the record is for, in Spanish. */
  purpose: z.string(),
})
export type DnsRecord = z.infer<typeof dnsRecordSchema>

export const customDomainSchema = z.object({
  hostname: z.string(),
  /** The domain as typed in Unicode (`café.uy`), for display. */
  displayName: z.string(),
  apex: z.boolean(),
  state: z.enum(DOMAIN_STATES),
  /** The Spanish reason of a failed check (null otherwise). */
  error: z.string().nullable(),
  records: z.array(dnsRecordSchema),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** The storefront's address once verified: `https://{hostname}`. */
  url: z.string(),
})
export type CustomDomain = z.infer<typeof customDomainSchema>

export const customDomainReplySchema = z.object({ domain: customDomainSchema.nullable() })
export type CustomDomainReply = z.infer<typeof customDomainReplySchema>

/** The records' purposes (the page's table shows them). */
export const DNS_RECORD_PURPOSES = {
  target: 'Hace que tu dominio muestre tu tienda de Vitrina',
  txt: 'Demuestra que el dominio es tuyo',
} as const

/** The «Dominio propio» settings page. */
export const DOMAIN_PAGE_TEXTS = {
  title: 'Dominio propio',
  intro:
    'Mostrá tu tienda en tu propio dominio, con HTTPS automático. Primero comprá el dominio en un registrador (por ejemplo nic.uy o uno internacional); después escribilo acá y creá los registros DNS que te indicamos.',
  label: 'Tu dominio',
  hint: 'Por ejemplo tienda.midominio.com.uy o midominio.com.uy',
  save: 'Guardar dominio',
  change: 'Cambiar dominio',
  remove: 'Quitar dominio',
  verify: 'Verificar',
  verifying: 'Verificando…',
  recordsTitle: 'Registros DNS para crear',
  recordsIntro:
    'Creá estos registros en el panel DNS de tu dominio y después tocá «Verificar». También los revisamos solos cada tanto.',
  apexNote:
    'Es un dominio raíz: usá registros A y AAAA (un dominio raíz no admite CNAME). Si querés usar www, conectá www.tu-dominio como subdominio.',
  columnType: 'Tipo',
  columnName: 'Nombre',
  columnValue: 'Valor',
  columnPurpose: 'Para qué',
  state: 'Estado',
  checkedAt: 'Última verificación',
  never: 'Todavía no verificado',
  liveAt: 'Tu tienda ya se ve en',
  saved: 'Guardamos tu dominio. Ahora creá los registros DNS.',
  verifiedToast: '¡Listo! Tu dominio está verificado.',
  notYet: 'Todavía no pudimos verificar tu dominio.',
} as const
