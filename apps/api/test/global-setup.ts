/**
 * Builds one migrated database per set of migrations, so that no test file runs the migrations
 * again:
 * - PGlite: a data directory kept as a tarball in the OS temp folder; each file starts its own
 *   PGlite from it (~1 s) instead of running initdb and every migration (~5 s).
 * - PostgreSQL (TEST_DATABASE_URL): a template database beside it; each file's database is a
 *   `CREATE DATABASE … TEMPLATE` copy of it (a file copy, no migration run).
 * Keyed by a hash of the migrations (and the PGlite version), so a changed migration builds a new
 * template.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import pg from 'pg'
import { openDatabase } from '../src/db/client.js'
import { migrationsFolder } from './helpers/database.js'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

function migrationsHash(): string {
  const hash = createHash('sha256')
  // package.json is not in PGlite's exports map: find it beside the resolved entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  hash.update(readFileSync(path.join(entry, '..', '..', 'package.json')))
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else hash.update(entry.name).update(readFileSync(full))
    }
  }
  walk(migrationsFolder)
  return hash.digest('hex').slice(0, 16)
}

/** The migrated template database on TEST_DATABASE_URL's server, created once per hash. */
async function postgresTemplate(baseUrl: string, hash: string): Promise<string> {
  const name = `vitrina_template_${hash}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    // One builder at a time (two vitest runs on one server); the others wait, then find it.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name])
    const found = await admin.query(
      'select 1 from pg_database where datname = $1 and datistemplate',
      [name],
    )
    if (found.rowCount === 0) {
      const building = `${name}_building`
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`)
      await admin.query(`CREATE DATABASE "${building}"`)
      const url = new URL(baseUrl)
      url.pathname = `/${building}`
      const handle = await openDatabase({ url: url.toString(), poolSize: 1 })
      await handle.migrate(migrationsFolder)
      await handle.close()
      // Older templates (other migration sets) are dropped: they are only a cache.
      const old = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'vitrina\\_template\\_%' and datname <> $1",
        [building],
      )
      for (const { datname } of old.rows) {
        await admin.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`)
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`)
      await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`)
    }
  } finally {
    await admin.end()
  }
  return name
}

export default async function setup(project: TestProject) {
  // The project's `test.env` (vitest.config.ts) reaches the workers, not this process.
  const env = { ...process.env, ...project.config.env }
  if (env.VITRINA_TEST_ENGINE === 'postgres') {
    const baseUrl = env.TEST_DATABASE_URL
    if (!baseUrl) throw new Error('VITRINA_TEST_ENGINE=postgres needs TEST_DATABASE_URL')
    project.provide('postgresTemplate', await postgresTemplate(String(baseUrl), migrationsHash()))
    return
  }
  const file = path.join(os.tmpdir(), `vitrina-pglite-template-${migrationsHash()}.tar`)
  if (!existsSync(file)) {
    const handle = await openDatabase({})
    await handle.migrate(migrationsFolder)
    if (!handle.pglite) throw new Error('expected the embedded engine')
    const dump = await handle.pglite.dumpDataDir('none')
    await handle.close()
    const temp = `${file}.${process.pid}.tmp`
    writeFileSync(temp, Buffer.from(await dump.arrayBuffer()))
    renameSync(temp, file)
  }
  project.provide('pgliteTemplate', file)
}
