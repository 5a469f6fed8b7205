/**
 * What several journeys do to a screen they have just reached: check it with axe and keep a
 * screenshot at the two widths every screen is looked at (375 px phone, 1280 px desktop), and
 * answer WhatsApp's links on this closed network.
 */
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, type BrowserContext, type Locator, type Page, type TestInfo } from './test'

export const SCREEN_WIDTHS = [375, 1280] as const

/**
 * Screenshots are for people looking at the screens: `VITRINA_E2E_SHOTS=1` keeps them in each
 * test's output folder (README "Tests"). No check reads them, so a run without the switch (CI)
 * takes none of the ~150 (most of them full-page) and writes no files nobody opens.
 */
export const KEEP_SCREENSHOTS = Boolean(process.env.VITRINA_E2E_SHOTS)

export interface ShotOptions {
  fullPage?: boolean
  /** JPEG quality: the file is a `.jpg` (the accessibility journey's many routes). */
  quality?: number
}

const isPage = (target: Page | Locator): target is Page => 'mainFrame' in target

/** A screenshot of the page (or of one part of it) as `file` in the test's output folder. */
export async function keepScreenshot(
  target: Page | Locator,
  info: TestInfo,
  file: string,
  { fullPage, quality }: ShotOptions = {},
): Promise<void> {
  if (!KEEP_SCREENSHOTS) return
  const path = info.outputPath(file)
  const animations = 'disabled'
  if (isPage(target)) await target.screenshot({ path, fullPage, quality, animations })
  else await target.screenshot({ path, quality, animations })
}

/** One axe finding (a rule broken, with the elements that break it). */
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

/**
 * Renders the storefront's sections that wait for the viewport (`skip-offscreen`, the
 * `content-visibility: auto` utility of apps/web/src/index.css) wherever they are: axe cannot
 * judge the colours of a section the browser has not painted (it reads the page's background
 * behind the footer's text), and a geometry comparison must not see a section take its real
 * size in the middle of it.
 */
export async function renderEverySection(page: Page): Promise<void> {
  await page.addStyleTag({ content: '.skip-offscreen{content-visibility:visible}' })
}

/**
 * axe-core as the builder injects it, but evaluated once per document: the builder injects it
 * twice a call, and a journey checks one page at two widths. The source is the builder's own
 * axe-core (resolved from its package), so the two never differ.
 */
const builderRequire = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))
const { source } = builderRequire('axe-core') as { source: string }
const AXE_ONCE_PER_DOCUMENT = `if (!window.axe) {\n${source}\n}`

/**
 * axe's violations on the page as it is now, every section rendered first (renderEverySection):
 * the one way the journeys run axe. `configure` sets the call's own options (an `include`, or
 * `wcagAA`).
 *
 * `axe.run` in the page itself (the builder's legacy mode): the default runs `axe.runPartial` and
 * then `axe.finishRun` in a blank page opened for each call, to read cross-origin frames, which
 * Vitrina's pages do not have. In Chromium here a call took ~2.5–3.5 s that way and ~0.8–1.2 s
 * this way, with the same findings.
 */
export async function axeViolations(
  page: Page,
  configure: (axe: AxeBuilder) => AxeBuilder = (axe) => axe,
): Promise<Result[]> {
  await renderEverySection(page)
  const builder = new AxeBuilder({ page, axeSource: AXE_ONCE_PER_DOCUMENT }).setLegacyMode()
  const { violations } = await configure(builder).analyze()
  return violations
}

/** WCAG 2 A and AA rules only, violations only (the accessibility journey's rule set). */
export const wcagAA = (axe: AxeBuilder): AxeBuilder =>
  axe.options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa'])

/** The bar for storefront and console screens: serious or critical findings fail. */
export const isSerious = (violation: Result): boolean =>
  violation.impact === 'serious' || violation.impact === 'critical'

/** Each finding as `rule: the elements it found`, what a failed check lists. */
export const describeFindings = (violations: readonly Result[]): string[] =>
  violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)

export interface ScreenCheck {
  /** Screenshot file name stem: `{name}-{width}.png` in the test's output folder. */
  name: string
  /** Only this part of the page is checked by axe (a dialog, say). */
  include?: string
  /** Only serious and critical findings fail (`isSerious`: the storefront's bar in the journeys). */
  seriousOnly?: boolean
  fullPage?: boolean
  height?: number
  /** Run at each width before axe reads the page (a scroll, a wait for a toast to go). */
  prepare?: (width: number) => Promise<void>
}

/**
 * At each width: no axe violation (each listed with the elements it found) and a screenshot
 * (keepScreenshot). The viewport is left at the last width.
 */
export async function expectAccessibleScreens(
  page: Page,
  info: TestInfo,
  { name, include, seriousOnly = false, fullPage = true, height = 900, prepare }: ScreenCheck,
): Promise<void> {
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height })
    await prepare?.(width)
    const violations = await axeViolations(page, (axe) => (include ? axe.include(include) : axe))
    expect(
      describeFindings(seriousOnly ? violations.filter(isSerious) : violations),
      `${name} at ${width} px`,
    ).toEqual([])
    await keepScreenshot(page, info, `${name}-${width}.png`, { fullPage })
  }
}

/**
 * Screenshots only, at each width (screens an accessibility group already checks), of the page
 * or of one part of it. The viewport is left at the last width, screenshots kept or not.
 */
export async function screenshotScreens(
  target: Page | Locator,
  info: TestInfo,
  name: string,
  { fullPage = true, height = 900 }: { fullPage?: boolean; height?: number } = {},
): Promise<void> {
  const page = isPage(target) ? target : target.page()
  const widths = KEEP_SCREENSHOTS ? SCREEN_WIDTHS : SCREEN_WIDTHS.slice(-1)
  for (const width of widths) {
    await page.setViewportSize({ width, height })
    await keepScreenshot(target, info, `${name}-${width}.png`, { fullPage })
  }
}

/** wa.me answered on this machine (the network is closed): a page that says where it was sent. */
export async function stubWhatsApp(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/wa\.me\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  )
}
