/**
 * Real API processes for the tests of several processes (issue 22 §3): `node --import tsx
 * src/server.ts`, the server's own entry point, on a port the system picks (read from its log).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const apiRoot = fileURLToPath(new URL('../..', import.meta.url))

export interface ApiProcess {
  url: string
  /** Every line it printed. */
  output: string[]
  stop(): Promise<void>
}

/** Starts `apps/api/src/server.ts` (of `root`'s apps/api, by default this one) with `env`. */
export function spawnApi(
  env: Record<string, string>,
  options: { apiDir?: string; timeoutMs?: number } = {},
): Promise<ApiProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: options.apiDir ?? apiRoot,
    env: { PATH: process.env.PATH ?? '', ...env, HOST: '127.0.0.1', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`the server did not start in time:\n${output.join('\n')}`))
    }, options.timeoutMs ?? 40_000)
    const onLine = (line: string) => {
      output.push(line)
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
      if (listening) {
        clearTimeout(timer)
        resolve({ url: listening[1]!, output, stop })
      }
    }
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffer = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n')) >= 0) {
          onLine(buffer.slice(0, end))
          buffer = buffer.slice(end + 1)
        }
      })
    }
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}):\n${output.join('\n')}`))
    })
  })
}

/** An empty PostgreSQL database beside `baseUrl`, and how to drop it. */
export async function emptyPostgresDatabase(baseUrl: string) {
  const name = `vitrina_procs_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE "${name}"`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
