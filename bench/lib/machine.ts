/** What every result file records about the run: when, where and how loaded the machine was. */
import { readdirSync, readFileSync } from 'node:fs'
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

/**
 * CPU time (ms) used so far by the local PostgreSQL's processes, by pid (Linux /proc; empty when
 * the server runs elsewhere). The difference of two readings is the database's share of a load;
 * a backend that ended between them is not counted.
 */
export function postgresCpuTimes(): Map<number, number> {
  const times = new Map<number, number>()
  let entries: string[] = []
  try {
    entries = readdirSync('/proc')
  } catch {
    return times
  }
  const tick = 1000 / 100 // USER_HZ is 100 on Linux
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const close = stat.lastIndexOf(')')
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue
      const fields = stat.slice(close + 2).split(' ')
      // utime and stime are fields 14 and 15 of stat, 12 and 13 after "pid (comm) ".
      times.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * tick)
    } catch {
      // gone meanwhile
    }
  }
  return times
}

/** The CPU ms PostgreSQL used between two readings of postgresCpuTimes(). */
export function postgresCpuSince(before: Map<number, number>): number {
  let used = 0
  for (const [pid, ms] of postgresCpuTimes()) used += ms - (before.get(pid) ?? 0)
  return used
}
