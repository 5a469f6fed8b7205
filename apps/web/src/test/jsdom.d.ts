/**
 * The one part of jsdom's API the server render's tests use (they run in Node, where a page's
 * HTML is parsed into a document to query it like a page). @types/jsdom is left out on purpose:
 * it brings its own undici types, which every workspace's compilation would pick up.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string)
    readonly window: Window & typeof globalThis
  }
}
