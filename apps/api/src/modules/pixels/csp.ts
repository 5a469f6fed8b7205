/**
 * Issue 46 §3 (docs/decisions/039): a storefront page of a shop with a GA4 or Meta Pixel id gets
 * a Content-Security-Policy that also allows those scripts' hosts (script-src, connect-src); every
 * other page keeps the platform's policy (plugins/security.ts), which allows no third-party
 * script. The shop is read as its pages read it (`app.readPublic`: the read the page's render
 * made, else the read cache's reply, so a page costs no query of its own), and a page cached by
 * the page cache gets the same answer.
 */
import fp from 'fastify-plugin'
import type { Business } from '@vitrina/contracts'
import { cspWithPixels, storefrontIdentifierOf } from './service.js'

export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload
      if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload
      const identifier = storefrontIdentifierOf(request.url, request.storefrontSite?.identifier)
      const csp = reply.getHeader('content-security-policy')
      if (!identifier || typeof csp !== 'string' || !app.hasDecorator('readPublic')) return payload
      try {
        const read = await app.readPublic(
          `/api/businesses/${encodeURIComponent(identifier)}/identifier`,
          request,
        )
        if (read.status !== 200) return payload
        const { pixels } = JSON.parse(read.body) as Pick<Business, 'pixels'>
        if (pixels) reply.header('content-security-policy', cspWithPixels(csp, pixels))
      } catch (error) {
        // The page goes with the platform's policy: the pixels' scripts are then refused.
        request.log.warn({ err: error }, 'storefront CSP: the shop could not be read')
      }
      return payload
    })
  },
  { name: 'pixels-csp', dependencies: ['security'] },
)
