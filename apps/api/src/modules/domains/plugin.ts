/**
 * `app.domains` (issue 46 §1, ADR 038): the domain service's dependencies, and the re-check job —
 * every minute each process claims the domains that are due (a lease on the row, so one process
 * checks a domain at a time) and checks them. The routing of requests by Host (host-routing.ts)
 * is `hostRoutingPlugin`, registered earlier. The job is not started under NODE_ENV=test: tests
 * run a round with `checkDueDomains(app.domains)` against their own DNS server.
 */
import { runPeriodically } from '../../lib/periodic.js'
import fp from 'fastify-plugin'
import { createDnsChecker } from './dns-check.js'
import { createHostCache, registerHostRouting, type HostCache } from './host-routing.js'
import { checkDueDomains, type DomainDeps } from './service.js'

declare module 'fastify' {
  interface FastifyInstance {
    domains: DomainDeps
    /** What each Host is and where each shop lives, kept a few seconds (host-routing.ts). */
    domainHosts: HostCache
  }
}

/**
 * The routing of requests by Host (host-routing.ts), registered before the read cache
 * (app.ts): an unknown or unverified Host is a plain 404 before any cached reply is looked up,
 * and the page cache keys by the request's site.
 */
export const hostRoutingPlugin = fp(
  async (app) => {
    const hosts = createHostCache()
    app.decorate('domainHosts', hosts)
    registerHostRouting(app, hosts)
  },
  { name: 'domain-host-routing', dependencies: ['config', 'database'] },
)

const ROUND_MS = 60_000

export default fp(
  async (app) => {
    const hosts = app.domainHosts
    const deps: DomainDeps = {
      db: app.db,
      config: app.config.domains,
      checkDomain: createDnsChecker(app.config.domains),
      invalidate: (businessId) => {
        hosts.forget()
        app.invalidateReads(businessId)
      },
    }
    app.decorate('domains', deps)
    // A shop suspended, or a domain verified or removed, here or on another process.
    app.onReadsInvalidated(hosts.forget)
    if (app.config.env === 'test') return

    runPeriodically(app, {
      everyMs: ROUND_MS,
      task: async () => {
        const checked = await checkDueDomains(deps)
        if (checked > 0) app.log.debug({ checked }, 'custom domains checked')
      },
      failure: 'custom domain checks failed',
    })
  },
  { name: 'domains', dependencies: ['config', 'database', 'read-cache', 'domain-host-routing'] },
)
