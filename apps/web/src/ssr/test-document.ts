/**
 * For the server render's tests: a document template shaped as the build writes it
 * (ssr/build-template.ts), and a reader of the documents `renderPage` answers.
 */
import { SERVER_STATE_ID } from '@vitrina/contracts'
import type { DocumentTemplate } from './document'
import type { ServerPage, ServerState } from './entry-server'

export const TEST_TEMPLATE: DocumentTemplate = {
  start: '<!doctype html>\n<html lang="es">\n  <head>\n    <meta charset="UTF-8" />\n    ',
  scripts: '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  styles: ['/assets/index-1.css'],
  entry: '/assets/index-abc.js',
  preloads: ['/assets/runtime-1.js'],
  bodyStart: '\n  <body>\n    <div id="root">',
  shell: '<p>Cargando…</p>',
  bodyEnd: '\n  ',
}

/** A document's parts: its head, what its root holds, and the state it hydrates with. */
export function readDocument(page: ServerPage) {
  if ('redirect' in page) throw new Error(`a redirect to ${page.redirect}, not a document`)
  const head = /<head>([\s\S]*?)<\/head>/.exec(page.html)?.[1] ?? ''
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(page.html)
  const state = new RegExp(
    `<script type="application/json" id="${SERVER_STATE_ID}">([\\s\\S]*?)</script>`,
  ).exec(page.html)
  return {
    head,
    /** The server's render of the page, or null for the shell the browser renders into. */
    body: root ? root[1]! : null,
    state: state ? (JSON.parse(state[1]!) as ServerState) : null,
  }
}
