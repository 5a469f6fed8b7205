/**
 * Every route of the web app (SPEC §2.1), in one place: `routePaths` are the patterns the router
 * matches, `paths` build the addresses links and navigations go to. Nothing else in the app
 * writes a path by hand. A storefront's public paths and the product list's address (its query
 * keys) are contracts' storefront-address.public.ts, which the API and the service worker use too.
 */
import { STOREFRONT_SEGMENTS, listAddressSearch, storefrontPaths } from '@vitrina/contracts'
import type { ListAddress, StorefrontShop } from '@vitrina/contracts'
import { storefrontShop } from '../lib/site'

type QueryValue = string | number | boolean | null | undefined | readonly string[]

/** Appends the defined, non-empty values as a query string (`?a=1&b=x`). */
export function withQuery(pathname: string, query?: Record<string, QueryValue>): string {
  if (!query) return pathname
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue
    if (Array.isArray(value)) for (const item of value as string[]) params.append(key, item)
    else params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${pathname}?${search}` : pathname
}

const enc = encodeURIComponent

/** A storefront path builder taking the shop's identifier, at the root on its own domain. */
function atSite<A extends unknown[]>(build: (shop: StorefrontShop, ...rest: A) => string) {
  return (identifier: string, ...rest: A) => build(storefrontShop(identifier), ...rest)
}

/** Route patterns, as the router declares them. */
export const routePaths = {
  home: '/',
  platform: {
    businesses: '/plataforma/negocios',
    plans: '/plataforma/planes',
    contact: '/plataforma/contacto',
    newBusiness: '/plataforma/nuevo',
    dashboard: '/plataforma/dashboard',
  },
  auth: {
    root: '/auth',
    login: '/auth/login',
    register: '/auth/register',
    activationNotice: '/auth/activar-notificacion',
    activate: '/auth/activar/:token',
    forgotPassword: '/auth/recuperar',
    resetPassword: '/auth/restablecer/:token',
    confirmEmail: '/auth/confirmar-correo/:token',
  },
  admin: {
    myBusiness: '/admin/mi-negocio',
    editBusiness: '/admin/mi-negocio/editar/:identifier',
    newProduct: '/admin/nuevo-producto',
    editProduct: '/admin/producto/editar/:id',
    /** Issue 24 §3: the owner's orders. */
    orders: '/admin/pedidos',
    /** Issue 26: the owner's insights; `dias` is the period (7, 30 or 90). */
    insights: '/admin/estadisticas',
    /** Issue 46 §2: the shop's product feeds for Google and Meta. */
    salesChannels: '/admin/canales-de-venta',
    /** Issue 46 §1: the shop's own domain. */
    customDomain: '/admin/dominio',
    /** Issue 43 §1: the shop's Mercado Pago connection (the OAuth callback returns here). */
    payments: '/admin/pagos',
    /** Issue 45: coupons and automatic promotions. */
    promotions: '/admin/promociones',
  },
  account: { profile: '/perfil', favorites: '/favoritos', logout: '/logout' },
  /** Issue 23 §3: the operators' console. */
  operator: {
    root: '/operador',
    businesses: '/operador/negocios',
    business: '/operador/negocios/:id',
    payments: '/operador/pagos',
    featured: '/operador/destacados',
    messages: '/operador/mensajes',
    mail: '/operador/correos',
    audit: '/operador/auditoria',
  },
  legal: { terms: '/terminos', privacy: '/privacidad', cookies: '/cookies' },
  storefront: {
    home: '/:identifier',
    products: `/:identifier/${STOREFRONT_SEGMENTS.products}`,
    /** Issue 27 §3: the product's slug (an old slug or its id redirects there, 301). */
    product: `/:identifier/${STOREFRONT_SEGMENTS.products}/:slug`,
    /** Issue 24: an order's public page; its `t` query is the token that opens it. */
    order: `/:identifier/${STOREFRONT_SEGMENTS.order}/:code`,
  },
  /** Issue 46 §1: the same pages at the root of the shop's own domain (lib/site.ts). */
  siteStorefront: {
    home: '/',
    products: `/${STOREFRONT_SEGMENTS.products}`,
    product: `/${STOREFRONT_SEGMENTS.products}/:slug`,
    order: `/${STOREFRONT_SEGMENTS.order}/:code`,
  },
  /** SPEC §2.1 aliases: old addresses that redirect (query string kept). */
  aliases: {
    '/login': '/auth/login',
    '/registro': '/auth/register',
    '/contacto': '/plataforma/contacto',
    '/nuevo': '/plataforma/nuevo',
  },
} as const

export type PlanQuery = 'free' | 'pro'

/** The owner's orders list (issue 24 §3): status filter, search, page and the open order. */
export interface OrdersQuery {
  estado?: string
  search?: string
  page?: number
  /** The id of the order shown open. */
  pedido?: string
  /** Issue 43 §4: the online payment's state. */
  pago?: string
}

/** Address builders. */
export const paths = {
  home: () => '/',
  platform: {
    businesses: (query?: { search?: string; page?: number }) =>
      withQuery(routePaths.platform.businesses, {
        search: query?.search?.trim(),
        page: query?.page && query.page > 1 ? query.page : undefined,
      }),
    plans: () => routePaths.platform.plans,
    contact: () => routePaths.platform.contact,
    newBusiness: (plan?: PlanQuery) => withQuery(routePaths.platform.newBusiness, { plan }),
    dashboard: () => routePaths.platform.dashboard,
    /** SPEC §2.1 storefront footer 'características': the landing's features section. */
    features: () => '/#por-que',
  },
  auth: {
    login: () => routePaths.auth.login,
    register: () => routePaths.auth.register,
    activationNotice: () => routePaths.auth.activationNotice,
    activate: (token: string) => `/auth/activar/${enc(token)}`,
    forgotPassword: () => routePaths.auth.forgotPassword,
    resetPassword: (token: string) => `/auth/restablecer/${enc(token)}`,
    confirmEmail: (token: string) => `/auth/confirmar-correo/${enc(token)}`,
  },
  admin: {
    /** The owner's dashboard; its product filters are the storefront list's address. */
    myBusiness: (address?: Partial<ListAddress>) =>
      `${routePaths.admin.myBusiness}${listAddressSearch(address)}`,
    editBusiness: (identifier: string) => `/admin/mi-negocio/editar/${enc(identifier)}`,
    newProduct: () => routePaths.admin.newProduct,
    editProduct: (id: string) => `/admin/producto/editar/${enc(id)}`,
    insights: (days?: number) => withQuery(routePaths.admin.insights, { dias: days }),
    salesChannels: () => routePaths.admin.salesChannels,
    customDomain: () => routePaths.admin.customDomain,
    payments: () => routePaths.admin.payments,
    promotions: () => routePaths.admin.promotions,
    orders: (query?: OrdersQuery) =>
      withQuery(routePaths.admin.orders, {
        estado: query?.estado,
        pago: query?.pago,
        search: query?.search?.trim(),
        page: query?.page && query.page > 1 ? query.page : undefined,
        pedido: query?.pedido,
      }),
  },
  account: {
    profile: () => routePaths.account.profile,
    favorites: () => routePaths.account.favorites,
    logout: () => routePaths.account.logout,
  },
  operator: {
    root: () => routePaths.operator.root,
    businesses: (query?: Record<string, QueryValue>) =>
      withQuery(routePaths.operator.businesses, query),
    business: (id: string) => `/operador/negocios/${enc(id)}`,
    payments: () => routePaths.operator.payments,
    featured: () => routePaths.operator.featured,
    messages: () => routePaths.operator.messages,
    mail: () => routePaths.operator.mail,
    audit: () => routePaths.operator.audit,
  },
  legal: {
    terms: () => routePaths.legal.terms,
    privacy: () => routePaths.legal.privacy,
    cookies: () => routePaths.legal.cookies,
  },
  /**
   * The storefront's public paths (contracts' storefront-address.public.ts): under
   * `/{identifier}`, or at the root on the shop's own domain (issue 46 §1, lib/site.ts).
   */
  storefront: {
    home: atSite(storefrontPaths.home),
    products: atSite(storefrontPaths.products),
    product: atSite(storefrontPaths.product),
    contact: atSite(storefrontPaths.contact),
    order: atSite(storefrontPaths.order),
  },
} as const
