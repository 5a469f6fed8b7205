/**
 * Security headers (@fastify/helmet). CSP allows one inline script, the server-rendered pages'
 * boot script (contracts' BOOT_SCRIPT, written by the web build's server render), by its hash,
 * and no other; inline styles are allowed because toasts and carousels set them at run time. Images may come from https (cover slides
 * given by URL, S3/CDN media).
 */
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import { createHash } from 'node:crypto'
import { BOOT_SCRIPT } from '@vitrina/contracts'

/** The CSP source that allows exactly BOOT_SCRIPT. */
export const BOOT_SCRIPT_CSP = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`

export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", BOOT_SCRIPT_CSP],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          // The storefronts' service worker, /sw.js (ADR 026).
          workerSrc: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
      // Shared link previews and other sites may embed our public images.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      strictTransportSecurity: app.config.publicUrl.startsWith('https://'),
    })
  },
  { name: 'security', dependencies: ['config'] },
)
