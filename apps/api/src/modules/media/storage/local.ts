/**
 * Local-disk storage (the default, `${DATA_DIR}/media`). Writes go to a temporary file in the
 * target directory, are flushed, then renamed over the final name: a rename within one file system
 * is atomic, so a reader or a crash never leaves a half-written image under a real key.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import {
  assertValidKey,
  CONTENT_TYPES,
  isValidKey,
  type ListedObject,
  MEDIA_PREFIX,
  type Storage,
  type StoredObject,
} from './storage.js'

export interface LocalStorageOptions {
  root: string
  /** Remove the whole root on close (the temporary directory used with DATA_DIR=:memory:). */
  removeOnClose?: boolean
}

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR'])

function isMissing(error: unknown): boolean {
  return MISSING.has((error as NodeJS.ErrnoException).code ?? '')
}

export async function createLocalStorage(options: LocalStorageOptions): Promise<Storage> {
  const root = path.resolve(options.root)
  await mkdir(root, { recursive: true })

  function filePath(key: string): string {
    assertValidKey(key)
    const full = path.resolve(root, key)
    // Belt and braces: valid keys cannot escape, but the check costs nothing.
    if (!full.startsWith(root + path.sep)) throw new Error(`key escapes the media root: ${key}`)
    return full
  }

  return {
    driver: 'local',
    location: root,
    publicBase: MEDIA_PREFIX,

    async put(key, body) {
      const target = filePath(key)
      const dir = path.dirname(target)
      await mkdir(dir, { recursive: true })
      // Dot-prefixed: never a valid key, so never served or confused with an image.
      const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`)
      try {
        const handle = await open(temp, 'wx', 0o644)
        try {
          await handle.writeFile(body)
          await handle.datasync()
        } finally {
          await handle.close()
        }
        await rename(temp, target)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },

    async get(key): Promise<StoredObject | null> {
      const target = filePath(key)
      let handle
      try {
        handle = await open(target, 'r')
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
      try {
        const info = await handle.stat()
        if (!info.isFile()) {
          await handle.close()
          return null
        }
        const extension = path.extname(target).slice(1)
        return {
          body: handle.createReadStream(),
          contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
          contentLength: info.size,
          etag: `"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`,
        }
      } catch (error) {
        await handle.close()
        throw error
      }
    },

    async delete(key) {
      await rm(filePath(key), { force: true })
    },

    async exists(key) {
      try {
        return (await stat(filePath(key))).isFile()
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },

    async *list(): AsyncIterable<ListedObject> {
      const entries = await readdir(root, { recursive: true, withFileTypes: true })
      for (const entry of entries) {
        if (!entry.isFile()) continue
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep)
        const joined = key.join('/')
        if (!isValidKey(joined)) continue
        try {
          yield { key: joined, modifiedAt: (await stat(path.join(root, ...key))).mtime }
        } catch (error) {
          if (!isMissing(error)) throw error // deleted meanwhile
        }
      }
    },

    publicUrl(key) {
      assertValidKey(key)
      return `${MEDIA_PREFIX}${key}`
    },

    async close() {
      if (options.removeOnClose) await rm(root, { recursive: true, force: true })
    },
  }
}
