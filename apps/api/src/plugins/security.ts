/**
 * Security headers (@fastify/helmet). CSP allows no inline scripts; inline styles are allowed
 * because toasts and carousels set them at run time. Images may come from https (cover slides
 * given by URL, S3/CDN media).
 */
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'

export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
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
