/**
 * Issue 27 §1: the owner's spreadsheet calls — GET /api/products/export?format=,
 * GET /api/products/import/template?format=, POST /api/products/import?dryRun= (multipart
 * `file`) and GET /api/products/import/{jobId} (the images' progress).
 */
import { useQuery } from '@tanstack/react-query'
import { importJobSchema, importPreviewSchema, type ImportJob } from '@vitrina/contracts'
import { api, buildUrl, requestBlob } from '../../../api/client'

export type SheetFormat = 'csv' | 'xlsx'

export function exportProducts(format: SheetFormat): Promise<Blob> {
  return requestBlob('/products/export', { query: { format } })
}

/** The template is public: a plain link downloads it. */
export function templateUrl(format: SheetFormat): string {
  return buildUrl('/products/import/template', { format })
}

export function importProducts(file: File, dryRun: boolean, signal?: AbortSignal) {
  const form = new FormData()
  form.append('file', file)
  return api.upload(`/products/import?dryRun=${dryRun}`, form, {
    schema: importPreviewSchema,
    signal,
  })
}

export const importJobKeys = {
  job: (id: string) => ['products', 'import', id] as const,
}

/** The job's progress, asked every second until it is done. */
export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: importJobKeys.job(jobId ?? ''),
    queryFn: ({ signal }) =>
      api.get<ImportJob>(`/products/import/${encodeURIComponent(jobId!)}`, {
        signal,
        schema: importJobSchema,
      }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : 1000),
  })
}
