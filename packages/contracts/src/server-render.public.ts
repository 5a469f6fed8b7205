/**
 * A server-rendered page (ADR 017, 021) carries the state its HTML was rendered with (router and
 * query cache) in this `<script type="application/json">` element, which the browser hydrates.
 */
export const SERVER_STATE_ID = 'server-state'

export const SITE_NAME = 'Vitrina'

/** The tab title of a page ("Planes · Vitrina"); without a title, the site's default. */
export function documentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — Tu catálogo online en minutos`
}

/**
 * Issue 41: the titles of the platform's own pages, which the server puts in the `<head>` it
 * sends (every one had the generic title until the app started) and the pages set in the browser.
 */
export const PLATFORM_PAGE_TITLES: Readonly<Record<string, string>> = {
  '/plataforma/negocios': 'Negocios',
  '/plataforma/contacto': 'Contacto',
  '/plataforma/planes': 'Planes',
  '/terminos': 'Términos y condiciones',
  '/privacidad': 'Política de privacidad',
  '/cookies': 'Política de cookies',
  '/auth/login': 'Iniciar sesión',
  '/auth/register': 'Crear cuenta',
  '/auth/recuperar': 'Recupera tu contraseña',
}

/** Issue 41: what a page that needs JavaScript says without it (apps/web/index.html). */
export const NO_SCRIPT_MESSAGE =
  'Esta página necesita JavaScript. Actívalo en tu navegador para continuar.'
