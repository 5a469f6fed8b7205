/**
 * `npm run seed`: creates the demo businesses that are missing, on the embedded database in
 * DATA_DIR or on DATABASE_URL, whatever SEED_DEMO says (running it is the explicit request).
 * Stop the server first when it uses the embedded database: PGlite allows one process at a time.
 */
import path from 'node:path'
import { ConfigError, loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'
import { buildApp } from '../app.js'
import { logDemoAccounts, seedDemoData } from './index.js'

async function main() {
  // npm runs a workspace's script inside the workspace; relative paths such as the default
  // DATA_DIR=./data must mean where the command was typed, as they do for `npm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  const config = loadConfig()
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.dataDir === ':memory:' ? undefined : path.join(config.dataDir, 'db'),
  })
  await database.migrate(config.migrationsFolder)
  const app = await buildApp(config, { database, closeDatabase: true })
  try {
    await app.ready()
    const report = await seedDemoData(app)
    logDemoAccounts(app, report)
    console.info(
      `\nDemo: ${report.created.length} negocios creados, ${report.skipped.length} ya existían ` +
        `(${report.products} productos, ${(report.ms / 1000).toFixed(1)} s).`,
    )
    console.info('Cuentas (contraseña para todas: ' + report.accounts[0]?.password + '):')
    for (const account of report.accounts) {
      console.info(`  ${account.email.padEnd(28)} ${account.business.padEnd(26)} ${account.url}`)
    }
  } finally {
    await app.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
