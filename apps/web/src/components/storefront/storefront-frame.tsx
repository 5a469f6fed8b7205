import { createContext, useContext, useMemo } from 'react'
import type { ComponentProps, CSSProperties } from 'react'
import { cn } from '../../lib/utils'
import { storefrontThemeStyle } from './theme'
import type { StorefrontColors } from './theme'

const ThemeStyleContext = createContext<CSSProperties | undefined>(undefined)

/**
 * The theme variables of the surrounding frame, for content rendered in a portal (sheets,
 * dialogs) that would otherwise sit outside the frame and lose the business's colours.
 */
export function useStorefrontThemeStyle(): CSSProperties | undefined {
  return useContext(ThemeStyleContext)
}

/**
 * Sets a business's colours (SPEC §3) for everything inside and makes it the `storefront` size
 * container. The storefront components lay themselves out with container queries
 * (`@min-[768px]/storefront:`), not viewport media queries, so the same components render a
 * real storefront (the frame spans the window) and the wizard's phone-sized live preview (the
 * frame is the phone screen) correctly.
 *
 * Keep `position: fixed` elements outside the frame: a size container is their containing block
 * in some browsers.
 */
export function StorefrontFrame({
  colors,
  transparent = false,
  className,
  style,
  ...props
}: ComponentProps<'div'> & {
  colors: StorefrontColors
  /** Without the storefront's background colour (a preview on an owner's screen). */
  transparent?: boolean
}) {
  const { primaryColor, secondaryColor, bgColor } = colors
  const themeStyle = useMemo(
    () => storefrontThemeStyle({ primaryColor, secondaryColor, bgColor }),
    [primaryColor, secondaryColor, bgColor],
  )
  return (
    <ThemeStyleContext.Provider value={themeStyle}>
      <div
        data-slot="storefront-frame"
        className={cn(
          '@container/storefront text-foreground',
          transparent ? 'bg-transparent' : 'bg-background',
          className,
        )}
        style={{ ...themeStyle, ...style }}
        {...props}
      />
    </ThemeStyleContext.Provider>
  )
}
