/**
 * axe-core on a rendered screen (jsdom): the WCAG A/AA rules that need no layout. Colour
 * contrast needs real rendering (checked in the browser, e2e); it is left out here.
 */
import axe from 'axe-core'

export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  })
  return results.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}
