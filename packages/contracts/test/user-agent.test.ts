import { describe, expect, it } from 'vitest'
import { describeUserAgent, UNKNOWN_DEVICE } from '../src/index.js'

describe('describeUserAgent (issue 23 §1 session list)', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      'Chrome en Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari en iPhone',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0',
      'Edge en Mac',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', 'Firefox en Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36',
      'Samsung Internet en Android',
    ],
    ['curl/8.5.0', UNKNOWN_DEVICE],
    [null, UNKNOWN_DEVICE],
  ])('%s → %s', (userAgent, label) => {
    expect(describeUserAgent(userAgent)).toBe(label)
  })
  it('reads "Dispositivo desconocido" for what it cannot tell', () => {
    expect(UNKNOWN_DEVICE).toBe('Dispositivo desconocido')
  })
})
