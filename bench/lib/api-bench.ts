/** The API load run over one catalogue: every scenario beside its bare twin, then the plans. */
import os from 'node:os'
import type { DatabaseHandle } from '../../apps/api/src/db/client.js'
import { loadSample, type CatalogueSample } from './generate.js'
import type { LoadOptions } from './load.js'
import { machine } from './machine.js'
import { measureScenario, type ScenarioResult } from './measure.js'
import { explainScenarios, type PlanResult } from './plans.js'
import { scenariosFor, SEARCH_QUERY, SEARCH_QUERY_PLAIN } from './scenarios.js'
import { startBenchServer } from './server.js'

export interface ApiBenchResult {
  kind: 'api'
  engine: DatabaseHandle['kind']
  size: string
  /** The in-process cache of public reads (docs/decisions/010) was on, as in production. */
  readCache: boolean
  machineBefore: ReturnType<typeof machine>
  machineAfter: ReturnType<typeof machine>
  options: LoadOptions
  catalogue: { products: number; businesses: number; sample: CatalogueSample }
  /** 'Café Orgánico' and 'cafe organico' found the same products. */
  searchAccentInsensitive: boolean
  scenarios: ScenarioResult[]
  plans: PlanResult[]
}

export async function runApiBench(
  handle: DatabaseHandle,
  size: string,
  options: LoadOptions & {
    databaseUrl?: string
    only?: string[]
    readCache?: boolean
    log?: (line: string) => void
  },
): Promise<ApiBenchResult> {
  const log = options.log ?? (() => {})
  const machineBefore = machine()
  const sample = await loadSample(handle.db)
  const counts = (
    await (
      handle.db as unknown as {
        $client: { query(q: string): Promise<{ rows: { p: number; b: number }[] }> }
      }
    ).$client.query(
      'SELECT (SELECT count(*)::int FROM products) AS p, (SELECT count(*)::int FROM businesses) AS b',
    )
  ).rows[0]!
  const readCache = options.readCache ?? true
  const server = await startBenchServer(handle, options.databaseUrl, readCache)
  try {
    const scenarios: ScenarioResult[] = []
    const all = scenariosFor(sample, size === 'large')
    const totalOf = async (search: string) => {
      const base = all.find((s) => s.name === 'list')!.path
      const reply = await server.app.inject(`${base}?search=${encodeURIComponent(search)}`)
      return (reply.json() as { total: number }).total
    }
    const accented = await totalOf(SEARCH_QUERY)
    const searchAccentInsensitive = accented > 0 && accented === (await totalOf(SEARCH_QUERY_PLAIN))
    for (const scenario of all) {
      if (options.only && !options.only.includes(scenario.name)) continue
      const result = await measureScenario(
        server.app,
        server.baseUrl,
        server.bareBodies,
        scenario,
        options,
      )
      log(
        `${scenario.name.padEnd(14)} ${result.real.requestsPerSecond.toFixed(0).padStart(6)} req/s ` +
          `p50 ${result.real.p50} ms p99 ${result.real.p99} ms cpu ${result.real.cpuMsPerRequest?.toFixed(2)} ms/req` +
          (result.atRate
            ? ` | at ${scenario.p99Rate} req/s: p50 ${result.atRate.p50} ms p99 ${result.atRate.p99} ms cpu ${result.atRate.cpuMsPerRequest?.toFixed(2)} ms/req`
            : '') +
          ` | bare ${result.bare.requestsPerSecond.toFixed(0)} req/s ` +
          `ratio ${(result.ratio * 100).toFixed(0)}% | ${result.bytes} B | load ${os.loadavg()[0]!.toFixed(2)}`,
      )
      scenarios.push(result)
    }
    const plans = await explainScenarios(handle.db, sample)
    return {
      kind: 'api',
      engine: handle.kind,
      size,
      readCache,
      machineBefore,
      machineAfter: machine(),
      options: {
        connections: options.connections,
        duration: options.duration,
        warmup: options.warmup,
      },
      catalogue: { products: counts.p, businesses: counts.b, sample },
      searchAccentInsensitive,
      scenarios,
      plans,
    }
  } finally {
    await server.close()
  }
}
