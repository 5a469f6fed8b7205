/**
 * Issue 40 §1: the worker thread that reads one uploaded sheet (./read-sheet.ts starts it with
 * its own heap limit and a deadline). It gets the file's bytes and answers with the rows, or
 * with the Spanish refusal (an AppError's code, message and field errors), then ends.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '../../lib/errors.js'
import { readSheetRows, type ParsedRow } from './parse.js'

export type ParseReply =
  | { rows: ParsedRow[] }
  | { refused: Pick<AppError, 'code' | 'message' | 'errors'> }
  | { failed: string }

const { file } = workerData as { file: Uint8Array }
let reply: ParseReply
try {
  reply = { rows: await readSheetRows(Buffer.from(file.buffer, file.byteOffset, file.byteLength)) }
} catch (error) {
  reply =
    error instanceof AppError
      ? { refused: { code: error.code, message: error.message, errors: error.errors } }
      : { failed: error instanceof Error ? error.message : String(error) }
}
parentPort!.postMessage(reply)
