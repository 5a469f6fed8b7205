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

/** Each file's strongly connected component (Tarjan's algorithm), computed once per lint run. */
const component = new Map()
let nextIndex = 0

function connect(root) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const visit = (file) => {
    index.set(file, nextIndex)
    low.set(file, nextIndex++)
    stack.push(file)
    onStack.add(file)
    for (const next of importsOf(file)) {
      if (component.has(next)) continue
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file), low.get(next)))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)))
    }
    if (low.get(file) !== index.get(file)) return
    const members = new Set()
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      members.add(member)
    } while (member !== file)
    for (const each of members) component.set(each, members)
  }
  visit(root)
}

/** A path of imports from `start` back to `goal` when both are in one cycle, or null. */
function pathBack(start, goal) {
  if (!component.has(goal)) connect(goal)
  const members = component.get(goal)
  if (!members.has(start)) return null
  const previous = new Map([[start, null]])
  const queue = [start]
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (file === goal) break
    for (const next of importsOf(file))
      if (members.has(next) && !previous.has(next)) {
        previous.set(next, file)
        queue.push(next)
      }
  }
  const path = []
  for (let file = goal; file; file = previous.get(file)) path.unshift(file)
  return path
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
