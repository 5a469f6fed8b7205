/**
 * The app's link to one of its own pages (issue 42 §4, docs/decisions/042): an `<a href>` that a
 * plain click turns into a client-side navigation, as React Router's `Link` does, for a tenth of
 * its cost per link. The storefront home hydrates ~55 links at the visitor's first use; each of
 * React Router's is a `forwardRef` component with ~15 hooks (it resolves the path against the
 * route tree, subscribes to the location, builds a prefetch handler and a memoised click
 * handler) and re-renders at every navigation. This one reads two contexts whose values never
 * change after the start and does the rest only when clicked.
 *
 * What it keeps of `Link`, for the app's addresses (absolute paths such as `/cafe/productos/te`
 * built by config/paths.ts; the app has no `basename`):
 * - a plain left click (no modifier key, no other `target`) that the caller's `onClick` did not
 *   prevent navigates in the router: `replace` when the link leads to the address already shown
 *   (unless told), `state` and `preventScrollReset` passed on;
 * - any other click (a new tab, a download, a scheme such as `mailto:`) is the browser's.
 * `NavLink` (the owner's and operator's menus, which show the current page) stays React Router's.
 */
import { useContext, type ComponentPropsWithRef, type MouseEvent } from 'react'
import {
  createPath,
  parsePath,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_NavigationContext as NavigationContext,
  type Location,
} from 'react-router'

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  /** An absolute path of the app (config/paths.ts). */
  to: string
  /** Replace the current history entry (default: only when `to` is the address shown). */
  replace?: boolean
  state?: unknown
  preventScrollReset?: boolean
}

/** An address of this app: a path, not a URL with a scheme or a host (`//host/…`). */
const APP_PATH = /^\/(?!\/)/

/** A click the browser should not handle itself (React Router's `shouldProcessLinkClick`). */
export function isPlainClick(
  event: MouseEvent<HTMLAnchorElement>,
  target: string | undefined,
): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  )
}

export function Link({
  to,
  replace,
  state,
  preventScrollReset,
  onClick,
  target,
  ...props
}: LinkProps) {
  const { navigator } = useContext(NavigationContext)
  const dataRouter = useContext(DataRouterContext)

  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    if (event.defaultPrevented || !isPlainClick(event, target) || !APP_PATH.test(to)) return
    event.preventDefault()
    // A data router keeps the location in its state; a plain router's navigator is its history.
    const here = dataRouter
      ? dataRouter.router.state.location
      : (navigator as unknown as { location: Location }).location
    const same = createPath(here) === createPath(parsePath(to))
    const options = { preventScrollReset }
    if (replace ?? same) navigator.replace(to, state, options)
    else navigator.push(to, state, options)
  }

  return <a {...props} href={to} target={target} onClick={follow} />
}
