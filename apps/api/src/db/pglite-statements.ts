/**
 * PGlite's `query()` in one exchange with the engine (issue 42 §4, ADR 034 "fifth session").
 *
 * PGlite answers `query(text, params)` with six separate protocol exchanges — Parse, Describe
 * statement, Bind, Describe portal, Execute, Sync — each a pass through the WebAssembly engine and
 * the JavaScript protocol parser, and Postgres parses and analyses the text every time. Drizzle
 * sends the same few hundred texts over and over (its SQL has `$n` where the values go), so this
 * client keeps each text as a named statement of PGlite's one session: the first run parses and
 * describes it once (its parameter types and its row description), every later run is one
 * message — Bind, Execute, Sync — and the rows are read with the description kept.
 *
 * Plans: PostgreSQL's own rule for named statements (`plan_cache_mode = auto`, its default, set
 * here explicitly). The first five runs of a statement are planned with their values; after that
 * the statement keeps a generic plan only where its estimated cost is not above those runs'
 * average with their planning, so a search whose best plan depends on its words stays planned
 * with them. Planning every run (`force_custom_plan`, until 2026-11-29) cost a fifth of an uncached
 * page's server time on PGlite: 97–103 → 120–133 pages a second, no API scenario slower (ADR 034).
 *
 * What does not change:
 * - Exclusivity. A run holds PGlite's transaction and query locks, as `query()` does: it never
 *   lands inside another request's transaction. Statements inside a transaction (`transaction()`'s
 *   own handle) and anything that is not a plain SELECT / INSERT / UPDATE / DELETE / WITH (DDL,
 *   migrations, `SET`) go through PGlite's own `query()`.
 * - Errors. A statement that fails is forgotten (closed) and run again through PGlite's own
 *   `query()`, which throws PGlite's error with its query and parameters. A failed statement
 *   changed nothing (it ran alone, in its own implicit transaction), so running it again is safe;
 *   it also recovers a statement a migration made stale ("cached plan must not change result
 *   type").
 *
 * At most `capacity` statements are kept; the least recently used is closed when another comes.
 */
import {
  parse as results,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite'

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number]

interface Statement {
  name: string
  /** The parameters' type oids, as Postgres inferred them at Parse. */
  paramTypes: number[]
  /** The rows' description (none for a statement that returns no rows). */
  rowDescription: BackendMessage | undefined
}

const serialize = protocol.serialize

/** Texts that may be kept: single data statements, as Drizzle writes them. */
const KEPT = /^\s*(select|insert|update|delete|with)\b/i

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0
  for (const part of parts) length += part.length
  const message = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    message.set(part, offset)
    offset += part.length
  }
  return message
}

export interface KeptStatements {
  /** The client to hand to Drizzle: PGlite itself, with `query()` answered as above. */
  client: PGlite
  /** How many statements are kept now (tests). */
  size(): number
}

/** Sets the session's `plan_cache_mode` (see the file comment) and gives the client. */
export async function keepStatements(pglite: PGlite, capacity = 256): Promise<KeptStatements> {
  await pglite.exec('SET plan_cache_mode = auto')
  /** By text, least recently used first (a Map keeps insertion order). */
  const kept = new Map<string, Statement>()
  let counter = 0

  const exchange = (parts: Uint8Array[]) =>
    pglite.execProtocolStream(concat(parts), { syncToFs: false })
  const close = (statement: Statement) =>
    exchange([serialize.close({ type: 'S', name: statement.name }), serialize.sync()])

  async function statementFor(text: string): Promise<Statement> {
    const known = kept.get(text)
    if (known) {
      kept.delete(text)
      kept.set(text, known)
      return known
    }
    const name = `vitrina_${++counter}`
    const described = await exchange([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ])
    const statement: Statement = {
      name,
      paramTypes: results.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    }
    kept.set(text, statement)
    if (kept.size > capacity) {
      const [oldest, evicted] = kept.entries().next().value as [string, Statement]
      kept.delete(oldest)
      await close(evicted)
    }
    return statement
  }

  async function forget(text: string): Promise<void> {
    const statement = kept.get(text)
    if (!statement) return
    kept.delete(text)
    await close(statement)
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions) {
    const statement = await statementFor(text)
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null
      const oid = statement.paramTypes[i]!
      const serializer = options?.serializers?.[oid] ?? pglite.serializers[oid]
      return serializer ? serializer(param) : String(param)
    })
    const answered = await exchange([
      serialize.bind({ statement: statement.name, values }),
      serialize.execute({}),
      serialize.sync(),
    ])
    const messages = statement.rowDescription ? [statement.rowDescription, ...answered] : answered
    await pglite.syncToFs()
    return results.parseResults(messages, pglite.parsers, options)[0] as Results<T>
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (!KEPT.test(text) || options?.blob || options?.paramTypes) {
      return pglite.query<T>(text, params, options)
    }
    let failed = false
    const answer = await pglite._runExclusiveTransaction(() =>
      pglite.runExclusive(async () => {
        try {
          return await run<T>(text, params, options)
        } catch {
          failed = true
          await forget(text).catch(() => undefined)
          return undefined
        }
      }),
    )
    if (!failed) return answer as Results<T>
    // PGlite's own error, with the query and its parameters (or the rows, if it was stale).
    return pglite.query<T>(text, params, options)
  }

  const client = new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query
      const value: unknown = Reflect.get(target, property, target)
      // PGlite's methods use private fields: call them on PGlite itself, never on the proxy.
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value
    },
  })
  return { client, size: () => kept.size }
}
