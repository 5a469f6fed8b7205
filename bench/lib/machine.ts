/** What every result file records about the run: when, where and how loaded the machine was. */
import { writeFile, mkdir } from 'node:fs/promises'
import os from 'node:os'
import { fileURLToPath } from 'node:url'

export function machine() {
  return {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    totalMemMb: Math.round(os.totalmem() / 1024 / 1024),
    node: process.version,
    loadavg: os.loadavg(),
  }
}

export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url))

export async function writeResult(name: string, data: unknown): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true })
  const file = `${RESULTS_DIR}${name}.json`
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`)
  return file
}
