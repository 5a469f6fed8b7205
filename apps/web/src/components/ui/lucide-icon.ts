/**
 * lucide-react's `createLucideIcon`, lighter (issue 42 §4, docs/decisions/041): the builds put this
 * module in place of the package's own (`lightIcons` in vite.config.ts), so every
 * `import { Star } from 'lucide-react'` gets an icon that is one component around one `<svg>`
 * whose shapes are markup. The package's icon is two `forwardRef` components whose render
 * merges and de-duplicates the class names and rebuilds every shape as a React element on each
 * render; on the storefront home (~60 icons, ~100 shapes) that was a quarter of the fibers that
 * hydrate at the visitor's first use. Here React hydrates the `<svg>` and leaves its shapes
 * alone (`dangerouslySetInnerHTML` is not diffed), and the markup is built once per icon.
 *
 * The document is the package's, attribute for attribute (`__tests__/lucide-icon.test.tsx` renders every
 * icon both ways and compares the DOM), for the props the app uses: `size`, `color`,
 * `strokeWidth`, `className`, ARIA and any other SVG attribute. `children` (a `<title>`, say)
 * are rendered after the shapes, as the package does. The deprecated `absoluteStrokeWidth`,
 * `nonScalingStroke` and the `LucideProvider` context are not supported: nothing in the app uses
 * them, and the parity test would tell if the package changed what it draws.
 */
import { createElement, type ReactNode } from 'react'
import type { LucideIconData, LucideProps } from 'lucide-react'

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;' }
const escape = (value: unknown) => String(value).replace(/[&"<]/g, (c) => ESCAPES[c] ?? c)

/**
 * The shapes as SVG markup; lucide's nodes are flat (no shape has shapes inside: the parity test
 * would fail on one) and carry plain SVG attribute names and a React `key`.
 */
function markup(nodes: LucideIconData['node']): string {
  let html = ''
  for (const [tag, attributes] of nodes) {
    html += `<${tag}`
    for (const [name, value] of Object.entries(attributes))
      if (name !== 'key' && value != null) html += ` ${name}="${escape(value)}"`
    html += '/>'
  }
  return html
}

/** lucide's rule: an icon with no accessible name or role is hidden from assistive technology. */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const name in props)
    if ((name.startsWith('aria-') || name === 'role' || name === 'title') && props[name] != null)
      return true
  return false
}

export default function createLucideIcon(icon: LucideIconData) {
  const classes = icon.name ? ['lucide', `lucide-${icon.name}`] : ['lucide']
  for (const alias of icon.aliases ?? []) if (alias.trim()) classes.push(`lucide-${alias}`)
  const base = classes.join(' ')
  const box = `0 0 ${icon.size ?? 24} ${icon.size ?? 24}`
  let shapes: { __html: string } | undefined

  function LucideIcon({
    size,
    color,
    strokeWidth,
    className,
    children,
    absoluteStrokeWidth: _absolute,
    nonScalingStroke: _nonScaling,
    ...rest
  }: LucideProps & { children?: ReactNode }) {
    const svg: Record<string, unknown> = {
      xmlns: 'http://www.w3.org/2000/svg',
      width: size ?? 24,
      height: size ?? 24,
      viewBox: box,
      fill: 'none',
      stroke: color || 'currentColor',
      strokeWidth: strokeWidth ?? 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: className ? `${base} ${className}` : base,
      ...(!children && !hasA11yProp(rest) ? { 'aria-hidden': 'true' } : {}),
      ...rest,
    }
    if (children) {
      // Rare: shapes as elements, then the caller's children (React cannot mix the two).
      const elements = icon.node.map(([tag, attributes]) => createElement(tag, attributes))
      return createElement('svg', svg, ...elements, children)
    }
    svg.dangerouslySetInnerHTML = shapes ??= { __html: markup(icon.node) }
    return createElement('svg', svg)
  }
  LucideIcon.displayName = (icon.name ?? 'icon')
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')
  return LucideIcon
}
