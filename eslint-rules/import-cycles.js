/**
 * `vitrina/no-import-cycle`: a file never depends, directly or through others, on a file that
 * depends on it (ADR 011). Every import counts — `import type` and a lazy `import()` as well as a
 * static one: a cycle ties files together that cannot then be understood, moved or split one at a
 * time, and with values in it the load order decides what is defined when a module runs.
 *
 * The files' relative imports are read with TypeScript's parser (a dependency of the lint
 * already), each file once per lint run; packages are not followed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import ts from 'typescript'

const EXTENSIONS = ['.ts', '.tsx']

/** The file a relative specifier names ('./x', './x.js', './dir'), or null. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null
  const base = resolve(dirname(from), specifier)
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '')
  const candidates = [
    ...(base === stem ? [] : [base]),
    ...EXTENSIONS.map((ext) => stem + ext),
    ...EXTENSIONS.map((ext) => resolve(stem, `index${ext}`)),
  ]
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null
}

const edges = new Map()

/** The files `file` imports: statically, for types or lazily. */
function importsOf(file) {
  let found = edges.get(file)
  if (found) return found
  found = []
  edges.set(file, found)
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const visit = (node) => {
    const specifier =
      ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : undefined
    const target = specifier && ts.isStringLiteral(specifier) && resolveImport(file, specifier.text)
    if (target) found.push(target)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** A path of imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set()
  const stack = [[start, [start]]]
  while (stack.length) {
    const [file, path] = stack.pop()
    if (file === goal) return path
    if (seen.has(file)) continue
    seen.add(file)
    for (const next of importsOf(file)) stack.push([next, [...path, next]])
  }
  return null
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'a module never imports a module that imports it back' },
    messages: {
      cycle:
        'import cycle: {{path}}. Move what both need to a module that imports neither, or invert the dependency',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const root = context.cwd
    function check(node) {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return
      const target = resolveImport(file, node.source.value)
      if (!target) return
      const path = pathBack(target, file)
      if (path)
        context.report({
          node,
          messageId: 'cycle',
          data: { path: [file, ...path].map((f) => relative(root, f)).join(' → ') },
        })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

export default { rules: { 'no-import-cycle': noImportCycle } }
