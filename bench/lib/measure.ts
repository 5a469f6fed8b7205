/** Measures one scenario against its bare twin and keeps the reply's caching headers. */
import os from 'node:os'
import type { FastifyInstance } from 'fastify'
import { runLoad, type LoadOptions, type LoadResult } from './load.js'
import type { Scenario } from './scenarios.js'
import { BARE_PREFIX } from './server.js'

export interface ScenarioResult extends Scenario {
  bytes: number
  headers: { etag: string | null; cacheControl: string | null; notModified: boolean }
  loadavg: number[]
  real: LoadResult
  /** The same URLs at the scenario's p99Rate (offered, not as fast as possible), when it has one. */
  atRate?: LoadResult
  bare: LoadResult
  /** real req/s ÷ bare req/s. */
  ratio: number
}

export async function measureScenario(
  app: FastifyInstance,
  baseUrl: string,
  bareBodies: Map<string, Buffer>,
  scenario: Scenario,
  options: LoadOptions,
): Promise<ScenarioResult> {
  const reply = await app.inject({ method: 'GET', url: scenario.path })
  if (reply.statusCode !== 200) {
    throw new Error(
      `${scenario.name}: ${scenario.path} answered ${reply.statusCode}: ${reply.body}`,
    )
  }
  const body = reply.rawPayload
  const etag = reply.headers.etag?.toString() ?? null
  const revalidated = etag
    ? await app.inject({ method: 'GET', url: scenario.path, headers: { 'if-none-match': etag } })
    : undefined
  bareBodies.set(scenario.name, Buffer.from(body))
  const loadavg = os.loadavg()
  // A scenario over many URLs: every one must answer 200 before the load (a 400 would be cheap).
  for (const path of scenario.paths ?? []) {
    const each = await app.inject({ method: 'GET', url: path })
    if (each.statusCode !== 200) {
      throw new Error(`${scenario.name}: ${path} answered ${each.statusCode}: ${each.body}`)
    }
  }
  const real = await runLoad(`${baseUrl}${scenario.path}`, { ...options, paths: scenario.paths })
  const atRate = scenario.p99Rate
    ? await runLoad(`${baseUrl}${scenario.path}`, {
        ...options,
        paths: scenario.paths,
        rate: scenario.p99Rate,
        paced: true,
      })
    : undefined
  const bare = await runLoad(`${baseUrl}${BARE_PREFIX}${scenario.name}`, options)
  return {
    ...scenario,
    bytes: body.length,
    headers: {
      etag,
      cacheControl: reply.headers['cache-control']?.toString() ?? null,
      notModified: revalidated?.statusCode === 304,
    },
    loadavg,
    real,
    ...(atRate ? { atRate } : {}),
    bare,
    ratio: bare.requestsPerSecond > 0 ? real.requestsPerSecond / bare.requestsPerSecond : 0,
  }
}
