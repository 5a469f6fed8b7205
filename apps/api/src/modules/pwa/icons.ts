/**
 * A storefront's app icons (issue 27 §4): the business's logo, square, fitted on its navigation
 * colour (`bgColor`), or its initials on that colour when it has no logo. PNG, opaque.
 *
 * Drawing is deterministic — the same logo, colour and name give the same bytes on every process
 * — so nothing is stored: each process draws an icon the first time it is asked for and keeps it
 * in a small LRU (by bytes). Its address carries the version of what it is drawn from
 * (`storefrontIconVersion`, contracts), so browsers keep it as immutable.
 *
 * Issue 40 §5: that version is a short 32-bit name computed in the browser too, and a colliding
 * name and colour are found in seconds, so the LRU is never keyed by it: its key is
 * `iconCacheKey`, a SHA-256 of the shop and of everything the icon is drawn from.
 */
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import sharp from 'sharp'
import { readableTextColor, STOREFRONT_ICONS } from '@vitrina/contracts'
import type { StorefrontIconName } from '@vitrina/contracts'
import { escapeHtml } from '../mail/index.js'

export interface IconDrawing {
  /** The logo's largest stored variant, or null for the initials. */
  logo: Buffer | null
  initials: string
  bgColor: string
}

/**
 * Share of the side the logo may take. 'any' icons keep a 10 % margin; a maskable icon's logo
 * stays inside the safe zone, the centred circle of 80 % diameter (its inscribed square is
 * 0.8 / √2 ≈ 0.57 of the side), so no launcher's mask cuts it.
 */
const LOGO_SHARE = { any: 0.8, maskable: 0.56 } as const

function initialsSvg(size: number, box: number, initials: string, bgColor: string): Buffer {
  const fontSize = Math.round(box * (initials.length > 1 ? 0.5 : 0.62))
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      `<rect width="100%" height="100%" fill="${bgColor}"/>` +
      `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" ` +
      `font-weight="700" font-size="${fontSize}" fill="${readableTextColor(bgColor)}">${escapeHtml(initials)}</text></svg>`,
  )
}

/** One icon as PNG bytes. */
export async function drawIcon(name: StorefrontIconName, drawing: IconDrawing): Promise<Buffer> {
  const { size, purpose } = STOREFRONT_ICONS[name]
  const box = Math.round(size * LOGO_SHARE[purpose])
  if (!drawing.logo) {
    return sharp(initialsSvg(size, box, drawing.initials, drawing.bgColor))
      .removeAlpha()
      .png({ compressionLevel: 9 })
      .toBuffer()
  }
  const logo = await sharp(drawing.logo, { limitInputPixels: 4096 * 4096 })
    .resize(box, box, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
  return sharp({ create: { width: size, height: size, channels: 3, background: drawing.bgColor } })
    .composite([{ input: logo, gravity: 'centre' }])
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer()
}

/** What one cached icon is: which shop's, which icon, drawn from what. */
export interface IconKeyInput {
  businessId: string
  name: StorefrontIconName
  initials: string
  bgColor: string
  logo: { url: string } | null
}

/**
 * The icon cache's key: the first 128 bits of a SHA-256 over the shop and the icon's inputs, as
 * hex. Another shop's icon, or this shop's before a change, never has the same key.
 */
export function iconCacheKey(input: IconKeyInput): string {
  const parts = [input.businessId, input.name, input.bgColor, input.initials, input.logo?.url ?? '']
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)
}

/** An icon as drawn: `isFallback` when the logo could not be read (then it is not kept). */
export interface DrawnIcon {
  png: Buffer
  isFallback: boolean
}

/**
 * Icons drawn by this process, by `iconCacheKey`, at most `maxBytes` of them, and the
 * drawings in progress, so visitors asking at once for a new icon cost one drawing.
 */
export function createIconCache(maxBytes = 8 * 1024 * 1024) {
  const drawn = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (png) => png.length,
  })
  const drawing = new Map<string, Promise<DrawnIcon>>()
  return {
    get(key: string, draw: () => Promise<DrawnIcon>): Promise<DrawnIcon> {
      const cached = drawn.get(key)
      if (cached) return Promise.resolve({ png: cached, isFallback: false })
      const current = drawing.get(key)
      if (current) return current
      const task = draw()
        .then((icon) => {
          if (!icon.isFallback) drawn.set(key, icon.png)
          return icon
        })
        .finally(() => drawing.delete(key))
      drawing.set(key, task)
      return task
    },
  }
}
