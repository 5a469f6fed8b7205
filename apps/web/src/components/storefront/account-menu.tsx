import { AccountLinks } from './account-links'
import { useDisclosure } from './use-disclosure'

export interface StorefrontUser {
  _id: string
  name: string
}

export function userInitial(name: string): string {
  return name.trim().charAt(0).toLocaleUpperCase('es') || '?'
}

const itemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm outline-none hover:bg-muted focus-visible:bg-muted [&_svg]:size-4'

/**
 * SPEC §2.6 account area of a signed-in visitor: the initial, and a menu with 'Mi perfil',
 * 'Mis favoritos', 'Mi negocio' (the owner only) and 'Cerrar sesión'.
 */
export function AccountMenu({
  user,
  isOwner,
  onLogout,
}: {
  user: StorefrontUser
  isOwner: boolean
  onLogout: () => void
}) {
  const { close, rootRef, buttonProps, panelProps } = useDisclosure()
  return (
    <div ref={rootRef} className="relative">
      <button
        {...buttonProps}
        aria-label={`Cuenta de ${user.name}`}
        className="grid size-10 place-items-center rounded-full outline-none hover:bg-current/10 focus-visible:ring-3 focus-visible:ring-current/40"
      >
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-(--store-primary) text-sm font-bold text-(--store-on-primary) ring-2 ring-current/25"
        >
          {userInitial(user.name)}
        </span>
      </button>
      <div
        {...panelProps}
        className="absolute top-full right-0 z-50 mt-2 w-60 rounded-xl border border-border bg-card p-1.5 text-card-foreground shadow-lg"
      >
        <p className="truncate px-2.5 py-1.5 text-sm font-semibold">{user.name}</p>
        <hr className="-mx-1.5 my-1.5 border-border" />
        <ul>
          <AccountLinks
            isOwner={isOwner}
            onClose={close}
            onLogout={onLogout}
            itemClassName={itemClass}
            logoutItemClassName="-mx-1.5 mt-1.5 border-t border-border px-1.5 pt-1.5"
          />
        </ul>
      </div>
    </div>
  )
}
