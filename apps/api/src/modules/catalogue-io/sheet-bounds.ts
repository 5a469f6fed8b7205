/**
 * Issue 40 §1: the spreadsheet reader builds a sheet as a grid up to the highest row and column
 * its XML names — one `<c r="AAAAAAA2">` in a 3 KB file asks for an array of billions of cells
 * (V8 aborts the whole process: no heap limit or worker can catch that), a `<row r="1000000">`
 * for a million rows. So while the zip is walked (./zip-limits.ts), every entry's inflated bytes
 * go through this scanner, which refuses the file as soon as a `<row>` or `<c>` names an address
 * past XLSX_LIMITS.maxRow / maxColumn, or an entry has more `<row>` elements than maxRow —
 * before the reader allocates anything (docs/decisions/028, "Sheet addresses").
 *
 * It reads the addresses as the reader does (read-excel-file's parseSheet and parseCellAddress:
 * any namespace prefix dropped from element and attribute names, character references decoded,
 * `r` of a cell as letters then `Number(rest)`), and looks at every `<…>` of every entry (the
 * sheet's file name comes from the workbook's relationships, so no entry is trusted to be
 * something else). It sees at least the tags the reader sees: a tag hidden in a comment or CDATA
 * is checked too, which can only refuse more, never less.
 */
export type SheetBound = 'row' | 'column'

export class SheetBoundsExceeded extends Error {
  constructor(readonly bound: SheetBound) {
    super(`sheet ${bound} limit`)
  }
}

/** A `<c>` or `<row>` tag longer than this, still open at a chunk's end, refuses the file. */
const MAX_PENDING_TAG = 64 * 1024

export interface SheetBounds {
  maxRow: number
  maxColumn: number
}

/** The element or attribute name without its namespace prefix (as the reader drops it). */
function localName(name: string, isAttribute = false): string {
  const at = name.indexOf(':')
  if (at < 0) return name
  if (isAttribute && at === 5 && name.startsWith('xmlns')) return name
  return name.slice(at + 1)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref] ?? whole
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/** A cell address as the reader reads it: [row, column], or undefined when it would refuse it. */
export function cellAddress(address: string): [number, number] | undefined {
  let column = 0
  for (let i = 0; i < address.length; i++) {
    const code = address.charCodeAt(i)
    if (code >= 48 && code <= 57) {
      const row = Number(address.slice(i))
      return Number.isNaN(row) ? undefined : [row, column]
    }
    column = column * 26 + (code - 64)
  }
  return undefined
}

const NAME = /^[^\s/>]+/
const ATTRIBUTE = /([^\s=/>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g

/** One zip entry's bytes, a chunk at a time; throws SheetBoundsExceeded or Error (unreadable). */
export class SheetBoundsScanner {
  private pending = ''
  private rows = 0

  constructor(private readonly bounds: SheetBounds) {}

  push(chunk: Buffer): void {
    // Addresses are ASCII, and no byte of a UTF-8 multi-byte character is: latin1 keeps offsets.
    const text = this.pending + chunk.toString('latin1')
    this.pending = ''
    let at = 0
    for (;;) {
      const open = text.indexOf('<', at)
      if (open < 0) return
      const close = text.indexOf('>', open + 1)
      if (close < 0) {
        this.keep(text.slice(open))
        return
      }
      this.inspect(text.slice(open + 1, close))
      at = close + 1
    }
  }

  end(): void {
    this.pending = ''
  }

  /** An unfinished tag waits for the next chunk, unless it is long and cannot be a row or cell. */
  private keep(tag: string): void {
    if (tag.length <= MAX_PENDING_TAG) {
      this.pending = tag
      return
    }
    const name = NAME.exec(tag.slice(1))?.[0] ?? ''
    const complete = name.length < tag.length - 1
    if (!complete || this.relevant(name)) throw new Error('sheet tag too long')
  }

  private relevant(name: string): boolean {
    const local = localName(name)
    return local === 'row' || local === 'c'
  }

  private inspect(tag: string): void {
    const name = NAME.exec(tag)?.[0]
    if (!name || !this.relevant(name)) return
    const isRow = localName(name) === 'row'
    if (isRow && ++this.rows > this.bounds.maxRow) throw new SheetBoundsExceeded('row')
    ATTRIBUTE.lastIndex = name.length
    for (let m = ATTRIBUTE.exec(tag); m; m = ATTRIBUTE.exec(tag)) {
      if (localName(m[1]!, true) !== 'r') continue
      const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '')
      if (isRow) {
        if (Number(value) > this.bounds.maxRow) throw new SheetBoundsExceeded('row')
        continue
      }
      const address = cellAddress(value)
      if (!address) continue
      if (address[0] > this.bounds.maxRow) throw new SheetBoundsExceeded('row')
      if (address[1] > this.bounds.maxColumn) throw new SheetBoundsExceeded('column')
    }
  }
}
