/**
 * The page's origin (`https://host`), for absolute links a page renders (a product's address in
 * its WhatsApp message). In the browser the window's; on the server the one the page is rendered
 * for (entry-server.tsx sets it for the render).
 */
let serverOrigin = ''

export function setServerOrigin(origin: string): void {
  serverOrigin = origin
}

export function pageOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin
}
