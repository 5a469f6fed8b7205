import { describe, expect, it } from 'vitest'
import { classifyInsightSource, isBotUserAgent } from '../src/index.js'

describe('classifyInsightSource (issue 26)', () => {
  it.each([
    [undefined, 'direct'],
    ['', 'direct'],
    ['whatsapp', 'whatsapp'],
    ['WhatsApp', 'whatsapp'],
    ['wa.me', 'whatsapp'],
    ['web.whatsapp.com', 'whatsapp'],
    ['l.instagram.com', 'instagram'],
    ['ig', 'instagram'],
    ['m.facebook.com', 'facebook'],
    ['lm.facebook.com', 'facebook'],
    ['fb', 'facebook'],
    ['www.google.com.uy', 'google'],
    ['google', 'google'],
    ['news.ycombinator.com', 'other'],
    ['newsletter', 'other'],
  ] as const)('%s → %s', (value, source) => {
    expect(classifyInsightSource(value)).toBe(source)
  })
})

describe('isBotUserAgent (issue 26)', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'WhatsApp/2.23.20.0',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
    'curl/8.5.0',
    'python-requests/2.31.0',
    '',
    undefined,
  ])('%s is a bot', (ua) => {
    expect(isBotUserAgent(ua)).toBe(true)
  })

  it.each([
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 340.0.0.22.109',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/470.0.0.41.108;]',
  ])('%s is a person', (ua) => {
    expect(isBotUserAgent(ua)).toBe(false)
  })
})
