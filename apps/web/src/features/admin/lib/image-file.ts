import {
  API_MESSAGES,
  FIELD_MESSAGES,
  IMAGE_MIME_TYPES,
  IMAGE_SIGNATURE_BYTES,
  imageFormatOf,
  LIMITS,
} from '@vitrina/contracts'

/** What the file inputs accept (the browser's picker filter; the check below is what counts). */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',')

/** The file's first bytes (FileReader: older browsers and jsdom lack Blob.arrayBuffer). */
function readHead(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => resolve(new Uint8Array())
    reader.readAsArrayBuffer(file.slice(0, IMAGE_SIGNATURE_BYTES))
  })
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
  return imageFormatOf(await readHead(file)) ? null : API_MESSAGES.unsupportedImage
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
