/**
 * A storefront's web manifest (issue 27 §4, https://www.w3.org/TR/appmanifest/): what a browser
 * needs to offer installing the storefront as an app — its name, colours, icons, and the part of
 * the site the app is (`scope`, `/{identifier}`).
 */
import type { Business } from '@vitrina/contracts'
import {
  STOREFRONT_ICONS,
  storefrontAppColor,
  storefrontAppPaths,
  storefrontIconVersion,
  summarize,
  type StorefrontIconName,
} from '@vitrina/contracts'

/** Launchers show about 12–15 characters under an icon. */
const SHORT_NAME_MAX = 15

export function shortName(name: string): string {
  const trimmed = name.trim()
  if (trimmed.length <= SHORT_NAME_MAX) return trimmed
  const first = trimmed.split(/\s+/)[0] ?? trimmed
  return first.length <= SHORT_NAME_MAX ? first : [...first].slice(0, SHORT_NAME_MAX).join('')
}

const MANIFEST_ICONS: StorefrontIconName[] = ['any-192', 'any-512', 'maskable-512']

export type StorefrontManifestSource = Pick<
  Business,
  'name' | 'identifier' | 'description' | 'bgColor' | 'logo'
>

/** `root`: served at the root of the shop's own domain (issue 46 §1). */
export function buildManifest(business: StorefrontManifestSource, root = false) {
  const paths = storefrontAppPaths({ identifier: business.identifier, root })
  const version = storefrontIconVersion(business)
  return {
    id: paths.scope,
    name: business.name,
    short_name: shortName(business.name),
    description: summarize(business.description),
    lang: 'es',
    dir: 'ltr',
    start_url: paths.scope,
    scope: paths.scope,
    display: 'standalone',
    // The storefront's navigation bar: the status bar and the splash screen continue it.
    theme_color: storefrontAppColor(business.bgColor),
    background_color: storefrontAppColor(business.bgColor),
    categories: ['shopping'],
    icons: MANIFEST_ICONS.map((name) => ({
      src: paths.icon(version, name),
      sizes: `${STOREFRONT_ICONS[name].size}x${STOREFRONT_ICONS[name].size}`,
      type: 'image/png',
      purpose: STOREFRONT_ICONS[name].purpose,
    })),
  }
}
