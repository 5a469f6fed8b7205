/**
 * `npm run plan -- <identifier> [free|pro]` (cli/plan-command.ts), on the embedded database in
 * DATA_DIR or on DATABASE_URL. Stop the server first when it uses the embedded database: PGlite
 * allows one process at a time.
 */
import path from 'node:path'
import { ConfigError, loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'
import { runPlanCommand } from './plan-command.js'

async function main(): Promise<number> {
  // Relative paths (DATA_DIR=./data) mean where the command was typed, as for `npm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  const config = loadConfig()
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.dataDir === ':memory:' ? undefined : path.join(config.dataDir, 'db'),
  })
  try {
    await database.migrate(config.migrationsFolder)
    const result = await runPlanCommand(database.db, process.argv.slice(2))
    if (result.ok) console.info(result.output)
    else console.error(result.output)
    return result.ok ? 0 : 1
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  },
)
