import {
  BULK_MESSAGES,
  GENERIC_MESSAGES,
  PRODUCT_MESSAGES,
  PRODUCT_ORDERS,
  PRODUCT_ORDER_LABELS,
  VARIANT_MESSAGES,
  activeFilterCount,
  listRequest,
  parseListAddress,
} from '@vitrina/contracts'
import type {
  OwnerBusiness as Business,
  ListAddress as Filters,
  Product,
  ProductOrder,
} from '@vitrina/contracts'
import {
  ArrowDownToLine,
  ArrowUpToLine,
  Copy,
  PackageOpen,
  PackagePlus,
  Pencil,
  Trash2,
} from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Link } from '../../../../components/ui/link'
import { useProducts } from '../../../../api/products'
import { Pagination } from '../../../../components/pagination'
import { ProductCard } from '../../../../components/storefront/product-card'
import { StorefrontFrame } from '../../../../components/storefront/storefront-frame'
import { Button } from '../../../../components/ui/button'
import { Skeleton } from '../../../../components/ui/skeleton'
import { paths } from '../../../../config/paths'
import { isApiError } from '../../../../api/client'
import { toast } from '../../../../lib/toast'
import { useDuplicateProduct } from '../../api/save-product'
import {
  bulkFilter,
  useMoveProduct,
  useReorderProducts,
  useSetProductOrder,
} from '../../api/bulk-products'
import { BulkToolbar } from './bulk-toolbar'
import { SortableProducts, type DragHandle } from './sortable-products'
import { DeleteProductDialog } from './delete-product-dialog'
import { ProductFilters } from './product-filters'
import { VisibilityButton } from '../plan/hidden-products'
import { CatalogueActions } from '../catalogue-io/catalogue-actions'

const CARD_SIZES =
  '(min-width: 1280px) 280px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw'

const moveClass =
  'inline-flex size-9 items-center justify-center rounded-lg border border-border bg-card text-foreground shadow-xs outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50'

/** On a narrow card the icon buttons share a second row; from 14rem they follow 'Modificar'. */
const iconActionClass = 'min-w-11 flex-1 @min-[14rem]/acciones:w-11 @min-[14rem]/acciones:flex-none'

const rowActionClass =
  'inline-flex h-11 items-center justify-center gap-1.5 rounded-lg text-sm font-semibold transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50 disabled:opacity-55'

/**
 * Issue 25: the units the owner has of a product that keeps stock (the product's, or its
 * variants' together), null when it keeps none or the reply carries no numbers.
 */
export function ownerStock(product: Product): number | null {
  if (!product.trackStock) return null
  if (product.variants.length === 0) return product.stock ?? null
  const known = product.variants.filter((v) => typeof v.stock === 'number')
  return known.length === 0 ? null : known.reduce((sum, v) => sum + (v.stock ?? 0), 0)
}

/** 'Agotado', 'Quedan 3' or '12 unidades' under an owner's card; nothing without stock kept. */
function StockLine({ product, reserve }: { product: Product; reserve: boolean }) {
  const units = ownerStock(product)
  // A line's height kept under the other cards of a page that shows stock: cards stay level.
  const blank = reserve ? (
    <p aria-hidden="true" className="mt-1.5 text-xs">
      &nbsp;
    </p>
  ) : null
  if (!product.trackStock) return blank
  const text =
    product.available === false
      ? VARIANT_MESSAGES.soldOut
      : product.lowStock
        ? VARIANT_MESSAGES.lowStock(product.lowStock)
        : units !== null
          ? VARIANT_MESSAGES.stockUnits(units)
          : null
  if (!text) return blank
  return (
    <p
      className={
        product.available === false
          ? 'mt-1.5 text-xs font-semibold text-destructive'
          : 'mt-1.5 text-xs text-muted-foreground'
      }
    >
      {VARIANT_MESSAGES.productStock}: {text}
    </p>
  )
}

function productCount(n: number): string {
  return n === 1 ? '1 producto en total' : `${n} productos en total`
}

/**
 * SPEC §2.14: the business's products with '{n} productos en total', filters and sorting. A card
 * shows 'Modificar producto' on hover or keyboard focus (always on touch screens), and a delete
 * button that asks before deleting.
 */
/** The owner's list shows 12 products a page (SPEC §2.14). */
const DASHBOARD_PAGE_SIZE = 12

export function OwnerProducts({ business, total }: { business: Business; total?: number }) {
  const [query] = useSearchParams()
  const navigate = useNavigate()
  // Issue 25 §2: every product, hidden ones included, unless the 'Visibilidad' filter narrows it.
  const filters = parseListAddress(query, 'owner')
  const listParams = listRequest(filters, DASHBOARD_PAGE_SIZE, 'owner')
  const list = useProducts(business._id, listParams)
  const [toDelete, setToDelete] = useState<Product | null>(null)
  const isFiltered = activeFilterCount(filters) > 0
  // Issue 27 §2: the selection belongs to the filters (not the page): it survives paging and is
  // dropped when the filters change.
  const selectionKey = JSON.stringify({ ...filters, page: 1 })
  const [selection, setSelection] = useState({
    key: selectionKey,
    ids: new Set<string>(),
    allMatching: false,
  })
  const current =
    selection.key === selectionKey
      ? selection
      : { key: selectionKey, ids: new Set<string>(), allMatching: false }
  const clearSelection = () =>
    setSelection({ key: selectionKey, ids: new Set(), allMatching: false })
  const toggle = (ids: readonly string[], on: boolean) => {
    const next = new Set(current.ids)
    for (const id of ids) {
      if (on) next.add(id)
      else next.delete(id)
    }
    setSelection({ key: selectionKey, ids: next, allMatching: false })
  }
  const matching = list.data?.total ?? 0
  const selectedCount = current.allMatching ? matching : current.ids.size
  const pageIds = list.data?.items.map((item) => item._id) ?? []
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => current.ids.has(id))
  // Dragging orders the storefront's default list: only when that is the manual order and the
  // list shows it (the default sort, no search).
  const manual = business.productOrder === 'manual'
  const canDrag = manual && filters.sort === 'newest' && !filters.search
  const reorder = useReorderProducts(business._id, listParams)
  const moveProduct = useMoveProduct()
  const pageSelectId = useId()

  useEffect(() => {
    // SPEC §8: a product list failure is logged (and the owner sees a retry below).
    if (list.error) console.error('No se pudieron cargar los productos', list.error)
  }, [list.error])

  const change = (next: Filters) =>
    void navigate(paths.admin.myBusiness(next), { preventScrollReset: true })

  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1
  // A page where some product keeps stock keeps a stock line's height under every card.
  const showsStock = list.data?.items.some((item) => item.trackStock) ?? false

  return (
    <section aria-labelledby="productos" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="productos" className="text-xl font-bold tracking-tight">
            Productos
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total === undefined ? 'Contando productos…' : productCount(total)}
            {isFiltered && list.data && ` · ${list.data.total} con estos filtros`}
          </p>
        </div>
        {/* The store's settings for its products, together at the row's end. */}
        <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
          <ProductOrderControl business={business} />
          <CatalogueActions identifier={business.identifier} />
        </div>
      </div>

      <ProductFilters
        key={query.get('search') ?? ''}
        filters={filters}
        categories={business.categories}
        productOrder={business.productOrder}
        onChange={change}
      />

      {list.data && list.data.items.length > 0 && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <label
            htmlFor={pageSelectId}
            className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium"
          >
            <input
              id={pageSelectId}
              type="checkbox"
              checked={pageSelected || current.allMatching}
              onChange={(event) => toggle(pageIds, event.target.checked)}
              className="size-5 cursor-pointer accent-primary focus-visible:outline-3 focus-visible:outline-ring/50"
            />
            {BULK_MESSAGES.selectPage}
          </label>
          {current.allMatching ? (
            <p className="text-sm font-medium" aria-live="polite">
              {BULK_MESSAGES.allMatchingSelected(matching)}
            </p>
          ) : (
            pageSelected &&
            matching > pageIds.length && (
              <Button
                variant="link"
                size="sm"
                onClick={() =>
                  setSelection({ key: selectionKey, ids: new Set(pageIds), allMatching: true })
                }
              >
                {BULK_MESSAGES.selectAllMatching(matching)}
              </Button>
            )
          )}
        </div>
      )}

      {selectedCount > 0 && (
        <BulkToolbar
          count={selectedCount}
          selection={
            current.allMatching ? { filter: bulkFilter(listParams) } : { ids: [...current.ids] }
          }
          categories={business.categories}
          userId={business.userId}
          onDone={clearSelection}
        />
      )}

      {list.isPending ? (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <Skeleton radius="card" className="aspect-[3/4]" />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-border bg-card p-8 text-center">
          <p>{GENERIC_MESSAGES.tryAgainLater}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Intentar de nuevo
          </Button>
        </div>
      ) : list.data.items.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-input bg-card p-10 text-center">
          <PackageOpen className="size-10 text-muted-foreground" aria-hidden="true" />
          {isFiltered ? (
            <>
              <p>{GENERIC_MESSAGES.noProducts}</p>
              <Button variant="outline" asChild>
                <Link to={paths.admin.myBusiness()}>Limpiar filtros</Link>
              </Button>
            </>
          ) : (
            <>
              <p className="font-medium">Todavía no tienes productos.</p>
              <Button asChild>
                <Link to={paths.admin.newProduct()}>
                  <PackagePlus aria-hidden="true" />
                  Agregar producto
                </Link>
              </Button>
            </>
          )}
        </div>
      ) : (
        <StorefrontFrame
          colors={business}
          transparent
          aria-busy={list.isPlaceholderData || undefined}
        >
          <SortableProducts
            items={list.data.items}
            enabled={canDrag}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
            // A column: the card takes the row's height less the stock line under it.
            itemClassName="flex flex-col"
            onReorder={(ids) =>
              reorder.mutate(ids, {
                onSuccess: () => toast.success(BULK_MESSAGES.orderSaved),
                onError: (error) =>
                  toast.error(BULK_MESSAGES.orderFailed, {
                    description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
                  }),
              })
            }
            renderItem={(product, index, handle: DragHandle) => (
              <>
                <div className="flex items-center justify-between gap-1 pb-1.5">
                  <label className="flex min-h-9 min-w-9 cursor-pointer items-center justify-center rounded-lg">
                    <input
                      type="checkbox"
                      checked={current.allMatching || current.ids.has(product._id)}
                      onChange={(event) => toggle([product._id], event.target.checked)}
                      aria-label={BULK_MESSAGES.selectProduct(product.name)}
                      className="size-5 cursor-pointer accent-primary focus-visible:outline-3 focus-visible:outline-ring/50"
                    />
                  </label>
                  {manual && (
                    <div className="flex items-center gap-1">
                      <button
                        type="button"
                        onClick={() => moveProduct.mutate({ id: product._id, to: 'first' })}
                        aria-label={`${BULK_MESSAGES.moveFirst}: ${product.name}`}
                        title={BULK_MESSAGES.moveFirst}
                        className={moveClass}
                      >
                        <ArrowUpToLine className="size-4" aria-hidden="true" />
                      </button>
                      <button
                        type="button"
                        onClick={() => moveProduct.mutate({ id: product._id, to: 'last' })}
                        aria-label={`${BULK_MESSAGES.moveLast}: ${product.name}`}
                        title={BULK_MESSAGES.moveLast}
                        className={moveClass}
                      >
                        <ArrowDownToLine className="size-4" aria-hidden="true" />
                      </button>
                      {handle}
                    </div>
                  )}
                </div>
                <div className="min-h-0 flex-1">
                  <ProductCard
                    product={product}
                    identifier={business.identifier}
                    isPreview
                    priority={index < 4}
                    sizes={CARD_SIZES}
                  />
                </div>
                {/* Issue 41: the owner's actions in a row under the card, full contrast and
                    44 px targets, instead of five faint buttons piled on the image at 375 px. */}
                <div className="@container/acciones">
                  <div className="flex flex-wrap items-center gap-1 pt-1.5">
                    <Link
                      to={paths.admin.editProduct(product._id)}
                      aria-label="Modificar producto"
                      title="Modificar producto"
                      className={`${rowActionClass} basis-full bg-primary px-2 text-primary-foreground hover:bg-primary/90 @min-[14rem]/acciones:basis-0 @min-[14rem]/acciones:flex-1`}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                      Modificar
                    </Link>
                    <DuplicateProductButton
                      product={product}
                      className={`${rowActionClass} ${iconActionClass} border border-border bg-card text-foreground hover:bg-muted`}
                    />
                    <VisibilityButton
                      product={product}
                      className={`${rowActionClass} ${iconActionClass} border border-border bg-card text-foreground hover:bg-muted`}
                    />
                    <button
                      type="button"
                      onClick={() => setToDelete(product)}
                      aria-label={`Eliminar ${product.name}`}
                      title="Eliminar"
                      className={`${rowActionClass} ${iconActionClass} border border-destructive/40 bg-card text-destructive hover:bg-destructive/10`}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                </div>
                <StockLine product={product} reserve={showsStock} />
              </>
            )}
          />
        </StorefrontFrame>
      )}

      {list.data && (
        <Pagination
          page={filters.page}
          totalPages={totalPages}
          hrefFor={(page) => paths.admin.myBusiness({ ...filters, page })}
        />
      )}

      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
    </section>
  )
}

/** Issue 27 §2: 'Duplicar' — a copy with "(copia)" opens in the list; the API's refusal (the
 * plan's limit) is the toast. */
function DuplicateProductButton({
  product,
  className,
}: {
  product: Pick<Product, '_id' | 'name'>
  className: string
}) {
  const duplicate = useDuplicateProduct()
  async function onClick() {
    try {
      const copy = await duplicate.mutateAsync(product._id)
      toast.success(PRODUCT_MESSAGES.duplicated, { description: copy.name })
    } catch (error) {
      toast.error(PRODUCT_MESSAGES.duplicateFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    }
  }
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={duplicate.isPending}
      aria-label={`${PRODUCT_MESSAGES.duplicate} ${product.name}`}
      title={PRODUCT_MESSAGES.duplicate}
      className={className}
    >
      <Copy className="size-4" aria-hidden="true" />
    </button>
  )
}

/**
 * Issue 27 §2: the storefront's default order — newest first, or the owner's (dragged here).
 * Saved at once (the business's productOrder).
 */
function ProductOrderControl({ business }: { business: Business }) {
  const id = useId()
  const setOrder = useSetProductOrder(business)
  const value: ProductOrder = business.productOrder ?? 'newest'
  async function change(next: ProductOrder) {
    try {
      await setOrder.mutateAsync(next)
      toast.success(BULK_MESSAGES.orderSaved, { description: PRODUCT_ORDER_LABELS[next] })
    } catch (error) {
      toast.error(BULK_MESSAGES.orderFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    }
  }
  return (
    <div className="grid max-w-xs gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {BULK_MESSAGES.orderLabel}
      </label>
      <select
        id={id}
        value={value}
        disabled={setOrder.isPending}
        aria-describedby={value === 'manual' ? `${id}-hint` : undefined}
        onChange={(event) => void change(event.target.value as ProductOrder)}
        className="h-10 rounded-lg border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40"
      >
        {PRODUCT_ORDERS.map((order) => (
          <option key={order} value={order}>
            {PRODUCT_ORDER_LABELS[order]}
          </option>
        ))}
      </select>
      {value === 'manual' && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {BULK_MESSAGES.orderHint}
        </p>
      )}
    </div>
  )
}
