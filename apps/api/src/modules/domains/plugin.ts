/**
 * `app.domains` (issue 46 §1, ADR 038): the domain service's dependencies, and the re-check job —
 * every minute each process claims the domains that are due (a lease on the row, so one process
 * checks a domain at a time) and checks them; and the routing of requests by Host
 * (host-routing.ts). The job is not started under NODE_ENV=test: tests run a round
 * with `checkDueDomains(app.domains)` against their own DNS server.
 */
import fp from 'fastify-plugin'
import { createDnsChecker } from './dns-check.js'
import { createHostCache, registerHostRouting } from './host-routing.js'
import { checkDueDomains, type DomainDeps } from './service.js'

declare module 'fastify' {
  interface FastifyInstance {
    domains: DomainDeps
  }
}

const ROUND_MS = 60_000

export default fp(
  async (app) => {
    const hosts = createHostCache()
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
    registerHostRouting(app, hosts)
    if (app.config.env === 'test') return

    let timer: NodeJS.Timeout | undefined
    let round: Promise<void> | undefined
    const run = () => {
      round ??= checkDueDomains(deps)
        .then((checked) => {
          if (checked > 0) app.log.debug({ checked }, 'custom domains checked')
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'custom domain checks failed'))
        .finally(() => {
          round = undefined
        })
    }
    app.addHook('onReady', async () => {
      timer = setInterval(run, ROUND_MS)
      timer.unref()
      run()
    })
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer)
      await round
    })
  },
  { name: 'domains', dependencies: ['config', 'database', 'read-cache'] },
)
