/**
 * Issue 27 (closing note): an XLSX is a zip, and read-excel-file unzips it whole into memory
 * with no limit of its own — worse, it allocates each entry's buffer at the size the entry's
 * header declares. A crafted zip within the 5 MB upload limit could therefore ask for gigabytes
 * (docs/decisions/028, "Zip bombs"). Before the reader sees the file, this walks it with the
 * reader's own unzipper (unzipper-esm's streaming `Parse`, so both read the same entries from
 * the same bytes), inflating every entry and discarding the output as it streams, and refuses
 * the file as soon as:
 *
 * - there are more than `maxEntries` entries;
 * - an entry declares, or inflates to, more than `maxEntryBytes`;
 * - the entries together (each counted at the larger of its declared and its real size, since
 *   the reader allocates the declared one) pass `maxTotalBytes`;
 * - past `ratioGraceBytes` inflated, the bytes inflated so far exceed `maxRatio` times the whole
 *   file's size (a zip bomb inflates about a thousand-fold; a real sheet about ten-fold).
 *
 * Memory stays at one inflated chunk at a time, whatever the zip says.
 *
 * Issue 40 §1: the same walk hands every entry's bytes to a SheetBoundsScanner (./sheet-bounds.ts),
 * which rejects with SheetBoundsExceeded as soon as a row or cell address passes the sheet's
 * limits (XLSX_LIMITS.maxRow / maxColumn).
 */
import { Readable } from 'node:stream'
import { Parse, type Entry } from 'unzipper-esm'
import { XLSX_LIMITS } from '@vitrina/contracts'
import { SheetBoundsExceeded, SheetBoundsScanner, type SheetBounds } from './sheet-bounds.js'

export type ZipLimitBreach = 'entries' | 'size' | 'ratio'

/** The zip broke a limit; `inflated` is how many bytes had been inflated when it was refused. */
export class ZipLimitExceeded extends Error {
  constructor(
    readonly breach: ZipLimitBreach,
    readonly inflated: number,
  ) {
    super(`xlsx ${breach} limit`)
  }
}

/** The zip itself could not be read (not a zip, truncated, corrupt data). */
export class ZipUnreadable extends Error {}

export interface ZipLimits extends SheetBounds {
  maxEntries: number
  maxEntryBytes: number
  maxTotalBytes: number
  maxRatio: number
  ratioGraceBytes: number
}

/** The entry's size as its local header (or ZIP64 extra) declares it, as the reader reads it. */
function declaredSize(entry: Entry): number {
  const vars = entry.vars as Entry['vars'] & { uncompressedSize?: number }
  const known = !(vars.flags & 0x08) || vars.compressedSize > 0
  const size = known ? Number(vars.uncompressedSize ?? 0) : 0
  return Number.isFinite(size) ? size : Number.POSITIVE_INFINITY
}

/**
 * Resolves when the zip is within the limits; rejects with ZipLimitExceeded, SheetBoundsExceeded
 * or ZipUnreadable.
 */
export function checkZipLimits(buffer: Buffer, limits: ZipLimits = XLSX_LIMITS): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const parser = Parse()
    const input = Readable.from([buffer])
    const maxByRatio = buffer.length * limits.maxRatio
    let entries = 0
    let committed = 0 // entries finished, each at max(declared, inflated)
    let inflated = 0 // every byte inflated so far
    let settled = false
    const pending: Promise<void>[] = []

    const stop = (error: Error) => {
      if (settled) return
      settled = true
      input.unpipe(parser)
      input.destroy()
      parser.destroy()
      reject(error)
    }

    parser.on('error', (error: Error) => stop(new ZipUnreadable(error.message)))
    parser.on('entry', (entry: Entry) => {
      if (settled) return void entry.resume()
      if (++entries > limits.maxEntries) return stop(new ZipLimitExceeded('entries', inflated))
      const declared = declaredSize(entry)
      if (declared > limits.maxEntryBytes || committed + declared > limits.maxTotalBytes) {
        return stop(new ZipLimitExceeded('size', inflated))
      }
      let own = 0
      const scanner = new SheetBoundsScanner(limits)
      pending.push(
        new Promise<void>((done) => {
          entry.on('data', (chunk: Buffer) => {
            if (settled) return
            own += chunk.length
            inflated += chunk.length
            if (
              own > limits.maxEntryBytes ||
              committed + Math.max(own, declared) > limits.maxTotalBytes
            ) {
              return stop(new ZipLimitExceeded('size', inflated))
            }
            if (inflated > limits.ratioGraceBytes && inflated > maxByRatio) {
              return stop(new ZipLimitExceeded('ratio', inflated))
            }
            try {
              scanner.push(chunk)
            } catch (error) {
              stop(error instanceof SheetBoundsExceeded ? error : new ZipUnreadable(String(error)))
            }
          })
          entry.on('error', (error: Error) => stop(new ZipUnreadable(error.message)))
          entry.on('end', () => {
            scanner.end()
            committed += Math.max(own, declared)
            done()
          })
          entry.on('close', () => done())
        }),
      )
    })
    parser.on('finish', () => {
      void Promise.all(pending).then(() => {
        if (settled) return
        if (entries === 0) return stop(new ZipUnreadable('no entries'))
        settled = true
        resolve()
      })
    })
    input.on('error', (error: Error) => stop(new ZipUnreadable(error.message)))
    input.pipe(parser)
  })
}
