import { ADMIN_MESSAGES, GENERIC_MESSAGES } from '@vitrina/contracts'
import type { Product } from '@vitrina/contracts'
import { toast } from 'sonner'
import { isApiError } from '../../../../api/client'
import { Button } from '../../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog'
import { useDeleteProduct } from '../../api/save-product'

/** Deleting a product asks first: it removes the product and its images for good. */
export function DeleteProductDialog({
  product,
  onClose,
}: {
  product: Pick<Product, '_id' | 'name'> | null
  onClose: () => void
}) {
  const deleteProduct = useDeleteProduct()

  const confirm = async () => {
    if (!product) return
    try {
      await deleteProduct.mutateAsync(product._id)
      toast.success(ADMIN_MESSAGES.productDeleted, { description: product.name })
      onClose()
    } catch (error) {
      console.error(ADMIN_MESSAGES.productDeleteFailed, error)
      toast.error(ADMIN_MESSAGES.productDeleteFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    }
  }

  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => {
        if (!open && !deleteProduct.isPending) onClose()
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Eliminar producto</DialogTitle>
          <DialogDescription>
            ¿Seguro que quieres eliminar «{product?.name}»? Esta acción no se puede deshacer.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={deleteProduct.isPending}>
            Cancelar
          </Button>
          <Button
            variant="destructive"
            onClick={() => void confirm()}
            disabled={deleteProduct.isPending}
          >
            {deleteProduct.isPending ? 'Eliminando...' : 'Eliminar'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
