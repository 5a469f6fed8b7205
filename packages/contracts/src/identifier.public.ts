/**
 * Business identifiers (SPEC §3, §5): lowercase letters, digits and hyphens, used as `/{identifier}`.
 */
import { LIMITS } from './limits.public.js'

export const IDENTIFIER_PATTERN = /^[a-z0-9-]+$/

/**
 * Top-level paths the web app or the server uses. A business with one of these identifiers would
 * shadow a real page, so they are refused at creation (ARCHITECTURE.md, "Routing on one origin").
 */
export const RESERVED_IDENTIFIERS: ReadonlySet<string> = new Set([
  // server
  'api',
  'media',
  'assets',
  'static',
  'public',
  'health',
  'ready',
  'docs',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'manifest.json',
  'index.html',
  'sitemap',
  'robots',
  'favicon',
  // web app routes and aliases (SPEC §2.1)
  'admin',
  'auth',
  'plataforma',
  'login',
  'logout',
  'registro',
  'register',
  'contacto',
  'perfil',
  'operador',
  'favoritos',
  'terminos',
  'privacidad',
  'cookies',
  'productos',
  'ofertas',
  'nuevo',
  'nuevos',
  'dashboard',
  'negocios',
  'planes',
  'caracteristicas',
  'carrito',
  'buscar',
  'ayuda',
  'soporte',
  'vitrina',
  'www',
  'app',
  'mail',
  'email',
  // /api/businesses/check/{identifier} would shadow /api/businesses/{identifier}/identifier
  'check',
])

/**
 * SPEC §5 derivation as changed by issue 41: accents stripped, lowercase, every run of spaces
 * becomes one hyphen ('Lanas del Ñandú' → 'lanas-del-nandu'), characters outside a-z0-9- dropped,
 * repeated hyphens collapsed, hyphens trimmed from both ends, cut to the length limit (and trimmed
 * again, so a cut never leaves a trailing hyphen). The owner may still type any valid identifier.
 */
export function deriveIdentifier(name: string): string {
  return trimHyphens(
    trimHyphens(
      name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .trim()
        .replace(/\s+/g, '-')
        .replace(/[^a-z0-9-]/g, '')
        .replace(/-{2,}/g, '-'),
    ).slice(0, LIMITS.identifierMax),
  )
}

/**
 * Issue 41: the identifier an address segment means when it is typed with accents, capitals or
 * spaces (`Café-del-Puerto` → `cafe-del-puerto`): those folded as the derivation folds them, and
 * nothing else dropped — a segment with other characters names nothing. Undefined when the result
 * is no valid identifier or the segment is one already.
 */
export function canonicalIdentifierFor(segment: string): string | undefined {
  const folded = segment
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
  return folded !== segment && isValidIdentifier(folded) ? folded : undefined
}

function trimHyphens(value: string): string {
  return value.replace(/^-+|-+$/g, '')
}

export function isReservedIdentifier(identifier: string): boolean {
  return RESERVED_IDENTIFIERS.has(identifier.toLowerCase())
}

/** Well-formed (SPEC §5 pattern, length) and not reserved. Availability is the API's to answer. */
export function isValidIdentifier(identifier: string): boolean {
  return (
    identifier.length > 0 &&
    identifier.length <= LIMITS.identifierMax &&
    IDENTIFIER_PATTERN.test(identifier) &&
    !isReservedIdentifier(identifier)
  )
}
