/**
 * Issue 22: a process killed mid-upload leaves image files no row references. The sweep deletes
 * them once older than the grace period — and nothing referenced or young — at start and hourly.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ORPHAN_GRACE_MS, sweepOrphanMedia } from '../src/modules/media/sweep.js'
import { startTestApp, useTestApp } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness, pngFile } from './helpers/catalogue.js'
import { createTestProduct, keysOf } from './helpers/products.js'

const HOUR = 60 * 60 * 1000

/** A stem of ours: 32 hex whose first two are its shard. */
function stem(seed: string): string {
  return (seed.repeat(32) + '0'.repeat(32)).slice(0, 32)
}

describe('orphan media sweep on local disk', () => {
  const t = useTestApp()

  async function writeOld(key: string, ageMs: number) {
    const file = path.join(t.app.media.storage.location, ...key.split('/'))
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, 'x')
    const at = new Date(Date.now() - ageMs)
    await utimes(file, at, at)
  }

  it('deletes old unreferenced images only; referenced and young files stay', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, {}, { logo: [await pngFile(300, 300)] })
    const product = await createTestProduct(t.app, owner, business._id)
    const referenced = [...keysOf(t.app, business.logo!), ...keysOf(t.app, product.image)]
    // Referenced files, aged past the grace period: a referenced image is never swept.
    for (const key of referenced) await writeOld(key, 2 * HOUR)

    const orphan = stem('a1')
    const orphanKeys = [
      `a1/${orphan}-320.webp`,
      `a1/${orphan}-640.webp`,
      `a1/${orphan}-favicon.png`,
    ]
    for (const key of orphanKeys) await writeOld(key, 2 * HOUR)
    // Young: an upload whose transaction may still commit.
    const young = stem('b2')
    await writeOld(`b2/${young}-640.webp`, 5 * 60 * 1000)
    // One file of an image old, another young: the image is in use by something recent.
    const mixed = stem('c3')
    await writeOld(`c3/${mixed}-320.webp`, 2 * HOUR)
    await writeOld(`c3/${mixed}-640.webp`, 60 * 1000)
    // Not a name this module writes: never touched.
    await writeOld('d4/notes-640.webp', 2 * HOUR)

    const report = await sweepOrphanMedia(t.db, t.app.media.storage)
    expect(report.deleted.sort()).toEqual(orphanKeys.sort())
    for (const key of orphanKeys) expect(await t.app.media.storage.exists(key)).toBe(false)
    for (const key of [
      ...referenced,
      `b2/${young}-640.webp`,
      `c3/${mixed}-320.webp`,
      `c3/${mixed}-640.webp`,
      'd4/notes-640.webp',
    ]) {
      expect(await t.app.media.storage.exists(key), key).toBe(true)
    }
    // The referenced images still load.
    expect((await t.app.inject({ method: 'GET', url: product.image.url })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: business.logo!.url })).statusCode).toBe(200)

    // An hour later the young orphan goes too; referenced files never do.
    const later = await sweepOrphanMedia(t.db, t.app.media.storage, {
      now: new Date(Date.now() + ORPHAN_GRACE_MS),
    })
    expect(later.deleted.sort()).toEqual([
      `b2/${young}-640.webp`,
      `c3/${mixed}-320.webp`,
      `c3/${mixed}-640.webp`,
    ])
    for (const key of referenced) expect(await t.app.media.storage.exists(key)).toBe(true)
  })
})

describe('the sweep at start-up', () => {
  let dataDir: string | undefined
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('removes what a crashed process left in DATA_DIR/media when the app starts', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrina-sweep-'))
    const orphan = stem('e5')
    const file = path.join(dataDir, 'media', 'e5', `${orphan}-640.webp`)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, 'x')
    const old = new Date(Date.now() - 2 * HOUR)
    await utimes(file, old, old)

    const { app, stop } = await startTestApp({ DATA_DIR: dataDir })
    try {
      const key = `e5/${orphan}-640.webp`
      await expect.poll(() => app.media.storage.exists(key), { timeout: 10_000 }).toBe(false)
    } finally {
      await stop()
    }
  })
})
