/** The upload budget: a 12 MP photo processed in fresh processes; card image weights. */
import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { machine } from './machine.js'
import { twelveMegapixelPhoto } from './photo.js'

export interface ImageRun {
  ms: number
  inputBytes: number
  rssBeforeMb: number
  sampledPeakMb: number
  maxRssMb: number
  asset: { url: string; width?: number; height?: number }
  variants: { file: string; width: number; bytes: number }[]
}

const PHOTO = fileURLToPath(new URL('../.data/photo-12mp.jpg', import.meta.url))

function runChild(file: string): Promise<ImageRun> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./image-child.ts', import.meta.url)), [file], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    child.once('message', (message) => resolve(message as ImageRun))
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`image child exited with ${code}`))
    })
  })
}

export async function runImagesBench(runs = 3) {
  if (!existsSync(PHOTO)) {
    await mkdir(fileURLToPath(new URL('../.data/', import.meta.url)), { recursive: true })
    await writeFile(PHOTO, await twelveMegapixelPhoto())
  }
  const results: ImageRun[] = []
  for (let i = 0; i < runs; i++) results.push(await runChild(PHOTO))
  const sorted = [...results].sort((a, b) => a.ms - b.ms)
  const median = sorted[Math.floor(sorted.length / 2)]!
  const card = (width: number) => median.variants.find((v) => v.width === width)?.bytes ?? null
  return {
    kind: 'images' as const,
    machine: machine(),
    input: { megapixels: 12, bytes: median.inputBytes },
    runs: results,
    summary: {
      medianMs: median.ms,
      maxMs: Math.max(...results.map((r) => r.ms)),
      peakRssMb: Math.max(...results.map((r) => r.maxRssMb)),
      card320Bytes: card(320),
      card640Bytes: card(640),
    },
  }
}
