import type { SVGProps } from 'react'
import { cn } from '../../lib/utils'

// lucide-react dropped brand icons; these are the official glyph shapes, simplified.
function InstagramIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} {...props}>
      <rect x="2.5" y="2.5" width="19" height="19" rx="5.5" />
      <circle cx="12" cy="12" r="4.25" />
      <circle cx="17.5" cy="6.5" r="0.9" fill="currentColor" stroke="none" />
    </svg>
  )
}

function FacebookIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" {...props}>
      <path d="M13.5 21.5v-8h2.7l.4-3.2h-3.1V8.3c0-.9.3-1.6 1.6-1.6h1.7V3.9a22 22 0 0 0-2.5-.1c-2.5 0-4.2 1.5-4.2 4.3v2.3H7.4v3.2h2.7v8h3.4Z" />
    </svg>
  )
}

export interface SocialLinksData {
  facebook?: string | null
  instagram?: string | null
}

/** SPEC §2.5: instagram and facebook, each only when set. */
export function SocialLinks({
  socialLinks,
  name,
  align = 'center',
  className,
}: {
  socialLinks: SocialLinksData | null | undefined
  name: string
  align?: 'center' | 'start'
  className?: string
}) {
  const links = [
    socialLinks?.instagram && {
      href: socialLinks.instagram,
      label: 'Instagram',
      Icon: InstagramIcon,
    },
    socialLinks?.facebook && { href: socialLinks.facebook, label: 'Facebook', Icon: FacebookIcon },
  ].filter((link) => !!link)
  if (links.length === 0) return null
  return (
    <ul
      className={cn(
        'flex gap-2',
        align === 'center' ? 'justify-center' : 'justify-start',
        className,
      )}
    >
      {links.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} en ${label} (se abre en una pestaña nueva)`}
            className="grid size-11 place-items-center rounded-full border border-border bg-card text-foreground shadow-xs transition-colors outline-none hover:bg-(--store-primary) hover:text-(--store-on-primary) focus-visible:ring-3 focus-visible:ring-ring/50"
          >
            <Icon className="size-5" aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  )
}
