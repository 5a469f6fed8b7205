/** One autocannon measurement (in a child process, see load-worker.mjs). */
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface LoadOptions {
  connections: number
  /** Seconds measured. */
  duration: number
  /** Seconds of load thrown away first (JIT, pool, caches). 0 skips it. */
  warmup: number
  headers?: Record<string, string>
  /** Many distinct paths on the URL's host, asked in turn (the URL's own path is not used then). */
  paths?: string[]
  /** 'POST' with a JSON body (orders); GET by default. */
  method?: string
  body?: string
  /** Bodies sent in turn (the URL's own body is not used then). */
  bodies?: string[]
  /** Requests per second over all connections; as many as possible when unset. */
  rate?: number
  /**
   * With `rate`: requests due at even intervals, latency counted from when each was due (see
   * load-worker.mjs). Without it autocannon's rate, which sends each second's share in a burst.
   */
  paced?: boolean
  /** Exactly this many requests, then stop (`duration` is not used then). */
  amount?: number
}

export interface LoadResult {
  requestsPerSecond: number
  requestsTotal: number
  /** Latency percentiles in milliseconds. */
  p50: number
  p99: number
  latencyMax: number
  bytesPerSecond: number
  errors: number
  timeouts: number
  non2xx: number
  ok: number
  /**
   * CPU time of this process (user + system) per request of the measured run, in ms: the API's,
   * when it serves in this process as in api-bench (the load itself runs in a child). The figure
   * least moved by a shared machine: latency waits on everything else that runs, CPU does not.
   */
  cpuMsPerRequest?: number
}

function runWorker(
  url: string,
  connections: number,
  duration: number,
  headers = {},
  paths?: string[],
  request: {
    method?: string
    body?: string
    bodies?: string[]
    rate?: number
    paced?: boolean
    amount?: number
  } = {},
) {
  // Bodies go through a file: thousands of them are more than one argument may hold (E2BIG).
  const { bodies, ...rest } = request
  const dir = bodies ? mkdtempSync(path.join(os.tmpdir(), 'vitrina-load-')) : undefined
  const bodiesFile = dir ? path.join(dir, 'bodies.json') : undefined
  if (bodiesFile) writeFileSync(bodiesFile, JSON.stringify(bodies))
  const cleanUp = () => dir && rmSync(dir, { recursive: true, force: true })
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = fork(
      fileURLToPath(new URL('./load-worker.mjs', import.meta.url)),
      [JSON.stringify({ url, paths, connections, duration, headers, bodiesFile, ...rest })],
      // Plain node: the worker is JavaScript, and tsx's loader would only slow its start.
      { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    )
    worker.once('message', (result) => resolve(result as LoadResult))
    worker.once('error', reject)
    worker.once('exit', (code) => {
      cleanUp()
      if (code !== 0) reject(new Error(`load worker exited with ${code}`))
    })
  })
}

export async function runLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const request = {
    method: options.method,
    body: options.body,
    bodies: options.bodies,
    rate: options.rate,
    paced: options.paced,
    amount: options.amount,
  }
  if (options.warmup > 0) {
    await runWorker(
      url,
      options.connections,
      options.warmup,
      options.headers,
      options.paths,
      request,
    )
  }
  const before = process.cpuUsage()
  const result = await runWorker(
    url,
    options.connections,
    options.duration,
    options.headers,
    options.paths,
    request,
  )
  const used = process.cpuUsage(before)
  const cpuMs = (used.user + used.system) / 1000
  return { ...result, cpuMsPerRequest: result.requestsTotal ? cpuMs / result.requestsTotal : 0 }
}
