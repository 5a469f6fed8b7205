/**
 * Reads a whole multipart request into memory, safely: only the file fields a route names, at most
 * as many files as it allows (SPEC §9: 1 logo, 10 slides, 1 main image, 10 extra images), each
 * already cut at 5 MB by the multipart plugin (413). Nothing touches the disk, so an aborted or
 * refused upload leaves nothing behind. Nothing is stored either: routes validate the fields first
 * and only then process the images.
 */
import type { FastifyRequest } from 'fastify'
import {
  API_MESSAGES,
  BUSINESS_MESSAGES,
  LIMITS,
  PRODUCT_MESSAGES,
  type FieldError,
} from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'
import { assertStorableText } from '../../lib/text-input.js'

export interface FileFieldLimit {
  max: number
  /** Spanish message when more than `max` files arrive (default API_MESSAGES.tooManyFiles). */
  message?: string
}

export interface ReadMultipartOptions<F extends string = string> {
  /** The file fields this route accepts and how many files each may hold. */
  files: Record<F, number | FileFieldLimit>
}

export interface MultipartBody<F extends string = string> {
  /**
   * Text fields. A name sent once is a string; a name sent several times, or with brackets
   * (`tags[0]`, `tags[1]`, `tags[]`), is an array in index order, then arrival order. Line
   * breaks are `\n` (browsers send CRLF).
   */
  fields: Record<string, string | string[]>
  /** Every accepted file field, present even when empty, in the order the files were sent. */
  files: Record<F, Buffer[]>
}

/** The upload fields of SPEC §7 with their SPEC §9 limits and §5 messages. */
export const UPLOAD_FIELDS = {
  logo: { max: 1 },
  slides: { max: LIMITS.maxSlides, message: BUSINESS_MESSAGES.slidesMax },
  image: { max: 1 },
  images: { max: LIMITS.maxExtraImages, message: PRODUCT_MESSAGES.imagesMax },
} as const satisfies Record<string, FileFieldLimit>

const BRACKETED = /^(.+)\[(\d{0,4})\]$/

interface Entry<T> {
  value: T
  /** Position given by `name[i]`; unindexed entries go after indexed ones. */
  index: number
  arrival: number
}

function parseName(fieldname: string): { name: string; index: number; isList: boolean } {
  const match = BRACKETED.exec(fieldname)
  if (!match) return { name: fieldname, index: Number.MAX_SAFE_INTEGER, isList: false }
  const [, name = fieldname, index = ''] = match
  return { name, index: index === '' ? Number.MAX_SAFE_INTEGER : Number(index), isList: true }
}

function ordered<T>(entries: Entry<T>[]): T[] {
  return [...entries].sort((a, b) => a.index - b.index || a.arrival - b.arrival).map((e) => e.value)
}

function fieldError(path: string, message: string): FieldError[] {
  return [{ path, message }]
}

export async function readMultipart<F extends string>(
  request: FastifyRequest,
  options: ReadMultipartOptions<F>,
): Promise<MultipartBody<F>> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', API_MESSAGES.unsupportedMediaType)
  }
  const limits = new Map(
    Object.entries<number | FileFieldLimit>(options.files).map(([name, limit]) => [
      name,
      typeof limit === 'number' ? { max: limit } : limit,
    ]),
  )
  const totalFiles = [...limits.values()].reduce((sum, l) => sum + l.max, 0)
  const fields = new Map<string, { entries: Entry<string>[]; isList: boolean }>()
  const files = new Map<string, Entry<Buffer>[]>([...limits.keys()].map((name) => [name, []]))
  let arrival = 0

  // One file more than the route allows gets through the parser, so the precise per-field
  // message below wins over the parser's generic "too many files".
  for await (const part of request.parts({ limits: { files: totalFiles + 1 } })) {
    const { name, index, isList } = parseName(part.fieldname)
    if (part.type === 'file') {
      // An HTML form sends an empty part without a file name for a file input left blank.
      const isBlank = async () => !part.filename && (await part.toBuffer()).length === 0
      const limit = limits.get(name)
      const received = files.get(name)
      if (!limit || !received) {
        if (await isBlank()) continue
        throw new AppError(
          'BAD_REQUEST',
          API_MESSAGES.unexpectedFile,
          fieldError(part.fieldname, API_MESSAGES.unexpectedFile),
        )
      }
      // Throws FST_REQ_FILE_TOO_LARGE (413) past 5 MB.
      const data = await part.toBuffer()
      if (data.length === 0 && !part.filename) continue
      if (received.length >= limit.max) {
        const message = limit.message ?? API_MESSAGES.tooManyFiles
        throw new AppError('BAD_REQUEST', message, fieldError(name, message))
      }
      received.push({ value: data, index, arrival: arrival++ })
      continue
    }
    if (part.fieldnameTruncated || part.valueTruncated) {
      throw new AppError('PAYLOAD_TOO_LARGE', API_MESSAGES.payloadTooLarge)
    }
    // Parts sent as application/json arrive parsed; JSON-valued fields are text in our contract.
    // Browsers turn every line break of a form field into CRLF: give back what the user typed.
    const value =
      typeof part.value === 'string'
        ? part.value.replace(/\r\n?/g, '\n')
        : JSON.stringify(part.value)
    assertStorableText({ [part.fieldname]: value })
    const field = fields.get(name) ?? { entries: [], isList: false }
    field.isList ||= isList
    field.entries.push({ value, index, arrival: arrival++ })
    fields.set(name, field)
  }

  return {
    fields: Object.fromEntries(
      [...fields].map(([name, { entries, isList }]) => [
        name,
        isList || entries.length > 1 ? ordered(entries) : (entries[0]?.value ?? ''),
      ]),
    ),
    files: Object.fromEntries(
      [...files].map(([name, entries]) => [name, ordered(entries)]),
    ) as Record<F, Buffer[]>,
  }
}
