/** Issue 46 §3: the owner's pixel ids (routes) and the storefront CSP that allows their hosts. */
export { default as pixelRoutes } from './routes.js'
export { default as pixelsCsp } from './csp.js'
