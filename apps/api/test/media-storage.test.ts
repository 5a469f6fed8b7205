import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import {
  createLocalStorage,
  createS3Storage,
  IMMUTABLE_CACHE,
  InvalidKeyError,
  type Storage,
} from '../src/modules/media/storage/index.js'
import { ORPHAN_GRACE_MS, sweepOrphanMedia } from '../src/modules/media/sweep.js'
import { startTestApp } from './helpers/app.js'
import { photo } from './helpers/images.js'

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
}

const UNSAFE_KEYS = [
  '',
  '../outside.webp',
  'ab/../../outside.webp',
  '/etc/passwd',
  'ab//cd.webp',
  'ab\\..\\outside.webp',
  '.hidden',
  'ab/.cd.webp.1234.tmp',
  'ab/./cd.webp',
  'ab/..',
  'ab/cd.webp\0.png',
  'x'.repeat(600),
  'ab/cd .webp',
]

describe('local storage', () => {
  let sandbox: string
  let root: string
  let storage: Storage

  beforeAll(async () => {
    sandbox = await mkdtemp(path.join(os.tmpdir(), 'vitrina-storage-test-'))
    root = path.join(sandbox, 'media')
    storage = await createLocalStorage({ root })
  })
  afterAll(async () => {
    await storage.close()
    await rm(sandbox, { recursive: true, force: true })
  })

  it('puts, reads, checks and deletes objects under its root', async () => {
    const body = Buffer.from('RIFF0000WEBPdata')
    await storage.put('ab/abcdef-640.webp', body, 'image/webp')
    expect(await readFile(path.join(root, 'ab', 'abcdef-640.webp'))).toEqual(body)
    expect(await storage.exists('ab/abcdef-640.webp')).toBe(true)

    const object = await storage.get('ab/abcdef-640.webp')
    expect(object).toMatchObject({ contentType: 'image/webp', contentLength: body.length })
    expect(object?.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(await readAll(object!.body)).toEqual(body)

    await storage.put('ab/abcdef-favicon.png', Buffer.from('png'), 'image/png')
    expect((await storage.get('ab/abcdef-favicon.png'))?.contentType).toBe('image/png')
    expect(storage.publicUrl('ab/abcdef-640.webp')).toBe('/media/ab/abcdef-640.webp')

    await storage.delete('ab/abcdef-640.webp')
    await storage.delete('ab/abcdef-640.webp') // deleting a missing object is not an error
    expect(await storage.exists('ab/abcdef-640.webp')).toBe(false)
    expect(await storage.get('ab/abcdef-640.webp')).toBeNull()
  })

  it('never lists a directory', async () => {
    await storage.put('cd/cdef-320.webp', Buffer.from('x'), 'image/webp')
    expect(await storage.get('cd')).toBeNull()
    expect(await storage.exists('cd')).toBe(false)
  })

  it.each(UNSAFE_KEYS)('refuses the key %j for every operation', async (key) => {
    const outside = await listFiles(sandbox)
    await expect(storage.put(key, Buffer.from('pwned'), 'image/webp')).rejects.toThrow(
      InvalidKeyError,
    )
    await expect(storage.get(key)).rejects.toThrow(InvalidKeyError)
    await expect(storage.exists(key)).rejects.toThrow(InvalidKeyError)
    await expect(storage.delete(key)).rejects.toThrow(InvalidKeyError)
    expect(() => storage.publicUrl(key)).toThrow(InvalidKeyError)
    expect(await listFiles(sandbox)).toEqual(outside)
  })

  it('writes atomically: a concurrent reader sees the old or the new bytes, never a mix', async () => {
    const key = 'ef/atomic-1280.webp'
    const versions = [Buffer.alloc(2 * 1024 * 1024, 'a'), Buffer.alloc(3 * 1024 * 1024, 'b')]
    await storage.put(key, versions[0]!, 'image/webp')
    let writing = true
    const writer = (async () => {
      for (let i = 1; i <= 20; i++) await storage.put(key, versions[i % 2]!, 'image/webp')
      writing = false
    })()
    let reads = 0
    while (writing) {
      const seen = await readFile(path.join(root, key))
      expect(seen.equals(versions[0]!) || seen.equals(versions[1]!)).toBe(true)
      reads++
    }
    await writer
    expect(reads).toBeGreaterThan(0)
    // Temporary files were renamed away, not left beside the object.
    expect((await readdir(path.join(root, 'ef'))).sort()).toEqual(['atomic-1280.webp'])
  })

  it('leaves no temporary file behind when a write fails', async () => {
    // A directory where the file should go makes the final rename fail.
    await mkdir(path.join(root, 'fa', 'blocked-640.webp', 'inner'), { recursive: true })
    await expect(
      storage.put('fa/blocked-640.webp', Buffer.from('new'), 'image/webp'),
    ).rejects.toThrow()
    expect(await readdir(path.join(root, 'fa'))).toEqual(['blocked-640.webp'])
    expect((await stat(path.join(root, 'fa', 'blocked-640.webp'))).isDirectory()).toBe(true)
  })

  it('removes a temporary root on close, and only then', async () => {
    const tempRoot = await mkdtemp(path.join(os.tmpdir(), 'vitrina-storage-temp-'))
    const temporary = await createLocalStorage({ root: tempRoot, removeOnClose: true })
    await temporary.put('aa/x-1.webp', Buffer.from('x'), 'image/webp')
    await temporary.close()
    await expect(stat(tempRoot)).rejects.toMatchObject({ code: 'ENOENT' })

    await storage.close() // a data directory is kept
    expect((await stat(root)).isDirectory()).toBe(true)
  })

  it('gives each app built with DATA_DIR=:memory: its own media directory, removed on close', async () => {
    const first = await startTestApp()
    const second = await startTestApp()
    let isFirstStopped = false
    try {
      const a = first.app.media.storage.location
      const b = second.app.media.storage.location
      expect(a).not.toBe(b)
      expect(a.startsWith(os.tmpdir())).toBe(true)
      await first.app.media.processImage(await photo({ width: 600, height: 400 }), 'logo')
      expect((await listFiles(a)).length).toBe(4)
      await first.stop()
      isFirstStopped = true
      await expect(stat(a)).rejects.toMatchObject({ code: 'ENOENT' })
      expect((await stat(b)).isDirectory()).toBe(true)
    } finally {
      if (!isFirstStopped) await first.stop()
      await second.stop()
    }
  })
})

interface S3rverInstance {
  run(): Promise<{ port: number }>
  close(): Promise<void>
}
type S3rverConstructor = new (options: {
  address: string
  port: number
  directory: string
  silent: boolean
  configureBuckets: { name: string }[]
}) => S3rverInstance
// s3rver ships no types; it is a CommonJS package.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor

describe('S3 storage against a real S3-compatible server (s3rver)', () => {
  const bucket = 'vitrina-media'
  let directory: string
  let server: S3rverInstance
  let endpoint: string
  let client: S3Client

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'vitrina-s3rver-'))
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    })
    const { port } = await server.run()
    endpoint = `http://127.0.0.1:${port}`
    client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
  })
  afterAll(async () => {
    client?.destroy()
    await server?.close()
    await rm(directory, { recursive: true, force: true })
  })

  const s3Env = () => ({
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  })

  async function bucketKeys(): Promise<string[]> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
    return (listed.Contents ?? []).map((o) => o.Key!).sort()
  }

  it('puts, reads, checks and deletes objects with their type and cache policy', async () => {
    const storage = createS3Storage({
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      publicUrl: undefined,
    })
    try {
      const body = Buffer.from('webp bytes')
      await storage.put('ab/abcdef-640.webp', body, 'image/webp')
      const head = await client.send(
        new HeadObjectCommand({ Bucket: bucket, Key: 'ab/abcdef-640.webp' }),
      )
      expect(head).toMatchObject({ ContentType: 'image/webp', CacheControl: IMMUTABLE_CACHE })

      expect(await storage.exists('ab/abcdef-640.webp')).toBe(true)
      const object = await storage.get('ab/abcdef-640.webp')
      expect(object).toMatchObject({ contentType: 'image/webp', contentLength: body.length })
      expect(object?.etag).toMatch(/^".+"$/)
      expect(await readAll(object!.body)).toEqual(body)
      expect(storage.publicUrl('ab/abcdef-640.webp')).toBe('/media/ab/abcdef-640.webp')
      const listed = []
      for await (const object of storage.list()) listed.push(object)
      expect(listed.map((o) => o.key)).toEqual(['ab/abcdef-640.webp'])
      expect(Math.abs(listed[0]!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000)

      await storage.delete('ab/abcdef-640.webp')
      await storage.delete('ab/abcdef-640.webp')
      expect(await storage.exists('ab/abcdef-640.webp')).toBe(false)
      expect(await storage.get('ab/abcdef-640.webp')).toBeNull()
      for (const key of UNSAFE_KEYS) {
        await expect(storage.put(key, body, 'image/webp')).rejects.toThrow(InvalidKeyError)
      }
      expect(await bucketKeys()).toEqual([])
    } finally {
      await storage.close()
    }
  })

  it('stores processed images in the bucket, streams them at /media and deletes them', async () => {
    const { app, stop } = await startTestApp(s3Env())
    try {
      expect(app.media.storage).toMatchObject({ driver: 's3', location: `s3://${bucket}` })
      const { asset, keys } = await app.media.processImage(
        await photo({ width: 900, height: 600, format: 'png' }),
        'logo',
      )
      expect(await bucketKeys()).toEqual([...keys].sort())
      expect(asset.url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}-256\.webp$/)

      const res = await app.inject({ method: 'GET', url: asset.url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE)
      expect(res.headers['etag']).toBeTruthy()
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256 })

      const favicon = await app.inject({ method: 'GET', url: asset.favicon! })
      expect(favicon.headers['content-type']).toBe('image/png')

      const again = await app.inject({
        method: 'GET',
        url: asset.url,
        headers: { 'if-none-match': String(res.headers['etag']) },
      })
      expect(again.statusCode).toBe(304)

      // Issue 22: no row references this image; the sweep leaves it while young, then deletes it.
      expect((await sweepOrphanMedia(app.db, app.media.storage)).deleted).toEqual([])
      const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000)
      const swept = await sweepOrphanMedia(app.db, app.media.storage, { now: later })
      expect(swept.deleted.sort()).toEqual([...keys].sort())
      expect(await bucketKeys()).toEqual([])
      const gone = await app.inject({ method: 'GET', url: asset.url })
      expect(gone.statusCode).toBe(404)
      expect(gone.json()).toMatchObject({ statusCode: 404 })
    } finally {
      await stop()
    }
  })

  it('with S3_PUBLIC_URL, points assets at the CDN and redirects /media there', async () => {
    const cdn = 'https://cdn.vitrina.test/media-bucket'
    const { app, stop } = await startTestApp({ ...s3Env(), S3_PUBLIC_URL: `${cdn}/` })
    try {
      const { asset, keys } = await app.media.processImage(
        await photo({ width: 700, height: 500 }),
        'product',
      )
      expect(asset.url.startsWith(`${cdn}/`)).toBe(true)
      for (const entry of asset.srcset!.split(', ')) expect(entry.startsWith(`${cdn}/`)).toBe(true)

      const key = asset.url.slice(cdn.length + 1)
      const res = await app.inject({ method: 'GET', url: `/media/${key}` })
      expect(res.statusCode).toBe(301)
      expect(res.headers.location).toBe(asset.url)

      // CDN URLs are recognised as ours, so deleting works the same.
      await app.media.deleteAssets([asset])
      for (const k of keys) expect(await app.media.storage.exists(k)).toBe(false)
    } finally {
      await stop()
    }
  })
})
