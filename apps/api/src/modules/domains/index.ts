/** The custom domains module's public face (issue 46 §1, ADR 038). */
export { default as domainsPlugin, hostRoutingPlugin } from './plugin.js'
export { default as domainRoutes } from './routes.js'
export { checkDueDomains, mayHaveCertificate, toCustomDomain } from './service.js'
export { findDomainByHostname, findVerifiedHostnameOfIdentifier } from './repository.js'
export type { StorefrontAddress, StorefrontSite } from './host-routing.js'
