/** Real image files for upload journeys, drawn with sharp into a temporary folder. */
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

export async function imageFolder(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'vitrina-e2e-images-'))
}

/** A PNG of `width`×`height` filled with `color`, with a contrasting square so it is not flat. */
export async function pngFile(
  folder: string,
  name: string,
  { width, height, color }: { width: number; height: number; color: string },
): Promise<string> {
  const file = path.join(folder, `${name}.png`)
  const square = Math.round(Math.min(width, height) / 3)
  const inner = await sharp({
    create: { width: square, height: square, channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer()
  await sharp({ create: { width, height, channels: 3, background: color } })
    .composite([{ input: inner, left: Math.round(width / 10), top: Math.round(height / 10) }])
    .png()
    .toFile(file)
  return file
}
