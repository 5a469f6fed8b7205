/** The only entry point that listens: config → database → migrations → app → listen. */
import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig, type Config } from './config.js'
import { databaseOptionsFrom, openDatabase } from './db/client.js'
import { buildApp } from './app.js'
import { seedOnFirstStart } from './seed/index.js'

async function main(config: Config) {
  const database = await openDatabase(databaseOptionsFrom(config))
  await database.migrate(config.migrationsFolder)
  const app = await buildApp(config, { database, closeDatabase: true })
  // SEED_DEMO: demo businesses on the first start of the embedded database (README).
  await seedOnFirstStart(app)

  // SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error')
    else app.log.info({ signal }, 'shutting down')
    await app.close()
  })

  await app.listen({ host: config.host, port: config.port })
  const shared = config.redis ? ', Redis' : ''
  app.log.info(`Vitrina lista en ${config.publicUrl} (base de datos: ${database.kind}${shared})`)
}

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
main(config).catch((error: unknown) => {
  console.error('No se pudo iniciar Vitrina:', error)
  process.exit(1)
})
