/**
 * Hot statements built once (docs/decisions/024-orders.md, "Third pass"): the SQL text is made from
 * Drizzle's `sql` template the first time it runs — with `sql.placeholder(name)` where values go —
 * and reused for every request; on PostgreSQL it is a named statement, which node-postgres parses
 * once per pooled connection (Parse/Describe only the first time, then Bind/Execute).
 *
 * Rows come back as the driver gives them (column names of the SELECT, no Drizzle mapping): json
 * and jsonb parsed, timestamps as text on node-postgres (Drizzle's own type parsers). Values are
 * passed as they are: a jsonb value must be JSON text (`JSON.stringify`) and cast in the SQL,
 * since both drivers turn a JS array into a PostgreSQL array.
 *
 * Only for statements whose plan does not depend on the values' selectivity: a named statement
 * may get PostgreSQL's generic plan after five runs (a `LIKE '%…%'` search should not). Columns
 * by name, never `*`: a column added by a later migration would change a prepared statement's
 * result and PostgreSQL would refuse it on every connection that prepared it.
 */
import { type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Executor } from './client.js'

const dialect = new PgDialect()

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>
}
interface HasSession {
  _: { session: { prepareQuery(...args: unknown[]): Prepared } }
}

/** Statement names already used: two statements with one name would collide on a connection. */
const names = new Set<string>()

export interface PreparedStatement<Row> {
  (db: Executor, values: Record<string, unknown>): Promise<Row[]>
}

/**
 * A statement run by name. `name` is unique in the process (a second use throws at start-up);
 * `name` undefined: the SQL is still built once, but PostgreSQL plans it on every run.
 */
export function preparedStatement<Row>(
  name: string | undefined,
  build: () => SQL,
): PreparedStatement<Row> {
  if (name !== undefined) {
    if (names.has(name)) throw new Error(`prepared statement ${name} defined twice`)
    names.add(name)
  }
  let query: ReturnType<PgDialect['sqlToQuery']> | undefined
  // One Drizzle prepared query per database handle or transaction (a transaction's session is
  // its own connection); a WeakMap lets transactions go.
  const byExecutor = new WeakMap<object, Prepared>()
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build())
    let prepared = byExecutor.get(db)
    if (!prepared) {
      prepared = (db as unknown as HasSession)._.session.prepareQuery(query, undefined, name, false)
      byExecutor.set(db, prepared)
    }
    const result = (await prepared.execute(values)) as { rows: Row[] } | Row[]
    return Array.isArray(result) ? result : result.rows
  }
}

/**
 * A Drizzle query builder's `.prepare(name)` made once per database handle: `make` builds the
 * query with `sql.placeholder(…)` for its values, and the result keeps Drizzle's row mapping.
 * The same rules as `preparedStatement` apply (unique name, plans independent of the values).
 */
export function preparedQuery<Db extends object, Query>(
  make: (db: Db) => Query,
): (db: Db) => Query {
  const byExecutor = new WeakMap<Db, Query>()
  return (db) => {
    let prepared = byExecutor.get(db)
    if (!prepared) {
      prepared = make(db)
      byExecutor.set(db, prepared)
    }
    return prepared
  }
}
