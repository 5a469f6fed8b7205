import { Heart, LogOut, Store, UserRound } from 'lucide-react'
import { Link } from '../ui/link'
import { paths } from '../../config/paths'
import { cn } from '../../lib/utils'

/**
 * SPEC §2.6 links of a signed-in visitor, shared by the header's account menu and the mobile
 * menu: 'Mi perfil', 'Mis favoritos', 'Mi negocio' (the owner only) and 'Cerrar sesión', as list
 * items. Following one calls `onClose` first; 'Cerrar sesión' then logs out.
 */
export function AccountLinks({
  isOwner,
  onClose,
  onLogout,
  itemClassName,
  logoutItemClassName,
}: {
  isOwner: boolean
  onClose: () => void
  onLogout: () => void
  /**
   * Layout and size of each link and of the logout button (icons through `[&_svg]`); their
   * colours are this component's.
   */
  itemClassName: string
  /** Classes of the list item around 'Cerrar sesión' (e.g. a separator above it). */
  logoutItemClassName?: string
}) {
  const links = [
    { to: paths.account.profile(), label: 'Mi perfil', Icon: UserRound },
    { to: paths.account.favorites(), label: 'Mis favoritos', Icon: Heart },
    ...(isOwner ? [{ to: paths.admin.myBusiness(), label: 'Mi negocio', Icon: Store }] : []),
  ]
  return (
    <>
      {links.map(({ to, label, Icon }) => (
        <li key={label}>
          <Link
            to={to}
            onClick={onClose}
            className={cn(itemClassName, 'text-foreground [&_svg]:text-muted-foreground')}
          >
            <Icon aria-hidden="true" />
            {label}
          </Link>
        </li>
      ))}
      <li className={logoutItemClassName}>
        <button
          type="button"
          onClick={() => {
            onClose()
            onLogout()
          }}
          className={cn(itemClassName, 'text-destructive [&_svg]:text-destructive')}
        >
          <LogOut aria-hidden="true" />
          Cerrar sesión
        </button>
      </li>
    </>
  )
}
