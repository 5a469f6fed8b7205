/**
 * Issue 40 §1: an uploaded sheet is read in a worker thread (./parse-worker.ts), never on the
 * API's event loop (docs/decisions/028, "Reading in a worker"). The worker has its own heap
 * limit (SHEET_READ_LIMITS.heapMb) and a deadline (timeoutMs), and a process reads at most
 * `concurrency` sheets at once: a file the reader chokes on — out of heap, too slow, a bug —
 * costs that worker and the upload gets a Spanish 4xx, while every other request goes on.
 *
 * In the built API the worker is `dist/parse-worker.js`, its own tsup entry beside
 * `dist/server.js` (apps/api/tsup.config.ts). Run from the TypeScript source (vitest, tsx) it is
 * that source bundled once per process with the esbuild tsup brings (contracts included, npm
 * packages left to node_modules), into node_modules/.cache: loading the source through tsx in
 * each worker took seconds.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import {
  CATALOGUE_IO_LIMITS,
  IMPORT_MESSAGES,
  SHEET_READ_LIMITS,
  SHEET_READ_MESSAGES,
} from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'
import { createLimiter } from '../../lib/limiter.js'
import { fileTooLarge, type ParsedRow } from './parse.js'
import type { ParseReply } from './parse-worker.js'

const FROM_SOURCE = import.meta.url.endsWith('.ts')
let workerUrl: Promise<URL> | undefined

/** The built worker beside this bundle, or the source bundled on first use (see above). */
function workerScript(): Promise<URL> {
  if (!FROM_SOURCE) return Promise.resolve(new URL('./parse-worker.js', import.meta.url))
  workerUrl ??= bundleSource().catch((error: unknown) => {
    workerUrl = undefined
    throw error
  })
  return workerUrl
}

async function bundleSource(): Promise<URL> {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./parse-worker.ts', import.meta.url))],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@vitrina/') ? undefined : { path: args.path, external: true },
          )
        },
      },
    ],
  })
  const code = result.outputFiles[0]!.contents
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16)
  const dir = new URL('../../../node_modules/.cache/vitrina/', import.meta.url)
  const file = new URL(`parse-worker-${hash}.mjs`, dir)
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true })
    const partial = new URL(`parse-worker-${hash}.${process.pid}.tmp`, dir)
    await writeFile(partial, code)
    await rename(partial, file)
  }
  return file
}

const limit = createLimiter(SHEET_READ_LIMITS.concurrency)

export interface SheetReadOptions {
  heapMb?: number
  timeoutMs?: number
}

const refusal = (code: 'VALIDATION' | 'PAYLOAD_TOO_LARGE', message: string) =>
  new AppError(code, message, [{ path: 'file', message }])

function readInWorker(
  script: URL,
  file: Buffer,
  heapMb: number,
  timeoutMs: number,
): Promise<ParsedRow[]> {
  return new Promise<ParsedRow[]>((resolve, reject) => {
    // A copy the worker owns (the upload's buffer may be a slice of a shared pool).
    const bytes = new Uint8Array(file)
    const worker = new Worker(script, {
      workerData: { file: bytes },
      transferList: [bytes.buffer],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    })
    let online = false
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      outcome()
    }
    const timer = setTimeout(
      () => settle(() => reject(refusal('VALIDATION', SHEET_READ_MESSAGES.timeout))),
      timeoutMs,
    )
    worker.on('online', () => (online = true))
    worker.on('message', (reply: ParseReply) =>
      settle(() => {
        if ('rows' in reply) resolve(reply.rows)
        else if ('refused' in reply) {
          const { code, message, errors } = reply.refused
          reject(new AppError(code, message, errors))
        } else reject(refusal('VALIDATION', SHEET_READ_MESSAGES.unreadable))
      }),
    )
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          reject(refusal('PAYLOAD_TOO_LARGE', SHEET_READ_MESSAGES.unreadable))
        } else if (online) reject(refusal('VALIDATION', SHEET_READ_MESSAGES.unreadable))
        // A worker that never started is our fault (a missing build file), not the sheet's.
        else reject(error)
      }),
    )
    worker.on('exit', () =>
      settle(() => reject(refusal('VALIDATION', SHEET_READ_MESSAGES.unreadable))),
    )
  })
}

/** The product rows of an uploaded sheet, read in a worker; AppError (4xx) when refused. */
export async function readUploadedSheet(
  file: Buffer,
  options: SheetReadOptions = {},
): Promise<ParsedRow[]> {
  if (file.length === 0) {
    throw refusal('VALIDATION', IMPORT_MESSAGES.fileRequired)
  }
  if (file.length > CATALOGUE_IO_LIMITS.maxFileBytes) throw fileTooLarge()
  const heapMb = options.heapMb ?? SHEET_READ_LIMITS.heapMb
  const timeoutMs = options.timeoutMs ?? SHEET_READ_LIMITS.timeoutMs
  const script = await workerScript()
  return limit(() => readInWorker(script, file, heapMb, timeoutMs))
}
