/**
 * A synthetic 12-megapixel photograph: soft colour gradients, a few shapes and fine grain, saved as
 * a quality-92 JPEG of about 5 MB — the size a phone camera uploads. Pure noise would weigh far
 * more than a photo and flat colour far less; this sits where real photos do.
 */
import sharp from 'sharp'
import { prng } from './random.js'

export async function twelveMegapixelPhoto(seed = 12): Promise<Buffer> {
  const width = 4000
  const height = 3000
  const random = prng(seed)
  const shapes = Array.from({ length: 40 }, () => {
    const cx = Math.round(random() * width)
    const cy = Math.round(random() * height)
    const r = Math.round(80 + random() * 500)
    const hue = Math.round(random() * 360)
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${hue},55%,55%)" fill-opacity="0.45"/>`
  }).join('')
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#f2c38a"/><stop offset="0.5" stop-color="#6b8f71"/>
        <stop offset="1" stop-color="#1f3b57"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`,
  )
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(0.6)
    .raw()
    .toBuffer()
  return sharp(scene)
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer()
}
