/**
 * The frame of every operator command line tool (`npm run plan`, `npm run operator`): opens the
 * embedded database in DATA_DIR or the server on DATABASE_URL, brings its schema up to date,
 * runs the command and exits with 0 or 1. Stop the server first when it uses the embedded
 * database: PGlite allows one process at a time.
 */
import path from 'node:path'
import { ConfigError, loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'
import type { Executor } from '../db/client.js'

export interface CommandResult {
  ok: boolean
  output: string
}

export function runDatabaseCommand(
  command: (db: Executor, args: string[]) => Promise<CommandResult>,
): void {
  const main = async (): Promise<number> => {
    // Relative paths (DATA_DIR=./data) mean where the command was typed, as for `npm start`.
    if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
    const config = loadConfig()
    const database = await openDatabase({
      url: config.databaseUrl,
      pgliteDir: config.dataDir === ':memory:' ? undefined : path.join(config.dataDir, 'db'),
    })
    try {
      await database.migrate(config.migrationsFolder)
      const result = await command(database.db, process.argv.slice(2))
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
}
