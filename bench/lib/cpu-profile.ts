/**
 * `BENCH_CPU_PROF=<dir>`: a V8 CPU profile of this process over the measured part of a scenario,
 * written as `<dir>/<name>.cpuprofile` (open it in Chrome's DevTools). Without the variable,
 * nothing is recorded.
 */
import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import path from 'node:path'

/** Starts profiling when BENCH_CPU_PROF is set; the returned function stops and writes it. */
export async function startCpuProfile(name: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_CPU_PROF
  if (!dir) return async () => {}
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return async () => {
    const { profile } = await session.post('Profiler.stop')
    await writeFile(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile))
    session.disconnect()
  }
}
