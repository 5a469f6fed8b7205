/**
 * Issue 46 §1: whether a domain's DNS says what its page asks for (ADR 038). With node:dns's
 * Resolver, whose servers are configurable (DNS_SERVERS): the tests answer from a server on
 * loopback. Two questions:
 *
 * - ownership: a TXT record at `_vitrina.{domain}` holding `vitrina-verificacion={token}`;
 * - routing: the domain is a CNAME to the platform's target, or its A/AAAA addresses are the
 *   platform's (DOMAIN_APEX_IPV4/IPV6) — every one of them, so no address goes elsewhere.
 *
 * A DNS that cannot answer (a timeout, a server failure) is `dns_unavailable`, told apart from
 * a missing record: the job does not take a live domain down for a resolver's bad minute.
 */
import { Resolver } from 'node:dns/promises'
import { DOMAIN_TXT_LABEL, DOMAIN_TXT_PREFIX, type DomainError } from '@vitrina/contracts'

export interface DnsCheckConfig {
  cnameTarget: string
  apexIpv4: string[]
  apexIpv6: string[]
  dnsServers: string[] | undefined
  /** Per query (default 3 s). */
  timeoutMs?: number
}

export type DnsCheckResult = { ok: true } | { ok: false; error: DomainError }

/** No such name or no record of that type: an answer, not a failure. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN'])

class DnsUnavailable extends Error {}

async function lookup<T>(query: () => Promise<T[]>): Promise<T[]> {
  try {
    return await query()
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code && ABSENT.has(code)) return []
    throw new DnsUnavailable(code ?? 'dns')
  }
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '')

export function createDnsChecker(config: DnsCheckConfig) {
  function resolver(): Resolver {
    const r = new Resolver({ timeout: config.timeoutMs ?? 3_000, tries: 1 })
    if (config.dnsServers) r.setServers(config.dnsServers)
    return r
  }

  return async function checkDomain(hostname: string, token: string): Promise<DnsCheckResult> {
    const r = resolver()
    try {
      const txt = await lookup(() => r.resolveTxt(`${DOMAIN_TXT_LABEL}.${hostname}`))
      const values = txt.map((chunks) => chunks.join('').trim())
      const ours = values.filter((value) => value.startsWith(DOMAIN_TXT_PREFIX))
      if (ours.length === 0) return { ok: false, error: 'txt_missing' }
      if (!ours.includes(`${DOMAIN_TXT_PREFIX}${token}`))
        return { ok: false, error: 'txt_mismatch' }

      const cnames = await lookup(() => r.resolveCname(hostname))
      if (cnames.length > 0) {
        return cnames.some((name) => bare(name) === config.cnameTarget)
          ? { ok: true }
          : { ok: false, error: 'target_mismatch' }
      }
      const [v4, v6] = await Promise.all([
        lookup(() => r.resolve4(hostname)),
        lookup(() => r.resolve6(hostname)),
      ])
      if (v4.length === 0 && v6.length === 0) return { ok: false, error: 'target_missing' }
      const allowed = new Set([...config.apexIpv4, ...config.apexIpv6])
      return [...v4, ...v6.map((a) => a.toLowerCase())].every((address) => allowed.has(address))
        ? { ok: true }
        : { ok: false, error: 'target_mismatch' }
    } catch (error) {
      if (error instanceof DnsUnavailable) return { ok: false, error: 'dns_unavailable' }
      throw error
    } finally {
      r.cancel()
    }
  }
}

export type DnsChecker = ReturnType<typeof createDnsChecker>
