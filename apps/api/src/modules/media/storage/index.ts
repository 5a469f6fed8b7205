import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Config } from '../../../config.js'
import { createLocalStorage } from './local.js'
import { createS3Storage } from './s3.js'
import type { Storage } from './storage.js'

export * from './storage.js'
export { createLocalStorage } from './local.js'
export { createS3Storage, IMMUTABLE_CACHE } from './s3.js'

/**
 * S3 when S3_BUCKET is set; otherwise `${DATA_DIR}/media`, or — with DATA_DIR=:memory: (tests) —
 * a temporary directory of this app alone, removed when the app closes.
 */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.s3) return createS3Storage(config.s3)
  if (config.dataDir === ':memory:') {
    const root = await mkdtemp(path.join(os.tmpdir(), 'vitrina-media-'))
    return createLocalStorage({ root, removeOnClose: true })
  }
  return createLocalStorage({ root: path.join(config.dataDir, 'media') })
}
