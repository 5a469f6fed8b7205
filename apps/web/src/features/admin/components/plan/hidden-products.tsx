import {
  GENERIC_MESSAGES,
  PLAN_MESSAGES,
  PLAN_TEXTS,
  PRODUCT_VISIBILITY_TEXTS,
  parseListAddress,
  type OwnerBusiness,
  type Product,
  type ProductStatus,
} from '@vitrina/contracts'
import { Eye, EyeOff } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { Link } from '../../../../components/ui/link'
import { toast } from 'sonner'
import { isApiError } from '../../../../api/client'
import { Button } from '../../../../components/ui/button'
import { paths } from '../../../../config/paths'
import { useSession } from '../../../../lib/session'
import { useSetProductVisibility } from '../../../../api/plan'

/** Hides a product or shows a hidden one, with the API's Spanish refusal as the toast. */
export function useVisibility() {
  const { user } = useSession()
  const mutation = useSetProductVisibility(user?._id ?? '')
  const change = async (product: Pick<Product, '_id' | 'name'>, status: ProductStatus) => {
    try {
      await mutation.mutateAsync({ id: product._id, status })
      toast.success(
        status === 'hidden' ? PLAN_MESSAGES.productHidden : PLAN_MESSAGES.productShown,
        {
          description: product.name,
        },
      )
    } catch (error) {
      toast.error(PLAN_MESSAGES.visibilityFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    }
  }
  return { change, isPending: mutation.isPending }
}

/**
 * The card's visibility action (issue 25 §2): 'Ocultar' for a visible product, 'Mostrar' for a
 * hidden one.
 */
export function VisibilityButton({
  product,
  className,
}: {
  product: Pick<Product, '_id' | 'name' | 'status'>
  className?: string
}) {
  const { change, isPending } = useVisibility()
  const isHidden = product.status === 'hidden'
  const Icon = isHidden ? Eye : EyeOff
  return (
    <button
      type="button"
      onClick={() => void change(product, isHidden ? 'active' : 'hidden')}
      disabled={isPending}
      aria-label={
        isHidden ? PLAN_TEXTS.showProduct(product.name) : PLAN_TEXTS.hideProduct(product.name)
      }
      title={isHidden ? PLAN_TEXTS.show : PLAN_TEXTS.hide}
      className={className}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  )
}

/**
 * Why some products are hidden (issue 23 §2: an expiry hides those past the free plan's 20) and
 * a way to them: the dashboard's list itself, filtered to 'Ocultos' (issue 25 §2), where each
 * card shows 'Mostrar'.
 */
export function HiddenProducts({ business }: { business: OwnerBusiness }) {
  const [query] = useSearchParams()
  const { hidden, limit, products } = business.plan.usage
  if (hidden === 0) return null
  // Issue 41: the plan's limit is named only when it is why more cannot be shown — the visible
  // products fill it. A product hidden by hand under the limit is just hidden.
  const planHolds = limit !== null && products - hidden >= limit
  const isShowing = parseListAddress(query, 'owner').estado === 'ocultos'
  return (
    <section
      aria-labelledby="productos-ocultos"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-dashed border-input bg-card p-4 sm:p-6"
    >
      <div className="grid min-w-0 flex-[1_1_20rem] gap-1">
        <h2 id="productos-ocultos" className="text-xl font-bold tracking-tight">
          {PLAN_TEXTS.hiddenTitle} ({hidden})
        </h2>
        <p className="text-sm text-muted-foreground">
          {PRODUCT_VISIBILITY_TEXTS.hiddenCount(hidden)}
          {planHolds && ` ${PRODUCT_VISIBILITY_TEXTS.planHides(limit)}`}
        </p>
      </div>
      {!isShowing && (
        <Button asChild variant="outline">
          <Link
            to={paths.admin.myBusiness({ estado: 'ocultos' })}
            preventScrollReset
            onClick={() =>
              requestAnimationFrame(() =>
                document.getElementById('productos')?.scrollIntoView({ block: 'start' }),
              )
            }
          >
            <Eye aria-hidden="true" />
            {PRODUCT_VISIBILITY_TEXTS.seeHidden}
          </Link>
        </Button>
      )}
    </section>
  )
}
