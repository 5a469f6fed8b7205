/**
 * The save path both owner forms share (business wizard / edit, product new / edit): upload
 * progress while saving, and on failure a log line, the server's field errors on their fields
 * and a Spanish error toast — SPEC §8 leaves these failures silent, but an owner must never
 * wonder whether a save worked.
 */
import { GENERIC_MESSAGES } from '@vitrina/contracts'
import { useState } from 'react'
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import type { UploadProgress } from '../../../api/client'

export type SaveWithProgress<V> = (
  values: V,
  onProgress: (progress: UploadProgress) => void,
) => Promise<void>

/**
 * Sets the field errors of a server 400 (`errors: [{ path, message }]`) on the form and returns
 * the first field's path, to open the step or tab that holds it.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
): string | undefined {
  if (!isApiError(error)) return undefined
  const fieldErrors = (error.errors ?? []).filter(({ path }) => path !== '')
  for (const { path, message } of fieldErrors) {
    setError(path as FieldPath<T>, { type: 'server', message })
  }
  return fieldErrors[0]?.path
}

/**
 * `run(values)` saves with progress; a failure is logged, handed to `onFailure` (server errors
 * onto the form) and toasted as `failureTitle` with the server's message or a generic one.
 */
export function useSaveWithFeedback<V>({
  save,
  failureTitle,
  onFailure,
}: {
  save: SaveWithProgress<V>
  failureTitle: string
  onFailure: (error: unknown) => void
}) {
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const run = async (values: V) => {
    setProgress(null)
    try {
      await save(values, setProgress)
    } catch (error) {
      console.error(failureTitle, error)
      onFailure(error)
      toast.error(failureTitle, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    } finally {
      setProgress(null)
    }
  }
  return { progress, run }
}
