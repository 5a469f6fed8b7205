import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { LucideIconData, LucideProps } from 'lucide-react'
import { beforeAll, describe, expect, it } from 'vitest'
import { hydrate, serverMarkup } from '../../../test/render'
import createLucideIcon from '../lucide-icon'

type Icon = ComponentType<LucideProps & { children?: React.ReactNode }>
interface IconModule {
  __iconData: LucideIconData
  default: Icon
}

/** Every icon lucide-react ships, with its data and the package's own component. */
const iconsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')),
  'dist/esm/icons',
)
let icons: Array<{ file: string; data: LucideIconData; lucide: Icon; light: Icon }> = []
beforeAll(async () => {
  const files = readdirSync(iconsDir).filter((file) => file.endsWith('.mjs'))
  const modules = await Promise.all(
    files.map(
      async (file) =>
        [
          file,
          (await import(pathToFileURL(path.join(iconsDir, file)).href)) as IconModule,
        ] as const,
    ),
  )
  // The barrel's aliases (`alarm-check.mjs` → `alarm-clock-check`) re-export another file.
  icons = modules
    .filter(([, module]) => module.__iconData)
    .map(([file, module]) => ({
      file,
      data: module.__iconData,
      lucide: module.default,
      light: createLucideIcon(module.__iconData),
    }))
})

/** The DOM a piece of markup parses into, as the browser builds it from the server's HTML. */
function parse(html: string): Element {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content.firstElementChild!
}

const PROPS: Array<[string, LucideProps]> = [
  ['no props', {}],
  ['a class', { className: 'size-4 text-primary' }],
  ['size, colour and stroke', { size: 16, color: '#c2410c', strokeWidth: 1.5 }],
  ['a name', { 'aria-label': 'Cerrar', role: 'img' }],
  ['hidden on purpose', { 'aria-hidden': true, className: 'shrink-0' }],
  ['any SVG attribute', { fill: 'currentColor', style: { opacity: 0.5 }, id: 'estrella' }],
]

describe('createLucideIcon (the builds put it in place of lucide-react’s)', () => {
  it.each(PROPS)('draws every icon as lucide-react does, with %s', (_name, props) => {
    expect(icons.length).toBeGreaterThan(1500)
    const different = icons.filter(({ lucide, light }) => {
      const theirs = parse(renderToStaticMarkup(createElement(lucide, props)))
      const ours = parse(renderToStaticMarkup(createElement(light, props)))
      return !ours.isEqualNode(theirs)
    })
    expect(different.map(({ file }) => file)).toEqual([])
  })

  it('keeps the caller’s children after the shapes, and then names the icon', () => {
    const star = icons.find(({ data }) => data.name === 'star')!
    const children = createElement('title', null, 'Destacado')
    const theirs = parse(renderToStaticMarkup(createElement(star.lucide, {}, children)))
    const ours = parse(renderToStaticMarkup(createElement(star.light, {}, children)))
    expect(ours.isEqualNode(theirs)).toBe(true)
    expect(ours.lastElementChild?.textContent).toBe('Destacado')
    expect(ours.hasAttribute('aria-hidden')).toBe(false)
  })

  it('gives the alias class names of a renamed icon', () => {
    const renamed = icons.find(({ data }) => (data.aliases ?? []).length > 0)!
    const svg = parse(renderToStaticMarkup(createElement(renamed.light)))
    for (const alias of renamed.data.aliases!)
      expect(svg.classList.contains(`lucide-${alias}`)).toBe(true)
  })

  describe('in the browser', () => {
    it('hydrates the server’s markup without a mismatch, and the shapes stay as they were', async () => {
      const { light } = icons.find(({ data }) => data.name === 'shopping-cart')!
      const element = createElement(light, { className: 'size-5' })
      const container = serverMarkup(renderToStaticMarkup(element))
      const shapes = [...container.querySelectorAll('svg > *')]
      expect(shapes.length).toBeGreaterThan(1)
      const errors = await hydrate(container, element)
      expect(errors).toEqual([])
      expect([...container.querySelectorAll('svg > *')]).toEqual(shapes)
      expect(container.querySelector('svg')?.getAttribute('class')).toBe(
        'lucide lucide-shopping-cart size-5',
      )
    })
  })
})
