import {
  ChartNoAxesColumn,
  CreditCard,
  Heart,
  LayoutDashboard,
  LogOut,
  ReceiptText,
  Share2,
  Globe,
  Percent,
  ShieldCheck,
  Store,
  UserRound,
} from 'lucide-react'
import { Link } from '../../ui/link'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu'
import { paths } from '../../../config/paths'
import { useNewOrdersCount } from '../../../api/order-counts'
import { NewOrdersBadge, ordersLinkLabel } from '../../orders-badge'
import {
  INSIGHTS_NAV_TEXTS,
  OPERATOR_CONSOLE_MESSAGES,
  SALES_CHANNELS_NAV_TEXTS,
  DOMAIN_NAV_TEXTS,
  PAYMENT_SETTINGS_TEXTS,
  PROMOTION_PAGE_TEXTS,
} from '@vitrina/contracts'
import type { User } from '@vitrina/contracts'

/** 'Operador' beside an operator's name (issue 23 §3). */
export function OperatorBadge() {
  return (
    <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">
      {OPERATOR_CONSOLE_MESSAGES.roleLabel}
    </span>
  )
}

export function userInitial(name: string): string {
  return name.trim().charAt(0).toLocaleUpperCase('es') || '?'
}

/**
 * SPEC §2.6: the platform user menu — 'Panel' (issue 41: was 'Dashboard'), 'Mi negocio', 'Cerrar sesión'. An operator
 * (issue 23 §3) is labelled 'Operador' and finds the console first.
 */
export function UserMenu({ user }: { user: User }) {
  const isOperator = user.role === 'operator'
  // Issue 24 §3: the owner's new orders, on the trigger and beside 'Pedidos'.
  const newOrders = useNewOrdersCount(user._id)
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="flex items-center gap-2 rounded-full p-1 pr-3 text-sm font-medium transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50"
        aria-label={
          newOrders > 0
            ? `Menú de ${user.name} (${ordersLinkLabel(newOrders)})`
            : `Menú de ${user.name}`
        }
      >
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-accent text-sm font-bold text-white"
        >
          {userInitial(user.name)}
        </span>
        <span className="max-w-32 truncate">{user.name}</span>
        {isOperator && <OperatorBadge />}
        <NewOrdersBadge count={newOrders} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="truncate">{user.name}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {isOperator && (
          <>
            <DropdownMenuItem asChild>
              <Link to={paths.operator.root()}>
                <ShieldCheck aria-hidden="true" />
                {OPERATOR_CONSOLE_MESSAGES.consoleTitle}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem asChild>
          <Link to={paths.platform.dashboard()}>
            <LayoutDashboard aria-hidden="true" />
            Panel
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.admin.myBusiness()}>
            <Store aria-hidden="true" />
            Mi negocio
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.admin.orders()} aria-label={ordersLinkLabel(newOrders)}>
            <ReceiptText aria-hidden="true" />
            Pedidos
            <NewOrdersBadge count={newOrders} />
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.admin.insights()}>
            <ChartNoAxesColumn aria-hidden="true" />
            {INSIGHTS_NAV_TEXTS.menuLink}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.admin.salesChannels()}>
            <Share2 aria-hidden="true" />
            {SALES_CHANNELS_NAV_TEXTS.menuLink}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.admin.customDomain()}>
            <Globe aria-hidden="true" />
            {DOMAIN_NAV_TEXTS.menuLink}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.admin.payments()}>
            <CreditCard aria-hidden="true" />
            {PAYMENT_SETTINGS_TEXTS.menuLink}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.admin.promotions()}>
            <Percent aria-hidden="true" />
            {PROMOTION_PAGE_TEXTS.menuLink}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.account.profile()}>
            <UserRound aria-hidden="true" />
            Mi perfil
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.account.favorites()}>
            <Heart aria-hidden="true" />
            Mis favoritos
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild variant="destructive">
          <Link to={paths.account.logout()}>
            <LogOut aria-hidden="true" />
            Cerrar sesión
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
