/**
 * `app.media` (see index.ts): storage chosen from the configuration, image processing and the
 * multipart reader. The storage is released — and the temporary one of tests removed — on close.
 */
import fp from 'fastify-plugin'
import { configureSharp } from './images.js'
import { createMediaService, type MediaService } from './service.js'
import { createStorage } from './storage/index.js'

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
    app.addHook('onClose', () => storage.close())
    log.info({ driver: storage.driver, location: storage.location }, 'media storage ready')
  },
  { name: 'media', dependencies: ['config', 'multipart'] },
)
