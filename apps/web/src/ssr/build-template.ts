/// <reference types="node" />
/**
 * Build step of the browser build (vite.config.ts): writes `dist/.vite/document.json`, the
 * template the server's documents are made from (ssr/document.ts). index.html is split at its
 * own markers (`<!--head:start-->`, `<!--head:end-->`, `<!--app:start-->`, `<!--app:end-->`)
 * once, here, and the entry, the chunks it imports and its stylesheets come from the bundle —
 * nothing reads Vite's tags back out of the HTML at run time.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin, Rolldown } from 'vite'
import type { DocumentTemplate } from './document'

function between(html: string, start: string, end: string, from = 0): [string, number] {
  const at = html.indexOf(start, from)
  const to = html.indexOf(end, at + start.length)
  if (at === -1 || to === -1) throw new Error(`index.html lacks ${start} … ${end}`)
  return [html.slice(at + start.length, to), to + end.length]
}

/** The entry's static imports, depth first, as Vite preloads them. */
function importsOf(entry: Rolldown.OutputChunk, bundle: Rolldown.OutputBundle): string[] {
  const seen = new Set<string>()
  const visit = (chunk: Rolldown.OutputChunk) => {
    for (const file of chunk.imports) {
      if (seen.has(file)) continue
      seen.add(file)
      const imported = bundle[file]
      if (imported?.type === 'chunk') visit(imported)
    }
  }
  visit(entry)
  return [...seen]
}

export function documentTemplate(): Plugin {
  let template: DocumentTemplate | undefined
  return {
    name: 'vitrina:document-template',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { chunk, bundle } = context
        if (!chunk || !bundle) return html
        const headStart = html.indexOf('<!--head:start-->')
        const [scripts, afterHead] = between(html, '<!--head:end-->', '</head>')
        const [bodyStart, appStart] = between(html, '</head>', '<!--app:start-->', afterHead - 7)
        const [shell, afterApp] = between(html, '<!--app:start-->', '<!--app:end-->', appStart - 16)
        const [bodyEnd] = between(html, '</div>', '</body>', afterApp)
        const css = [
          ...((chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
            ?.importedCss ?? []),
        ]
        template = {
          start: html.slice(0, headStart),
          scripts: scripts.trim(),
          styles: css.map((file) => `/${file}`),
          entry: `/${chunk.fileName}`,
          preloads: importsOf(chunk, bundle).map((file) => `/${file}`),
          bodyStart: bodyStart.trimEnd(),
          shell: shell.trim(),
          bodyEnd,
        }
        return html
      },
    },
    writeBundle(options) {
      if (!template || !options.dir) return
      mkdirSync(path.join(options.dir, '.vite'), { recursive: true })
      writeFileSync(path.join(options.dir, '.vite', 'document.json'), JSON.stringify(template))
    },
  }
}
