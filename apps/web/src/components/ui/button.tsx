import { Slot } from 'radix-ui'
import { cva } from 'class-variance-authority'
import type { VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/utils'

/**
 * Every look a screen needs is a variant here: callers add layout (margins, width, position) but
 * no colour, size, text size or rounding of their own (cn() does not merge, ADR 016).
 */
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 font-semibold whitespace-nowrap transition-colors outline-none select-none focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*="size-"])]:size-4',
  {
    variants: {
      variant: {
        /**
         * The main action of a screen ('Agregar producto', 'Crear negocio', 'Guardar cambios'): ink
         * on white, 17:1. Steel (#415A77, the accent) read as this button disabled (ink at 55 %).
         */
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/75',
        outline:
          'border border-border bg-card text-foreground shadow-xs hover:bg-muted hover:text-foreground',
        ghost: 'text-foreground hover:bg-muted',
        link: 'text-accent underline-offset-4 hover:underline',
        destructive: 'bg-destructive text-white shadow-sm hover:bg-destructive/90',
        inverted: 'bg-white text-primary shadow-sm hover:bg-secondary',
        /** Remove/delete actions beside other content (an image, a category, a slide). */
        'ghost-destructive': 'text-destructive hover:bg-destructive/10',
        /** The account deletion, a stand-alone outlined action. */
        'outline-destructive':
          'border border-border bg-card text-destructive shadow-xs hover:bg-muted hover:text-destructive',
        /** An outlined button on a dark background (the landing's hero). */
        'outline-inverse':
          'border border-white/30 bg-transparent text-white shadow-xs hover:bg-white/10 hover:text-white',
        /** The storefront's own colours (SPEC §2.5), e.g. the quick view's main action. */
        store:
          'bg-(--store-primary) text-(--store-on-primary) shadow-sm hover:bg-(--store-primary)/90',
        /** An icon button over a card's image. */
        floating:
          'border border-border bg-card/90 text-foreground shadow-xs hover:bg-muted hover:text-foreground',
        /** Arrows over a product photo. */
        overlay:
          'border border-border bg-white/90 text-foreground shadow-md hover:bg-muted hover:text-foreground',
        /** Arrows over a storefront's cover slides, which may be any colour. */
        glass:
          'border border-white/40 bg-white/85 text-foreground shadow-xs backdrop-blur-sm hover:bg-white hover:text-foreground',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        default: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
        'icon-lg': 'size-11 text-sm',
        icon: 'size-10 text-sm',
        'icon-sm': 'size-8 text-sm',
        'icon-xs': 'size-7 text-sm',
        /**
         * A toolbar's action: on a phone an icon over a short word, several to a row (the bulk
         * toolbar's six); from `sm` up, the `sm` button.
         */
        tile: 'min-h-11 min-w-0 grow flex-col px-1 py-1 text-[0.6875rem] leading-tight max-sm:shrink sm:h-9 sm:min-h-0 sm:grow-0 sm:flex-row sm:px-3 sm:text-sm',
      },
      shape: {
        default: 'rounded-lg',
        round: 'rounded-full',
      },
    },
    defaultVariants: { variant: 'default', size: 'default', shape: 'default' },
  },
)

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child element (e.g. a router Link) with the button's styles. */
    asChild?: boolean
  }

export function Button({
  className,
  variant,
  size,
  shape,
  asChild = false,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button'
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size, shape }), className)}
      {...props}
    />
  )
}
