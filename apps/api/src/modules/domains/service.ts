/**
 * Issue 46 §1: a shop's own domain (ADR 038). The owner sets one domain, creates the DNS records
 * the reply lists, and asks to verify; a job re-checks pending and live domains. The domain's own
 * state is pending, verified or failed; while the shop is suspended it shows 'suspended' and
 * neither serves the shop nor gets a certificate.
 */
import { randomBytes } from 'node:crypto'
import { domainToUnicode } from 'node:url'
import {
  DNS_RECORD_PURPOSES,
  DOMAIN_ERROR_MESSAGES,
  DOMAIN_MESSAGES,
  DOMAIN_TXT_LABEL,
  DOMAIN_TXT_PREFIX,
  isApexDomain,
  isPlatformDomain,
  normalizeDomain,
  type CustomDomain,
  type DnsRecord,
} from '@vitrina/contracts'
import type { Config } from '../../config.js'
import type { Database, Executor } from '../../db/client.js'
import type { CustomDomainRow } from '../../db/schema/index.js'
import { AppError, isUniqueViolation } from '../../lib/errors.js'
import { getOwnBusiness } from '../businesses/service.js'
import type { DnsChecker } from './dns-check.js'
import {
  claimDueDomains,
  deleteDomainOfBusiness,
  findDomainByHostname,
  findDomainOfBusiness,
  recordCheck,
  upsertDomain,
} from './repository.js'

export interface DomainDeps {
  db: Database
  config: Config['domains']
  checkDomain: DnsChecker
  /** Drops the shop's cached reads and pages here and on every process. */
  invalidate: (businessId: string) => void
}

const HOSTNAME_CONSTRAINT = 'custom_domains_hostname_key'

const fieldError = (message: string) =>
  new AppError('VALIDATION', message, [{ path: 'hostname', message }])

/** The records the owner creates: the target (CNAME, or A/AAAA for an apex) and the TXT. */
export function dnsRecords(row: CustomDomainRow, config: Config['domains']): DnsRecord[] {
  const target: DnsRecord[] = isApexDomain(row.hostname)
    ? [
        ...config.apexIpv4.map((value) => ({ type: 'A' as const, value })),
        ...config.apexIpv6.map((value) => ({ type: 'AAAA' as const, value })),
      ].map((record) => ({ ...record, name: row.hostname, purpose: DNS_RECORD_PURPOSES.target }))
    : [
        {
          type: 'CNAME',
          name: row.hostname,
          value: config.cnameTarget,
          purpose: DNS_RECORD_PURPOSES.target,
        },
      ]
  return [
    ...target,
    {
      type: 'TXT',
      name: `${DOMAIN_TXT_LABEL}.${row.hostname}`,
      value: `${DOMAIN_TXT_PREFIX}${row.verificationToken}`,
      purpose: DNS_RECORD_PURPOSES.txt,
    },
  ]
}

export function toCustomDomain(
  row: CustomDomainRow,
  suspended: boolean,
  config: Config['domains'],
): CustomDomain {
  return {
    hostname: row.hostname,
    displayName: domainToUnicode(row.hostname) || row.hostname,
    apex: isApexDomain(row.hostname),
    state: suspended ? 'suspended' : row.status,
    error: row.status === 'failed' && row.lastError ? DOMAIN_ERROR_MESSAGES[row.lastError] : null,
    records: dnsRecords(row, config),
    checkedAt: row.checkedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    url: `https://${row.hostname}`,
  }
}

export async function getOwnDomain(deps: DomainDeps, userId: string): Promise<CustomDomain | null> {
  const business = await ownBusiness(deps.db, userId)
  const row = await findDomainOfBusiness(deps.db, business.id)
  return row ? toCustomDomain(row, !!business.suspendedAt, deps.config) : null
}

/**
 * Sets the shop's domain. The same name again keeps its token and state; another name replaces
 * the old one (which stops serving the shop at once) and starts pending with a new token.
 */
export async function setOwnDomain(
  deps: DomainDeps,
  userId: string,
  hostname: string,
): Promise<CustomDomain> {
  const business = await ownBusiness(deps.db, userId)
  if (isPlatformDomain(hostname, deps.config.platformHost)) {
    throw fieldError(DOMAIN_MESSAGES.platformHost)
  }
  const { apexIpv4, apexIpv6 } = deps.config
  if (isApexDomain(hostname) && apexIpv4.length === 0 && apexIpv6.length === 0) {
    throw fieldError(DOMAIN_MESSAGES.apexUnsupported)
  }
  const current = await findDomainOfBusiness(deps.db, business.id)
  if (current?.hostname === hostname) {
    return toCustomDomain(current, !!business.suspendedAt, deps.config)
  }
  let row: CustomDomainRow
  try {
    row = await upsertDomain(deps.db, business.id, hostname, randomBytes(18).toString('base64url'))
  } catch (error) {
    if (isUniqueViolation(error, HOSTNAME_CONSTRAINT)) {
      throw new AppError('CONFLICT', DOMAIN_MESSAGES.takenByOtherShop, [
        { path: 'hostname', message: DOMAIN_MESSAGES.takenByOtherShop },
      ])
    }
    throw error
  }
  if (current?.status === 'verified') deps.invalidate(business.id)
  return toCustomDomain(row, !!business.suspendedAt, deps.config)
}

export async function removeOwnDomain(deps: DomainDeps, userId: string): Promise<void> {
  const business = await ownBusiness(deps.db, userId)
  if (!(await deleteDomainOfBusiness(deps.db, business.id))) {
    throw new AppError('NOT_FOUND', DOMAIN_MESSAGES.noDomain)
  }
  deps.invalidate(business.id)
}

/** «Verificar»: checks the DNS now and stores the outcome. */
export async function verifyOwnDomain(deps: DomainDeps, userId: string): Promise<CustomDomain> {
  const business = await ownBusiness(deps.db, userId)
  const row = await findDomainOfBusiness(deps.db, business.id)
  if (!row) throw new AppError('NOT_FOUND', DOMAIN_MESSAGES.noDomain)
  const checked = (await checkAndRecord(deps, row)) ?? row
  return toCustomDomain(checked, !!business.suspendedAt, deps.config)
}

/** A domain set this long ago and still not verified is re-checked at the live pace. */
const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000
const isStale = (row: CustomDomainRow) =>
  row.status !== 'verified' && Date.now() - row.createdAt.getTime() > STALE_AFTER_MS

/**
 * Checks one domain and stores the outcome. A DNS that cannot answer leaves a verified domain
 * verified (retried soon); any other failure takes it to 'failed' with its reason.
 */
async function checkAndRecord(
  deps: DomainDeps,
  row: CustomDomainRow,
): Promise<CustomDomainRow | undefined> {
  const result = await deps.checkDomain(row.hostname, row.verificationToken)
  const keepLive = !result.ok && result.error === 'dns_unavailable' && row.status === 'verified'
  const status = result.ok || keepLive ? 'verified' : 'failed'
  const updated = await recordCheck(deps.db, row, {
    status,
    lastError: result.ok ? null : result.error,
    nextCheckInS:
      (status === 'verified' && !keepLive) || isStale(row)
        ? deps.config.liveCheckS
        : deps.config.pendingCheckS,
  })
  if (updated && (row.status === 'verified') !== (status === 'verified')) {
    deps.invalidate(row.businessId)
  }
  return updated
}

/**
 * The job's round: claims due domains (a lease, one process per domain) and checks them one
 * after another. Returns how many were checked.
 */
export async function checkDueDomains(
  deps: DomainDeps,
  options: { limit?: number; leaseS?: number } = {},
): Promise<number> {
  const rows = await claimDueDomains(deps.db, {
    limit: options.limit ?? 20,
    leaseS: options.leaseS ?? 120,
  })
  for (const row of rows) await checkAndRecord(deps, row)
  return rows.length
}

/**
 * Issue 46 §1: whether a TLS proxy may get a certificate for `domain` (Caddy's on-demand `ask`):
 * the platform's own host, or a verified domain of a shop that is not suspended.
 */
export async function mayHaveCertificate(
  db: Executor,
  config: Config['domains'],
  domain: string,
): Promise<boolean> {
  const hostname = normalizeDomain(domain)
  if (!hostname) return false
  if (hostname === config.platformHost) return true
  const found = await findDomainByHostname(db, hostname)
  return !!found && found.domain.status === 'verified' && !found.suspended
}

async function ownBusiness(db: Executor, userId: string) {
  try {
    return await getOwnBusiness(db, userId)
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError('NOT_FOUND', DOMAIN_MESSAGES.noBusiness)
    }
    throw error
  }
}
