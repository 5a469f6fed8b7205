import {
  INSIGHTS_NAV_TEXTS,
  OPERATOR_CONSOLE_MESSAGES,
  SALES_CHANNELS_NAV_TEXTS,
  DOMAIN_NAV_TEXTS,
  PAYMENT_SETTINGS_TEXTS,
  PROMOTION_PAGE_TEXTS,
} from '@vitrina/contracts'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { LogOut, X } from 'lucide-react'
import { NavLink } from 'react-router'
import { Link } from '../../ui/link'
import { BrandLogo } from '../../brand-logo'
import { Button } from '../../ui/button'
import { paths } from '../../../config/paths'
import { useSession } from '../../../lib/session'
import { cn } from '../../../lib/utils'
import { BusinessSearch } from './business-search'
import { PLATFORM_NAV } from './nav-links'
import { OperatorBadge, userInitial } from './user-menu'
import { useNewOrdersCount } from '../../../api/order-counts'
import { NewOrdersBadge, ordersLinkLabel } from '../../orders-badge'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-3 text-base font-medium transition-colors hover:bg-muted',
    isActive ? 'bg-muted text-foreground' : 'text-foreground/85',
  )

/** The phone menu: a sheet from the right with navigation, search and the account area. */
export function MobileNav({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { user, isAuthenticated } = useSession()
  const newOrders = useNewOrdersCount(isAuthenticated ? user?._id : undefined)
  const close = () => onOpenChange(false)

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-primary/50 backdrop-blur-[2px] md:hidden" />
        <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col overflow-y-auto bg-card shadow-2xl outline-none md:hidden">
          <div className="flex h-16 items-center justify-between border-b border-border px-4">
            <BrandLogo onClick={close} />
            <DialogPrimitive.Title className="sr-only">Menú</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">
              Navegación principal y cuenta
            </DialogPrimitive.Description>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Cerrar menú">
                <X className="size-6" aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <div className="flex flex-1 flex-col gap-6 p-4">
            <BusinessSearch onSearch={close} />
            <nav aria-label="Principal (móvil)">
              <ul className="grid gap-1">
                {PLATFORM_NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={linkClass} onClick={close}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-auto border-t border-border pt-4">
              {isAuthenticated && user ? (
                <div className="grid gap-1">
                  <div className="mb-2 flex items-center gap-3 px-3">
                    <span
                      aria-hidden="true"
                      className="grid size-9 place-items-center rounded-full bg-accent font-bold text-white"
                    >
                      {userInitial(user.name)}
                    </span>
                    <span className="truncate font-semibold">{user.name}</span>
                    {user.role === 'operator' && <OperatorBadge />}
                  </div>
                  {user.role === 'operator' && (
                    <NavLink to={paths.operator.root()} className={linkClass} onClick={close}>
                      {OPERATOR_CONSOLE_MESSAGES.consoleTitle}
                    </NavLink>
                  )}
                  <NavLink to={paths.platform.dashboard()} className={linkClass} onClick={close}>
                    Panel
                  </NavLink>
                  <NavLink to={paths.admin.myBusiness()} className={linkClass} onClick={close}>
                    Mi negocio
                  </NavLink>
                  <NavLink
                    to={paths.admin.orders()}
                    className={linkClass}
                    onClick={close}
                    aria-label={ordersLinkLabel(newOrders)}
                  >
                    <span className="flex items-center gap-2">
                      Pedidos
                      <NewOrdersBadge count={newOrders} />
                    </span>
                  </NavLink>
                  <NavLink to={paths.admin.insights()} className={linkClass} onClick={close}>
                    {INSIGHTS_NAV_TEXTS.menuLink}
                  </NavLink>
                  <NavLink to={paths.admin.salesChannels()} className={linkClass} onClick={close}>
                    {SALES_CHANNELS_NAV_TEXTS.menuLink}
                  </NavLink>
                  <NavLink to={paths.admin.customDomain()} className={linkClass} onClick={close}>
                    {DOMAIN_NAV_TEXTS.menuLink}
                  </NavLink>
                  <NavLink to={paths.admin.payments()} className={linkClass} onClick={close}>
                    {PAYMENT_SETTINGS_TEXTS.menuLink}
                  </NavLink>
                  <NavLink to={paths.admin.promotions()} className={linkClass} onClick={close}>
                    {PROMOTION_PAGE_TEXTS.menuLink}
                  </NavLink>
                  <NavLink to={paths.account.profile()} className={linkClass} onClick={close}>
                    Mi perfil
                  </NavLink>
                  <NavLink to={paths.account.favorites()} className={linkClass} onClick={close}>
                    Mis favoritos
                  </NavLink>
                  <Link
                    to={paths.account.logout()}
                    onClick={close}
                    className="flex items-center gap-2 rounded-lg px-3 py-3 text-base font-medium text-destructive hover:bg-muted"
                  >
                    <LogOut className="size-4" aria-hidden="true" />
                    Cerrar sesión
                  </Link>
                </div>
              ) : (
                <div className="grid gap-2">
                  <Button variant="outline" size="lg" asChild>
                    <Link to={paths.auth.login()} onClick={close}>
                      Iniciar sesión
                    </Link>
                  </Button>
                  <Button size="lg" asChild>
                    <Link to={paths.auth.register()} onClick={close}>
                      Crear cuenta
                    </Link>
                  </Button>
                </div>
              )}
            </div>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
