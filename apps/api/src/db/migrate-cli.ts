/**
 * `npm run migrate`: applies the pending migrations to DATABASE_URL (or the embedded database in
 * DATA_DIR) and exits, as a release step before new processes start. The server still migrates at
 * start-up; on PostgreSQL both take the same advisory lock (db/client.ts), so they never race.
 */
import { ConfigError, loadConfig } from '../config.js'
import { databaseOptionsFrom, openDatabase } from './client.js'

async function main() {
  // As for `npm run seed`: a relative DATA_DIR means where the command was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  const config = loadConfig()
  const database = await openDatabase(databaseOptionsFrom(config))
  try {
    await database.migrate(config.migrationsFolder)
    console.info(`Migraciones aplicadas (base de datos: ${database.kind}).`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
