/**
 * One measured upload, alone in a fresh process (forked by bench/images.ts) so the peak resident
 * memory is this upload's plus a bare Node + libvips, nothing else. The server's own media service
 * (`processImage`, the same code `app.media` runs) stores the variants in a temporary directory.
 */
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import sharp from 'sharp'
import { configureSharp } from '../../apps/api/src/modules/media/images.js'
import { createMediaService } from '../../apps/api/src/modules/media/service.js'
import { createLocalStorage } from '../../apps/api/src/modules/media/storage/index.js'

const MB = 1024 * 1024
const noop = () => {}
const log = {
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  level: 'silent',
  silent: noop,
  child: () => log,
} as unknown as FastifyBaseLogger

const input = await readFile(process.argv[2]!)
configureSharp()
const root = await mkdtemp(path.join(os.tmpdir(), 'vitrina-bench-media-'))
const storage = await createLocalStorage({ root })
const media = createMediaService({ storage, log, publicUrl: 'http://bench.local' })
// A running server has libvips and its codecs loaded already: warm them on a small photo.
const small = await sharp(input).resize(640).jpeg().toBuffer()
await media.processImage(small, 'product')
await storage.close()
await rm(root, { recursive: true, force: true })

const measured = await createLocalStorage({ root })
const service = createMediaService({ storage: measured, log, publicUrl: 'http://bench.local' })
const rssBefore = process.memoryUsage().rss
let sampledPeak = rssBefore
const sampler = setInterval(() => {
  sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss)
}, 5)
const started = performance.now()
const stored = await service.processImage(input, 'product')
const ms = performance.now() - started
clearInterval(sampler)

const variants: { file: string; width: number; bytes: number }[] = []
async function walk(dir: string) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) await walk(full)
    else {
      const width = Number(entry.name.match(/-(\d+)\.webp$/)?.[1] ?? 0)
      variants.push({ file: path.relative(root, full), width, bytes: (await stat(full)).size })
    }
  }
}
await walk(root)
await measured.close()
await rm(root, { recursive: true, force: true })
process.send?.({
  ms,
  inputBytes: input.length,
  rssBeforeMb: rssBefore / MB,
  sampledPeakMb: sampledPeak / MB,
  // ru_maxrss: the kernel's own high-water mark for the whole process life (KB on Linux).
  maxRssMb: process.resourceUsage().maxRSS / 1024,
  asset: stored.asset,
  variants: variants.sort((a, b) => a.width - b.width),
})
