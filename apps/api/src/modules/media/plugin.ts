/**
 * `app.media` (see index.ts): storage chosen from the configuration, image processing and the
 * multipart reader. The storage is released — and the temporary one of tests removed — on close.
 */
import fp from 'fastify-plugin'
import { configureSharp } from './images.js'
import { createMediaService, type MediaService } from './service.js'
import { createStorage } from './storage/index.js'
import { sweepOrphanMedia, SWEEP_INTERVAL_MS } from './sweep.js'

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaService
  }
}

export default fp(
  async (app) => {
    configureSharp()
    const storage = await createStorage(app.config)
    const log = app.log.child({ module: 'media' })
    app.decorate('media', createMediaService({ storage, log, publicUrl: app.config.publicUrl }))
    log.info({ driver: storage.driver, location: storage.location }, 'media storage ready')

    // Orphans of crashed uploads (sweep.ts): once at start, then hourly; never blocks start-up.
    let timer: NodeJS.Timeout | undefined
    let running: Promise<void> | undefined
    const sweep = () => {
      running ??= sweepOrphanMedia(app.db, storage)
        .then(({ deleted }) => {
          if (deleted.length > 0) log.info({ files: deleted.length }, 'media: orphan files deleted')
        })
        .catch((error: unknown) => log.warn({ err: error }, 'media: orphan sweep failed'))
        .finally(() => {
          running = undefined
        })
      return running
    }
    app.addHook('onReady', async () => {
      timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS)
      timer.unref()
      void sweep()
    })
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer)
      await running
      await storage.close()
    })
  },
  { name: 'media', dependencies: ['config', 'multipart', 'database'] },
)
