import {
  GENERIC_MESSAGES,
  LIMITS,
  PLAN_MESSAGES,
  PLAN_TEXTS,
  type OwnerBusiness,
  type Product,
  type ProductStatus,
} from '@vitrina/contracts'
import { Eye, EyeOff } from 'lucide-react'
import { toast } from 'sonner'
import { isApiError } from '../../../../api/client'
import { StorefrontImage } from '../../../../components/storefront/storefront-image'
import { Button } from '../../../../components/ui/button'
import { useSession } from '../../../../lib/session'
import { useHiddenProducts, useSetProductVisibility } from '../../../../api/plan'

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

/** The 'Ocultar' action of a visible product in the owner's list. */
export function HideProductButton({
  product,
  className,
}: {
  product: Pick<Product, '_id' | 'name'>
  className?: string
}) {
  const { change, isPending } = useVisibility()
  return (
    <button
      type="button"
      onClick={() => void change(product, 'hidden')}
      disabled={isPending}
      aria-label={PLAN_TEXTS.hideProduct(product.name)}
      title={PLAN_TEXTS.hide}
      className={className}
    >
      <EyeOff className="size-4" aria-hidden="true" />
    </button>
  )
}

/**
 * The products an expiry hid (issue 23 §2): kept, not on the storefront; the owner shows the ones
 * they want within the free plan's 20 (or upgrades).
 */
export function HiddenProducts({ business }: { business: OwnerBusiness }) {
  const hiddenCount = business.plan.usage.hidden
  const hidden = useHiddenProducts(business._id, hiddenCount > 0)
  const { change, isPending } = useVisibility()
  if (hiddenCount === 0 || !hidden.data || hidden.data.items.length === 0) return null
  return (
    <section
      aria-labelledby="productos-ocultos"
      className="grid gap-3 rounded-2xl border border-dashed border-input bg-card p-4 sm:p-6"
    >
      <div>
        <h2 id="productos-ocultos" className="text-xl font-bold tracking-tight">
          {PLAN_TEXTS.hiddenTitle} ({hidden.data.items.length})
        </h2>
        <p className="text-sm text-muted-foreground">
          {PLAN_TEXTS.hiddenIntro(LIMITS.freePlanProductLimit)}
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {hidden.data.items.map((product) => (
          <li
            key={product._id}
            className="flex items-center gap-3 rounded-xl border border-border p-2"
          >
            <StorefrontImage
              image={product.image}
              alt=""
              sizes="48px"
              className="size-12 shrink-0 rounded-lg object-cover"
            />
            <span className="min-w-0 flex-1 truncate text-sm font-medium">{product.name}</span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void change(product, 'active')}
              disabled={isPending}
              aria-label={PLAN_TEXTS.showProduct(product.name)}
            >
              <Eye aria-hidden="true" />
              {PLAN_TEXTS.show}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
