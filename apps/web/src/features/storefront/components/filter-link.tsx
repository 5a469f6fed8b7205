import type { ListAddress } from '@vitrina/contracts'
import type { ComponentProps, MouseEvent } from 'react'
import { isPlainClick, Link } from '../../../components/ui/link'

/**
 * Issue 41: a list filter as a real link to the address it leads to (built with contracts'
 * storefront-address.public.ts), so it works without JavaScript. With script, a plain click is the
 * list's own transition (`onFollow`: the controls show it at once while the router navigates);
 * a click that opens a new tab or window is left to the browser.
 */
export function FilterLink({
  to,
  next,
  onFollow,
  onClick,
  ...props
}: Omit<ComponentProps<typeof Link>, 'to' | 'onChange'> & {
  to: string
  next: ListAddress
  onFollow: (next: ListAddress) => void
}) {
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    if (event.defaultPrevented || !isPlainClick(event, props.target)) return
    event.preventDefault()
    onFollow(next)
  }
  return <Link to={to} onClick={follow} {...props} />
}
