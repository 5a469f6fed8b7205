/**
 * Addresses that carry a secret: the activation, password-reset and e-mail confirmation links
 * (`/auth/activar/{token}`…) and an order's page (`?t={token}`). Whatever records an address —
 * the API's logs, the web's page-view analytics — records it masked, so no log or third party
 * ever holds a working link.
 */
const TOKEN_IN_PATH = /(\/(?:activar|restablecer|confirmar-correo)\/)[^/?#]+/

/** The token of an order page (`/api/orders/P-7K3Q?t=…`, `/{identifier}/pedido/P-7K3Q?t=…`). */
const TOKEN_IN_QUERY = /([?&]t=)[^&#]*/g

export function maskUrlSecrets(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1[oculto]').replace(TOKEN_IN_QUERY, '$1[oculto]')
}
