/**
 * The database as `app.db`. The handle is opened by the caller (server or test) and migrated
 * before the app is built; the app closes it on shutdown when it owns it.
 */
import fp from 'fastify-plugin'
import type { Database, DatabaseHandle } from '../db/client.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    database: DatabaseHandle
  }
}

export interface DatabasePluginOptions {
  handle: DatabaseHandle
  closeOnShutdown: boolean
}

export default fp<DatabasePluginOptions>(
  async (app, { handle, closeOnShutdown }) => {
    app.decorate('database', handle)
    app.decorate('db', handle.db)
    if (closeOnShutdown) app.addHook('onClose', () => handle.close())
  },
  { name: 'database' },
)
