import type { UploadProgress } from '../../../api/client'

/** What the business and product saves send: a SPEC §7 multipart body, with upload progress. */
export interface SaveInput {
  formData: FormData
  onProgress?: (progress: UploadProgress) => void
}
