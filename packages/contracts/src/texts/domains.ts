/**
 * Issue 46 §1: the owner menu's link to «Dominio propio». Zod-free, apart from domains.ts, so
 * the platform layout's menus do not pull the domain schemas in.
 */
export const DOMAIN_NAV_TEXTS = { menuLink: 'Dominio propio' } as const
