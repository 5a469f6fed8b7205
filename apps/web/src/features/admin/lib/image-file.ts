import {
  API_MESSAGES,
  FIELD_MESSAGES,
  IMAGE_MIME_TYPES,
  IMAGE_HEADER_BYTES,
  IMAGE_SIGNATURE_BYTES,
  imageDimensionsOf,
  imageFormatOf,
  LIMITS,
} from '@vitrina/contracts'

/** What the file inputs accept (the browser's picker filter; the check below is what counts). */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',')

/** The file's first bytes (FileReader: older browsers and jsdom lack Blob.arrayBuffer). */
function readHead(file: Blob, bytes = IMAGE_SIGNATURE_BYTES): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => resolve(new Uint8Array())
    reader.readAsArrayBuffer(file.slice(0, bytes))
  })
}

/**
 * Issue 41: a corrupt image, or one of 400 megapixels, passed the first bytes' check and was
 * refused only on saving. Its size is read from its header (no pixel decoded: a 400-megapixel
 * PNG would take gigabytes of memory) against the API's LIMITS.maxImagePixels, with the API's
 * message; then the browser decodes it (createImageBitmap), which a truncated or corrupt file
 * fails. A browser without createImageBitmap leaves that to the API.
 */
async function decodeProblem(file: File, head: Uint8Array): Promise<string | null> {
  const size = imageDimensionsOf(head)
  if (size && size.width * size.height > LIMITS.maxImagePixels) return API_MESSAGES.imageTooLarge
  if (typeof createImageBitmap !== 'function') return null
  try {
    const bitmap = await createImageBitmap(file)
    bitmap.close()
    return null
  } catch {
    return API_MESSAGES.unsupportedImage
  }
}

/**
 * SPEC §5, §9: only PNG, JPG or WEBP images of at most 5 MB. Returns the Spanish reason a file is
 * refused, or null when it may be used. Runs before any request, so a wrong file never uploads:
 * the declared type and size, then the first bytes — with the API's own check, so a text file
 * named `.png` is refused here with the message the server would give, not at saving.
 */
export async function imageFileProblem(file: File): Promise<string | null> {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type))
    return FIELD_MESSAGES.imageInvalid
  if (file.size > LIMITS.maxImageBytes) return FIELD_MESSAGES.imageTooLarge
  const head = await readHead(file, IMAGE_HEADER_BYTES)
  if (!imageFormatOf(head)) return API_MESSAGES.unsupportedImage
  return decodeProblem(file, head)
}

/** Splits picked files into usable ones and the Spanish messages for the refused ones. */
export async function partitionImageFiles(files: Iterable<File>): Promise<{
  accepted: File[]
  refused: string[]
}> {
  const picked = [...files]
  const problems = await Promise.all(picked.map(imageFileProblem))
  const accepted: File[] = []
  const refused: string[] = []
  picked.forEach((file, index) => {
    const problem = problems[index]
    if (problem) refused.push(`${file.name}: ${problem}`)
    else accepted.push(file)
  })
  return { accepted, refused }
}

/**
 * The usable picked files that still fit in a list with `room` free places, and the Spanish
 * messages for the rest (each refused file, then `fullMessage` when some usable ones did not fit).
 */
export async function fitImageFiles(
  files: Iterable<File>,
  room: number,
  fullMessage: string,
): Promise<{ fitting: File[]; problems: string[] }> {
  const { accepted, refused } = await partitionImageFiles(files)
  const fitting = accepted.slice(0, Math.max(room, 0))
  const problems = fitting.length < accepted.length ? [...refused, fullMessage] : refused
  return { fitting, problems }
}
