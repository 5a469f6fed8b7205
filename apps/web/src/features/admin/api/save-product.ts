import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Product } from '@vitrina/contracts'
import { api } from '../../../api/client'
import { productKeys } from '../../../api/products'
import type { SaveInput } from './save-input'

/** POST /api/products, multipart with upload progress (SPEC §7). */
export function createProduct({ formData, onProgress }: SaveInput): Promise<Product> {
  return api.upload<Product>('/products', formData, { onProgress })
}

/** PATCH /api/products/{id}, multipart with upload progress (SPEC §7). */
export function updateProduct(id: string, { formData, onProgress }: SaveInput): Promise<Product> {
  return api.upload<Product>(`/products/${encodeURIComponent(id)}`, formData, {
    method: 'PATCH',
    onProgress,
  })
}

/** DELETE /api/products/{id} (the owner's dashboard, beyond SPEC). */
export function deleteProduct(id: string): Promise<void> {
  return api.delete<void>(`/products/${encodeURIComponent(id)}`)
}

/** POST /api/products/{id}/duplicate (issue 27 §2): the copy, "(copia)", its images copied. */
export function duplicateProduct(id: string): Promise<Product> {
  return api.post<Product>(`/products/${encodeURIComponent(id)}/duplicate`)
}

/**
 * Lists, carousels and details of every business may show the changed product, and the owner's
 * business carries the plan's product count (issue 23 §2).
 */
function useInvalidateProducts() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['businesses', 'mine'] }),
    ])
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts()
  return useMutation({ mutationFn: createProduct, onSuccess: invalidate })
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateProducts()
  return useMutation({
    mutationFn: (input: SaveInput) => updateProduct(id, input),
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product._id), product)
      return invalidate()
    },
  })
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts()
  return useMutation({ mutationFn: deleteProduct, onSuccess: invalidate })
}

export function useDuplicateProduct() {
  const invalidate = useInvalidateProducts()
  return useMutation({ mutationFn: duplicateProduct, onSuccess: invalidate })
}
