/**
 * What a storefront page's HTML carries for a first visit (SPEC §9 speed; contracts
 * `first-load.ts`): its first screen rendered from the replies to the public reads that screen
 * makes (or the replies themselves), and a high-priority preload of its largest image. Without
 * them a phone waits for the page's code, then the business, then the products, then the image,
 * one round trip after another.
 *
 * The replies are the API's own, asked for in-process (`app.inject`, through the read cache), so
 * they are byte for byte what the client would have fetched, for everybody alike: these reads
 * are public.
 */
import { DEFAULT_SORT, IMAGE_SIZES, LIMITS, firstLoadKey } from '@vitrina/contracts'
import type { ImageAsset } from '@vitrina/contracts'
import { escapeHtml } from '../mail/index.js'
import type { SharePath } from './service.js'

/** GETs a public API address in-process; the parsed body of a 200 reply, otherwise null. */
export type PublicRead = (address: string) => Promise<unknown>

/** The reads the page's first screen makes, exactly as the web client addresses them. */
export function firstLoadReads(path: SharePath, businessId: string, search: string): string[] {
  const business = `/api/businesses/${encodeURIComponent(path.identifier)}/identifier`
  const products = `/api/products/${encodeURIComponent(businessId)}/business`
  if (path.kind === 'product') {
    return [business, `/api/products/${encodeURIComponent(path.productId)}`]
  }
  if (path.page === 'home') {
    return [business, `${products}/featured`, `${products}/new`, `${products}/offer`]
  }
  // A filtered address is read as the client parses it; only the plain list is carried.
  if (search) return [business]
  const list = new URLSearchParams({
    sort: DEFAULT_SORT,
    page: '1',
    pageSize: String(LIMITS.productPageSizeDefault),
  })
  return [business, `${products}?${list}`]
}

/** The largest image of the first screen, as the page will ask for it. */
function largestImage(
  path: SharePath,
  replies: ReadonlyMap<string, unknown>,
  reads: readonly string[],
): { image: ImageAsset; sizes: string } | null {
  const business = replies.get(firstLoadKey(reads[0]!)) as
    { slides?: { image: ImageAsset }[] } | undefined
  const second = replies.get(firstLoadKey(reads[1] ?? '')) as
    { image?: ImageAsset; items?: { image?: ImageAsset }[] } | undefined
  if (path.kind === 'product') {
    return second?.image ? { image: second.image, sizes: IMAGE_SIZES.productMain } : null
  }
  if (path.page === 'home') {
    const slide = business?.slides?.[0]
    return slide ? { image: slide.image, sizes: IMAGE_SIZES.hero } : null
  }
  const first = second?.items?.[0]?.image
  return first ? { image: first, sizes: IMAGE_SIZES.productGrid } : null
}

function imagePreload({ image, sizes }: { image: ImageAsset; sizes: string }): string {
  const responsive = image.srcset
    ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(sizes)}"`
    : ''
  return `<link rel="preload" as="image" href="${escapeHtml(image.url)}"${responsive} fetchpriority="high" />`
}

/** The landing's first screen: the featured businesses (SPEC §2.2), as the web client asks. */
const featuredBusinesses = new URLSearchParams({
  page: '1',
  pageSize: String(LIMITS.featuredBusinesses),
})
export const LANDING_READS = [`/api/businesses?${featuredBusinesses}`]

/** The replies to `reads` that came back 200, by `firstLoadKey`. */
export async function readReplies(
  reads: readonly string[],
  read: PublicRead,
): Promise<Map<string, unknown>> {
  const bodies = await Promise.all(reads.map((address) => read(address)))
  const replies = new Map<string, unknown>()
  reads.forEach((address, index) => {
    if (bodies[index] !== null) replies.set(firstLoadKey(address), bodies[index])
  })
  return replies
}

/**
 * What a first visit of a storefront page carries: the preload of its largest image (head
 * tags) and the replies. The web plugin renders the page from the replies on the server, or
 * writes them into the page for the browser (plugins/web.ts).
 */
export async function readFirstLoad(
  path: SharePath,
  businessId: string,
  search: string,
  read: PublicRead,
): Promise<{ head: string; replies: Map<string, unknown> }> {
  const reads = firstLoadReads(path, businessId, search)
  const replies = await readReplies(reads, read)
  const image = replies.size > 0 ? largestImage(path, replies, reads) : null
  return { head: image ? imagePreload(image) : '', replies }
}
