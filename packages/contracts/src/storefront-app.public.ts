/**
 * Issue 27 §4: every storefront is installable as an app. The addresses of its web manifest and
 * icons, which the API serves and both the server-rendered head and the app link to, and the
 * version that names the icons (it changes when what they are drawn from changes, so an icon's
 * address can be cached as immutable).
 */
import { HEX_COLOR_PATTERN } from './catalogue/colors.public.js'
import { storefrontBase, type StorefrontShop } from './storefront-address.public.js'

/** The one service worker script; each storefront registers it with its own scope. */
export const SERVICE_WORKER_PATH = '/sw.js'

/** The icons a storefront's manifest lists (PNG, square) and the apple-touch-icon. */
export const STOREFRONT_ICONS = {
  'any-192': { size: 192, purpose: 'any' },
  'any-512': { size: 512, purpose: 'any' },
  'maskable-512': { size: 512, purpose: 'maskable' },
  'apple-180': { size: 180, purpose: 'any' },
} as const
export type StorefrontIconName = keyof typeof STOREFRONT_ICONS

export function isStorefrontIconName(name: string): name is StorefrontIconName {
  return Object.hasOwn(STOREFRONT_ICONS, name)
}

/** The app's colour: the storefront's navigation bar (`bgColor`), white when it is not a colour. */
export function storefrontAppColor(bgColor: string): string {
  return HEX_COLOR_PATTERN.test(bgColor) ? bgColor : '#FFFFFF'
}

/** Bumped when the drawing of the icons changes, so every icon gets a new address. */
const ICON_DRAWING = 1

/** What a storefront's icons are drawn from. */
export interface StorefrontIconSource {
  name: string
  bgColor: string
  logo: { url: string } | null
}

/** Up to two initials of the business's name, for the icon of a business without a logo. */
export function storefrontInitials(name: string): string {
  const words = name
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  const letters = (words.length > 1 ? [words[0]!, words[1]!] : words.slice(0, 1)).map(
    (word) => [...word][0]!,
  )
  return letters.join('').toLocaleUpperCase('es') || 'V'
}

/** FNV-1a, 32 bits: a short, stable name for a version (not a security hash). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** The icons' version: changes with the logo, the background colour or (without a logo) the name. */
export function storefrontIconVersion(source: StorefrontIconSource): string {
  const drawnFrom = source.logo
    ? `logo:${source.logo.url}`
    : `initials:${storefrontInitials(source.name)}`
  return fnv1a(`${ICON_DRAWING}|${storefrontAppColor(source.bgColor).toLowerCase()}|${drawnFrom}`)
}

/**
 * A storefront's app addresses. The scope is `/{identifier}` without a trailing slash: the
 * storefront's home is `/{identifier}`, which a scope of `/{identifier}/` would leave out (scopes
 * match by prefix). The service worker itself ignores addresses of other storefronts that share
 * the prefix (`/{identifier}x`). On the shop's own domain (issue 46 §1) the storefront is the
 * whole site: scope `/`, `/manifest.webmanifest`, `/app-icons/…`.
 */
export function storefrontAppPaths(shop: StorefrontShop) {
  const base = storefrontBase(shop)
  return {
    scope: base || '/',
    manifest: `${base}/manifest.webmanifest`,
    icon: (version: string, name: StorefrontIconName) => `${base}/app-icons/${version}/${name}.png`,
  }
}
