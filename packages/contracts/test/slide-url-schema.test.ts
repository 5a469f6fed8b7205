/**
 * Issue 41: a cover slide given by URL is downloaded by the API (SSRF guard there), so the form
 * takes http as well as https, and an address as the host; it still refuses what is not a web
 * address at all. The editor keeps asking for https (httpsUrlSchema), as it previews the URL.
 */
import { describe, expect, it } from 'vitest'
import {
  BUSINESS_MESSAGES,
  createBusinessSchema,
  httpsUrlSchema,
  slideUrlSchema,
  updateBusinessSchema,
} from '../src/index.js'

describe('slideUrlSchema', () => {
  it.each([
    'https://cdn.example.com/portada.jpg',
    'http://fotos.example.uy/portada.png',
    'http://127.0.0.1:8080/portada.png',
    'http://[2001:db8::1]/portada.png',
    '  https://cdn.example.com/con-espacios.jpg  ',
  ])('accepts %s', (url) => {
    expect(slideUrlSchema.parse(url)).toBe(url.trim())
  })

  it.each([
    'cdn.example.com/portada.jpg',
    'ftp://cdn.example.com/portada.jpg',
    'javascript:alert(1)',
    'https://usuario:clave@cdn.example.com/portada.jpg',
    'https://x/portada.jpg',
    `https://cdn.example.com/${'a'.repeat(2048)}`,
  ])('refuses %s with the URL message', (url) => {
    const result = slideUrlSchema.safeParse(url)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.message)).toEqual([BUSINESS_MESSAGES.urlInvalid])
  })

  it('is what create and update take for slides; the editor still wants https', () => {
    const url = 'http://fotos.example.uy/portada.png'
    expect(updateBusinessSchema.parse({ slides: [url] }).slides).toEqual([url])
    expect(createBusinessSchema.shape.slides.safeParse([url]).success).toBe(true)
    expect(httpsUrlSchema.safeParse(url).success).toBe(false)
  })

  it('names the slide, its host and the reason', () => {
    expect(
      BUSINESS_MESSAGES.slideUrlFailed(2, 'cdn.example.com', 'No pudimos descargar la imagen'),
    ).toBe(
      'No pudimos agregar la imagen de portada 2 (cdn.example.com): No pudimos descargar la imagen',
    )
  })
})
