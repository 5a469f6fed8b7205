import { FIELD_MESSAGES, IMAGE_MIME_TYPES, LIMITS } from '@vitrina/contracts'

/** What the file inputs accept (the browser's picker filter; the check below is what counts). */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',')

/**
 * SPEC §5, §9: only PNG, JPG or WEBP images of at most 5 MB. Returns the Spanish reason a file is
 * refused, or null when it may be used. Runs before any request, so a wrong file never uploads.
 */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type))
    return FIELD_MESSAGES.imageInvalid
  if (file.size > LIMITS.maxImageBytes) return FIELD_MESSAGES.imageTooLarge
  return null
}

/** Splits picked files into usable ones and the Spanish messages for the refused ones. */
export function partitionImageFiles(files: Iterable<File>): {
  accepted: File[]
  refused: string[]
} {
  const accepted: File[] = []
  const refused: string[] = []
  for (const file of files) {
    const problem = imageFileProblem(file)
    if (problem) refused.push(`${file.name}: ${problem}`)
    else accepted.push(file)
  }
  return { accepted, refused }
}

/**
 * The usable picked files that still fit in a list with `room` free places, and the Spanish
 * messages for the rest (each refused file, then `fullMessage` when some usable ones did not fit).
 */
export function fitImageFiles(
  files: Iterable<File>,
  room: number,
  fullMessage: string,
): { fitting: File[]; problems: string[] } {
  const { accepted, refused } = partitionImageFiles(files)
  const fitting = accepted.slice(0, Math.max(room, 0))
  const problems = fitting.length < accepted.length ? [...refused, fullMessage] : refused
  return { fitting, problems }
}
