/**
 * Demo images drawn in code: small SVG documents (flat illustrations over gradients) rendered to
 * PNG by sharp, so the repository holds no binary files and every image goes through the same
 * upload pipeline as an owner's photo. If the machine has no fonts, text is simply not drawn and
 * the shapes still make a tidy picture.
 */
import sharp from 'sharp'
import { escapeXmlText } from '../lib/xml-text.js'

export type Motif =
  | 'cup'
  | 'beans'
  | 'cake'
  | 'jar'
  | 'bottle'
  | 'book'
  | 'notebook'
  | 'pencil'
  | 'vase'
  | 'yarn'
  | 'mate'
  | 'leather'
  | 'phone'
  | 'laptop'
  | 'headphones'
  | 'watch'
  | 'cable'
  | 'paw'
  | 'bone'
  | 'bowl'
  | 'ball'
  | 'leaf'
  | 'drop'
  | 'tube'
  | 'candle'

export interface Palette {
  /** Dark brand colour (backgrounds, shapes). */
  primary: string
  /** Light brand colour (accents, text on primary). */
  secondary: string
}

/** A stable 32-bit hash of a string: the same product always gets the same picture. */
export function hashString(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}

/** Mixes a #RRGGBB colour with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16)
  const target = amount >= 0 ? 255 : 0
  const t = Math.abs(amount)
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff
    return Math.round(c + (target - c) * t)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(16)}${channel(8)}${channel(0)}`
}

/**
 * Each motif is drawn in a 200×200 box centred on (100, 100) with `fill` as the main colour and
 * `accent` for details, then scaled into the picture.
 */
const MOTIFS: Record<Motif, (fill: string, accent: string) => string> = {
  cup: (f, a) =>
    `<path d="M45 70h95v55a40 40 0 0 1-40 40h-15a40 40 0 0 1-40-40z" fill="${f}"/>
     <path d="M140 85h12a20 20 0 0 1 0 40h-14" fill="none" stroke="${f}" stroke-width="10"/>
     <rect x="30" y="168" width="125" height="10" rx="5" fill="${a}"/>
     <path d="M75 55c-8-12 8-18 0-32M100 55c-8-12 8-18 0-32" stroke="${a}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  beans: (f, a) =>
    [0, 1, 2, 3, 4]
      .map((i) => {
        const x = 50 + (i % 3) * 50
        const y = 70 + Math.floor(i / 3) * 55 + (i % 2) * 10
        return `<g transform="rotate(${i * 35 - 40} ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="24" ry="32" fill="${f}"/>
        <path d="M${x} ${y - 28}c-10 18 10 38 0 56" stroke="${a}" stroke-width="5" fill="none"/></g>`
      })
      .join(''),
  cake: (f, a) =>
    `<rect x="40" y="95" width="120" height="70" rx="10" fill="${f}"/>
     <path d="M40 110q15 15 30 0t30 0 30 0 30 0" fill="none" stroke="${a}" stroke-width="8"/>
     <rect x="95" y="55" width="10" height="40" fill="${a}"/><ellipse cx="100" cy="48" rx="7" ry="10" fill="#F59E0B"/>
     <rect x="30" y="165" width="140" height="10" rx="5" fill="${a}"/>`,
  jar: (f, a) =>
    `<rect x="60" y="40" width="80" height="22" rx="6" fill="${a}"/>
     <rect x="50" y="62" width="100" height="110" rx="22" fill="${f}"/>
     <rect x="62" y="95" width="76" height="44" rx="6" fill="${a}" opacity="0.9"/>`,
  bottle: (f, a) =>
    `<rect x="88" y="25" width="24" height="30" rx="4" fill="${a}"/>
     <path d="M85 55h30v20l15 20v75a10 10 0 0 1-10 10h-40a10 10 0 0 1-10-10v-75l15-20z" fill="${f}"/>
     <rect x="72" y="110" width="56" height="40" rx="4" fill="${a}"/>`,
  book: (f, a) =>
    `<rect x="50" y="35" width="105" height="135" rx="6" fill="${f}"/>
     <rect x="50" y="35" width="16" height="135" fill="${shade(f, -0.25)}"/>
     <rect x="80" y="65" width="60" height="8" rx="4" fill="${a}"/><rect x="80" y="82" width="42" height="8" rx="4" fill="${a}"/>
     <rect x="56" y="160" width="99" height="14" fill="${a}"/>`,
  notebook: (f, a) =>
    `<rect x="55" y="35" width="100" height="135" rx="10" fill="${f}"/>
     ${[50, 72, 94, 116, 138, 160].map((y) => `<rect x="45" y="${y - 4}" width="20" height="8" rx="4" fill="${a}"/>`).join('')}
     <rect x="80" y="60" width="55" height="30" rx="4" fill="${a}"/>`,
  pencil: (f, a) =>
    `<g transform="rotate(-40 100 100)"><rect x="40" y="88" width="110" height="24" fill="${f}"/>
     <path d="M150 88l28 12-28 12z" fill="#F3D9B1"/><path d="M170 96l8 4-8 4z" fill="#333"/>
     <rect x="28" y="88" width="14" height="24" rx="3" fill="${a}"/></g>`,
  vase: (f, a) =>
    `<path d="M80 35h40v15c25 15 35 40 30 70-5 35-25 50-50 50s-45-15-50-50c-5-30 5-55 30-70z" fill="${f}"/>
     <path d="M58 105h84" stroke="${a}" stroke-width="8"/><path d="M62 125h76" stroke="${a}" stroke-width="5"/>`,
  yarn: (f, a) =>
    `<circle cx="100" cy="100" r="62" fill="${f}"/>
     <path d="M50 70c30 20 70 20 100 0M42 100c35 25 80 25 116 0M55 135c30 15 60 15 90 0" stroke="${a}" stroke-width="6" fill="none"/>
     <path d="M150 140c15 10 25 20 20 35" stroke="${f}" stroke-width="6" fill="none"/>`,
  mate: (f, a) =>
    `<path d="M60 75c0-10 80-10 80 0 10 40 5 85-40 95-45-10-50-55-40-95z" fill="${f}"/>
     <ellipse cx="100" cy="75" rx="40" ry="10" fill="${shade(f, -0.3)}"/>
     <path d="M110 80l35-60" stroke="${a}" stroke-width="8" stroke-linecap="round"/>
     <rect x="60" y="100" width="80" height="8" fill="${a}"/>`,
  leather: (f, a) =>
    `<rect x="40" y="70" width="120" height="95" rx="12" fill="${f}"/>
     <path d="M70 70v-15a30 30 0 0 1 60 0v15" stroke="${shade(f, -0.3)}" stroke-width="10" fill="none"/>
     <rect x="40" y="70" width="120" height="30" rx="8" fill="${shade(f, -0.15)}"/>
     <rect x="92" y="92" width="16" height="18" rx="3" fill="${a}"/>
     <path d="M50 150h100" stroke="${a}" stroke-width="3" stroke-dasharray="6 6"/>`,
  phone: (f, a) =>
    `<rect x="62" y="25" width="76" height="150" rx="14" fill="${f}"/>
     <rect x="70" y="40" width="60" height="115" rx="4" fill="${a}"/>
     <circle cx="100" cy="165" r="5" fill="${a}"/>`,
  laptop: (f, a) =>
    `<rect x="45" y="50" width="110" height="75" rx="6" fill="${f}"/>
     <rect x="53" y="58" width="94" height="59" rx="2" fill="${a}"/>
     <path d="M25 130h150l-10 18h-130z" fill="${shade(f, 0.15)}"/>`,
  headphones: (f, a) =>
    `<path d="M45 120v-25a55 55 0 0 1 110 0v25" stroke="${f}" stroke-width="14" fill="none"/>
     <rect x="30" y="110" width="35" height="55" rx="14" fill="${f}"/><rect x="135" y="110" width="35" height="55" rx="14" fill="${f}"/>
     <rect x="40" y="120" width="15" height="35" rx="7" fill="${a}"/><rect x="145" y="120" width="15" height="35" rx="7" fill="${a}"/>`,
  watch: (f, a) =>
    `<rect x="78" y="20" width="44" height="160" rx="12" fill="${shade(f, -0.2)}"/>
     <circle cx="100" cy="100" r="45" fill="${f}"/><circle cx="100" cy="100" r="35" fill="${a}"/>
     <path d="M100 100v-22M100 100l15 10" stroke="${f}" stroke-width="6" stroke-linecap="round"/>`,
  cable: (f, a) =>
    `<path d="M40 60c60 0 20 80 80 80s40-60 40-60" stroke="${f}" stroke-width="10" fill="none" stroke-linecap="round"/>
     <rect x="20" y="48" width="28" height="24" rx="4" fill="${a}"/><rect x="148" y="60" width="24" height="36" rx="4" fill="${a}"/>`,
  paw: (f) =>
    `<ellipse cx="100" cy="125" rx="42" ry="36" fill="${f}"/>
     <ellipse cx="58" cy="82" rx="15" ry="20" fill="${f}"/><ellipse cx="85" cy="60" rx="15" ry="21" fill="${f}"/>
     <ellipse cx="115" cy="60" rx="15" ry="21" fill="${f}"/><ellipse cx="142" cy="82" rx="15" ry="20" fill="${f}"/>`,
  bone: (f) =>
    `<g transform="rotate(-30 100 100)"><rect x="55" y="88" width="90" height="24" rx="8" fill="${f}"/>
     <circle cx="52" cy="86" r="17" fill="${f}"/><circle cx="52" cy="114" r="17" fill="${f}"/>
     <circle cx="148" cy="86" r="17" fill="${f}"/><circle cx="148" cy="114" r="17" fill="${f}"/></g>`,
  bowl: (f, a) =>
    `<path d="M35 100h130l-15 55a15 15 0 0 1-15 10h-70a15 15 0 0 1-15-10z" fill="${f}"/>
     <ellipse cx="100" cy="100" rx="65" ry="14" fill="${shade(f, -0.25)}"/>
     ${[70, 90, 110, 130].map((x, i) => `<circle cx="${x}" cy="${92 - (i % 2) * 6}" r="9" fill="${a}"/>`).join('')}`,
  ball: (f, a) =>
    `<circle cx="100" cy="100" r="60" fill="${f}"/>
     <path d="M45 80c40 20 70 20 110 0M45 120c40-20 70-20 110 0" stroke="${a}" stroke-width="8" fill="none"/>`,
  leaf: (f, a) =>
    `<path d="M45 155c0-80 40-115 115-120-5 75-40 120-115 120z" fill="${f}"/>
     <path d="M45 155c30-35 60-65 100-100" stroke="${a}" stroke-width="6" fill="none"/>`,
  drop: (f, a) =>
    `<path d="M100 25c30 45 55 70 55 100a55 55 0 0 1-110 0c0-30 25-55 55-100z" fill="${f}"/>
     <path d="M75 125a25 25 0 0 0 25 25" stroke="${a}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  tube: (f, a) =>
    `<g transform="rotate(-20 100 100)"><path d="M70 30h60l-8 125h-44z" fill="${f}"/>
     <rect x="78" y="155" width="44" height="22" rx="4" fill="${a}"/>
     <rect x="82" y="70" width="36" height="40" rx="4" fill="${a}" opacity="0.85"/></g>`,
  candle: (f, a) =>
    `<rect x="65" y="75" width="70" height="95" rx="8" fill="${f}"/>
     <rect x="97" y="55" width="6" height="20" fill="#444"/>
     <path d="M100 20c12 15 12 28 0 36-12-8-12-21 0-36z" fill="#F59E0B"/>
     <rect x="65" y="110" width="70" height="14" fill="${a}"/>`,
}

function svgDocument(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  )
}

/** Renders an SVG to PNG quickly (the upload pipeline re-encodes it anyway). */
function render(svg: Buffer): Promise<Buffer> {
  return sharp(svg).png({ compressionLevel: 2 }).toBuffer()
}

const CONNECTORS = new Set(['de', 'del', 'la', 'el', 'los', 'las', 'y', 'e', 'en'])

function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w) && !CONNECTORS.has(w.toLowerCase()))
  const letters = (words.length > 0 ? words : [name]).slice(0, 2).map((w) => w[0] ?? '')
  return letters.join('').toUpperCase()
}

/** A square logo: the business initials over a rounded badge with the business's motif. */
export function drawLogo(name: string, motif: Motif, palette: Palette): Promise<Buffer> {
  const size = 512
  const { primary, secondary } = palette
  const body = `
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${shade(primary, 0.12)}"/><stop offset="1" stop-color="${shade(primary, -0.18)}"/>
    </linearGradient></defs>
    <rect width="${size}" height="${size}" rx="112" fill="url(#g)"/>
    <g transform="translate(286 40) scale(1.05)" opacity="0.35">${MOTIFS[motif](secondary, primary)}</g>
    <text x="48" y="420" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700"
      font-size="190" fill="${secondary}" letter-spacing="-6">${escapeXmlText(initialsOf(name))}</text>`
  return render(svgDocument(size, size, body))
}

/** One line, or two balanced lines when the headline is long. */
function headlineLines(headline: string): string[] {
  const words = headline.split(/\s+/)
  if (headline.length <= 16 || words.length < 2) return [headline]
  let best = [headline]
  let bestLongest = Infinity
  for (let cut = 1; cut < words.length; cut++) {
    const pair = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')]
    const longest = Math.max(...pair.map((line) => line.length))
    if (longest < bestLongest) [best, bestLongest] = [pair, longest]
  }
  return best
}

/**
 * A 16:9 cover slide (SPEC §9 recommended ratio): a diagonal gradient with soft circles, the
 * business's motif drawn large, and a short headline.
 */
export function drawSlide(
  headline: string,
  motif: Motif,
  palette: Palette,
  variant: number,
): Promise<Buffer> {
  const width = 1600
  const height = 900
  const { primary, secondary } = palette
  const seed = hashString(`${headline}:${variant}`)
  const circles = [0, 1, 2, 3]
    .map((i) => {
      const r = 120 + ((seed >> (i * 4)) & 0xff)
      const cx = (((seed >> (i * 3)) & 0x3ff) % width) + (i % 2 ? 200 : -100)
      const cy = ((seed >> (i * 5)) & 0x3ff) % height
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${secondary}" opacity="${0.06 + i * 0.03}"/>`
    })
    .join('')
  const angle = variant % 2 === 0 ? '0 0 1 1' : '1 0 0 1'
  const [x1, y1, x2, y2] = angle.split(' ')
  const motifX = variant % 2 === 0 ? 980 : 120
  const textX = variant % 2 === 0 ? 110 : 760
  const textWidth = variant % 2 === 0 ? 820 : 740
  const lines = headlineLines(headline)
  // Bold sans glyphs average ~0.62 em: the longest line must fit beside the motif.
  const longest = Math.max(...lines.map((line) => line.length))
  const fontSize = Math.min(84, Math.floor(textWidth / (0.62 * longest)))
  const lineHeight = Math.round(fontSize * 1.18)
  const firstBaseline = 450 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35
  const text = lines
    .map(
      (line, i) =>
        `<text x="${textX}" y="${Math.round(firstBaseline + i * lineHeight)}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="${fontSize}" fill="${secondary}">${escapeXmlText(line)}</text>`,
    )
    .join('')
  const underlineY = Math.round(firstBaseline + (lines.length - 1) * lineHeight + fontSize * 0.6)
  const body = `
    <defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">
      <stop offset="0" stop-color="${shade(primary, 0.1 + variant * 0.05)}"/><stop offset="1" stop-color="${shade(primary, -0.35)}"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>${circles}
    <g transform="translate(${motifX} 180) scale(2.7)">${MOTIFS[motif](shade(secondary, -0.05), shade(primary, 0.35))}</g>
    ${text}
    <rect x="${textX}" y="${underlineY}" width="180" height="10" rx="5" fill="${secondary}" opacity="0.7"/>`
  return render(svgDocument(width, height, body))
}

/**
 * A square product picture: the motif on a soft gradient, like a studio shot of a flat object.
 * 640 px: the card and detail variants without the cost of a large one nobody needs for a drawing.
 */
export function drawProduct(name: string, motif: Motif, palette: Palette): Promise<Buffer> {
  const size = 640
  const seed = hashString(name)
  const hue = (seed % 5) * 0.06
  const { primary, secondary } = palette
  const bgTop = shade(secondary, 0.35 - hue)
  const bgBottom = shade(secondary, -0.08 - hue)
  const tilt = (seed % 13) - 6
  const body = `
    <defs><radialGradient id="g" cx="0.5" cy="0.35" r="0.8">
      <stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/>
    </radialGradient></defs>
    <rect width="${size}" height="${size}" fill="url(#g)"/>
    <ellipse cx="320" cy="512" rx="184" ry="27" fill="${shade(primary, -0.2)}" opacity="0.18"/>
    <g transform="translate(320 304) rotate(${tilt}) scale(2.08) translate(-100 -100)">
      ${MOTIFS[motif](shade(primary, (seed % 7) * 0.05), shade(secondary, 0.5))}
    </g>`
  return render(svgDocument(size, size, body))
}
