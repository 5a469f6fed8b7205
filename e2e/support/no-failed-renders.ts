/**
 * After every journey: no page the server set out to render fell back to the browser. Visitors
 * would not notice (the browser renders it as before), so only the servers' logs tell, and a
 * component that cannot render on the server is a bug to fix (docs/decisions/017).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

interface LogLine {
  reqId?: string
  msg?: string
  req?: { url?: string }
  err?: { message?: string }
}

export default function noFailedRenders(): void {
  const dir = process.env.VITRINA_E2E_DIR
  if (!dir) return
  const failures: string[] = []
  for (const name of ['main.log', 'short.log']) {
    const file = path.join(dir, name)
    if (!existsSync(file)) continue
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine)
    const urls = new Map(lines.filter((l) => l.req?.url).map((l) => [l.reqId, l.req!.url]))
    for (const line of lines) {
      if (line.msg?.startsWith('server render failed')) {
        failures.push(`${urls.get(line.reqId) ?? '?'}: ${line.err?.message ?? 'unknown error'}`)
      }
    }
  }
  if (failures.length > 0) {
    throw new Error(`Pages the server could not render:\n${failures.join('\n')}`)
  }
}
