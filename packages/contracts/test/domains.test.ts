import { describe, expect, it } from 'vitest'
import { isApexDomain, isPlatformDomain, normalizeDomain } from '../src/domains.js'

describe('normalizeDomain (issue 46 §1)', () => {
  it('lower-cases, forgives a scheme, a final dot and slash, and writes IDN in punycode', () => {
    expect(normalizeDomain(' HTTPS://Tienda.Ejemplo.UY./ ')).toBe('tienda.ejemplo.uy')
    expect(normalizeDomain('panadería.uy')).toBe('xn--panadera-i2a.uy')
    expect(normalizeDomain('tienda.xn--panadera-i2a.uy')).toBe('tienda.xn--panadera-i2a.uy')
  })

  it('refuses what is not a domain name', () => {
    for (const input of [
      '',
      'localhost',
      'tienda.uy/x',
      'tienda.uy?x=1',
      'tienda.uy:443',
      'user@tienda.uy',
      '10.0.0.1',
      '[::1]',
      'tien da.uy',
      'tienda..uy',
      '-tienda.uy',
      'tienda-.uy',
      'tienda_uno.uy',
      `${'a'.repeat(64)}.uy`,
      `${'abcdefghi.'.repeat(26)}uy`,
    ]) {
      expect(normalizeDomain(input), input).toBeNull()
    }
  })
})

describe('isApexDomain', () => {
  it('tells an apex from a subdomain, with the region’s two-label suffixes', () => {
    expect(isApexDomain('midominio.uy')).toBe(true)
    expect(isApexDomain('midominio.com')).toBe(true)
    expect(isApexDomain('midominio.com.uy')).toBe(true)
    expect(isApexDomain('midominio.com.ar')).toBe(true)
    expect(isApexDomain('tienda.midominio.com.uy')).toBe(false)
    expect(isApexDomain('tienda.midominio.uy')).toBe(false)
    expect(isApexDomain('www.midominio.com')).toBe(false)
  })
})

describe('isPlatformDomain', () => {
  it('covers the platform host and its subdomains only', () => {
    expect(isPlatformDomain('vitrina.uy', 'vitrina.uy')).toBe(true)
    expect(isPlatformDomain('shop.vitrina.uy', 'vitrina.uy')).toBe(true)
    expect(isPlatformDomain('mivitrina.uy', 'vitrina.uy')).toBe(false)
  })
})
