/**
 * A short Spanish label for a session's browser and system ("Chrome en Windows"), from the
 * User-Agent kept at login (issue 23 §1, /perfil's session list). Coarse on purpose: enough to
 * recognise one's own devices, no version numbers.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

export const UNKNOWN_DEVICE = 'Dispositivo desconocido'

export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (browser && system) return `${browser} en ${system}`
  return browser ?? system ?? UNKNOWN_DEVICE
}

/**
 * Crawlers, link previews, prerenderers and headless browsers (issue 26: insights ignore them).
 * Coarse on purpose; an empty User-Agent is a script, not a shopper.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|facebot|whatsapp\/|telegrambot|embedly|preview|prerender|headless|lighthouse|pagespeed|phantomjs|puppeteer|playwright|python-requests|python-urllib|curl\/|wget\/|go-http-client|axios\/|node-fetch|undici|okhttp|java\/|libwww|httpclient|scrapy|uptime|monitor|pingdom|ahrefs|semrush|mj12|yandex|baidu|bingpreview|applebot|duckduckbot|petalbot|gptbot|ccbot|claudebot|bytespider/i

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return !userAgent || BOT_PATTERN.test(userAgent)
}
