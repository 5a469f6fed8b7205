import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { API_MESSAGES, type ImageAsset } from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { photo } from './helpers/images.js'

const t = useTestApp()
let logo: ImageAsset

beforeAll(async () => {
  ;({ asset: logo } = await t.app.media.processImage(
    await photo({ width: 800, height: 400, format: 'png' }),
    'logo',
  ))
})

const keyOf = (url: string) => url.replace(/^\/media\//, '')

describe('GET /media/*', () => {
  it('serves a stored variant with immutable caching, its type, length, nosniff and an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: logo.url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['etag']).toMatch(/^"[^"]+"$/)
    const onDisk = await readFile(path.join(t.app.media.storage.location, keyOf(logo.url)))
    expect(res.rawPayload.equals(onDisk)).toBe(true)
    expect(Number(res.headers['content-length'])).toBe(onDisk.length)
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256 })
  })

  it('serves the favicon as PNG', async () => {
    const res = await t.app.inject({ method: 'GET', url: logo.favicon! })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 32, height: 32 })
  })

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await t.app.inject({ method: 'GET', url: logo.url })
    const etag = String(first.headers['etag'])
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await t.app.inject({
        method: 'GET',
        url: logo.url,
        headers: { 'if-none-match': header },
      })
      expect(res.statusCode).toBe(304)
      expect(res.rawPayload.length).toBe(0)
    }
    const stale = await t.app.inject({
      method: 'GET',
      url: logo.url,
      headers: { 'if-none-match': '"stale"' },
    })
    expect(stale.statusCode).toBe(200)
  })

  it('answers HEAD with the headers only', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: logo.url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0)
    expect(res.rawPayload.length).toBe(0)
  })

  it('answers an unknown image with the JSON 404', async () => {
    const missing = logo.url.replace(/-256\.webp$/, '-999.webp')
    const res = await t.app.inject({ method: 'GET', url: missing })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: API_MESSAGES.notFound,
    })
  })

  it('never lists directories, walks out of the media root or serves other files', async () => {
    const root = t.app.media.storage.location
    const shard = keyOf(logo.url).slice(0, 2)
    // A stray file in the media root (e.g. a temporary file) must not be reachable either.
    await writeFile(path.join(root, shard, 'notes.txt'), 'private')
    await writeFile(path.join(root, shard, `.${path.basename(logo.url)}.abc123.tmp`), 'partial')
    const attempts = [
      '/media',
      '/media/',
      `/media/${shard}`,
      `/media/${shard}/`,
      `/media/${shard}/notes.txt`,
      `/media/${shard}/.${path.basename(logo.url)}.abc123.tmp`,
      `/media/${shard}/..%2f..%2fpackage.json`,
      '/media/..%5c..%5cpackage.json',
      `/media/%2f${keyOf(logo.url)}`,
      `/media/${keyOf(logo.url)}%00.png`,
      `/media/${keyOf(logo.url).toUpperCase()}`,
    ]
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url })
      // A NUL in any input is refused before routing (issue 22): 400, not even a lookup.
      expect(res.statusCode, url).toBe(url.includes('%00') ? 400 : 404)
      expect(res.headers['content-type'], url).toContain('application/json')
      expect(res.body, url).not.toContain('private')
      expect(res.body, url).not.toContain('partial')
      expect(res.body, url).not.toContain('"name"')
    }
    // Dot segments (also percent-encoded) are resolved by the URL parser before routing: they
    // are simply another page of the web app.
    for (const url of ['/media/../package.json', '/media/%2e%2e/%2e%2e/package.json']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.body, url).not.toContain('@vitrina/api')
    }
  })
})
