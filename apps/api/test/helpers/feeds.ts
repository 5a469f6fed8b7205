/**
 * Reading the product feeds back as Google and Meta would (issue 46 §2): the Google feed with a
 * strict, namespace-aware XML parser (saxes: any well-formedness error throws), the Meta feed
 * with the CSV parser the import uses (csv-parse).
 */
import { parse } from 'csv-parse/sync'
import { SaxesParser } from 'saxes'

export const GOOGLE_NS = 'http://base.google.com/ns/1.0'

export interface GoogleFeed {
  rootName: string
  version: string | undefined
  channel: Record<string, string>
  /** Each <item>'s `g:` fields by local name, every value (additional_image_link repeats). */
  items: Record<string, string[]>[]
}

/** Parses the Google feed; throws on anything a conforming XML parser refuses. */
export function parseGoogleFeed(xml: string): GoogleFeed {
  const parser = new SaxesParser({ xmlns: true })
  const feed: GoogleFeed = { rootName: '', version: undefined, channel: {}, items: [] }
  const path: string[] = []
  let text = ''
  let item: Record<string, string[]> | null = null
  parser.on('opentag', (tag) => {
    if (path.length === 0) {
      feed.rootName = tag.name
      feed.version = tag.attributes.version?.value
    }
    if (tag.name === 'item' && path.at(-1) === 'channel') item = {}
    path.push(tag.name)
    text = ''
  })
  parser.on('text', (chunk) => {
    text += chunk
  })
  parser.on('closetag', (tag) => {
    path.pop()
    if (tag.name === 'item' && item) {
      feed.items.push(item)
      item = null
    } else if (item && tag.uri === GOOGLE_NS && tag.local) {
      ;(item[tag.local] ??= []).push(text)
    } else if (!item && path.at(-1) === 'channel') {
      feed.channel[tag.name] = text
    }
    text = ''
  })
  parser.write(xml).close()
  return feed
}

/** The Meta feed's header and rows (as objects keyed by the header). */
export function parseMetaFeed(csv: string): { header: string[]; rows: Record<string, string>[] } {
  const records = parse(csv, { relax_quotes: false, bom: false }) as string[][]
  const [header = [], ...rest] = records
  const rows = rest.map((record) => {
    if (record.length !== header.length) throw new Error(`row of ${record.length} cells`)
    return Object.fromEntries(header.map((name, index) => [name, record[index] ?? '']))
  })
  return { header, rows }
}
