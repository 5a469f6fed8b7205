/**
 * Issue 41: the directory search (`GET /api/businesses?search=`) forgives typos as the product
 * search does — one letter wrong, missing, extra or two neighbours swapped in words of 5+ letters,
 * only a swap in words of 4 — and lists businesses matching as written before typo matches.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Business, BusinessListResponse } from '@vitrina/contracts'
import { directoryTypoPatterns } from '../src/modules/businesses/repository.js'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness, uniqueIdentifier } from './helpers/catalogue.js'

describe('directory search forgives typos (issue 41)', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  const created: Record<string, Business> = {}

  beforeAll(async () => {
    // Oldest first: newest first alone would list the typo match before the exact one.
    const rows: [string, string][] = [
      ['Tejidos Colonia', 'Lanas y abrigos hechos a mano en Colonia del Sacramento.'],
      ['Café del Puerto', 'Granos tostados cada semana junto al puerto de Montevideo.'],
      ['Lámpara Sur', 'Iluminación para el hogar y la oficina, con envío a todo el país.'],
      ['Lampera Norte', 'Artículos antiguos y restaurados, de colección y de uso diario.'],
    ]
    for (const [name, description] of rows) {
      created[name] = await createTestBusiness(t.app, await registerAndLogin(t.app), {
        name,
        description,
        identifier: uniqueIdentifier('dir'),
      })
    }
  })

  async function search(text: string): Promise<string[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/businesses?search=${encodeURIComponent(text)}&pageSize=48`,
    })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as BusinessListResponse).items.map((b) => b.name)
  }

  it('finds a name with one letter missing, extra, wrong or swapped', async () => {
    for (const typo of ['tejdos', 'tejiddos', 'tejodos', 'tejiods', 'TEJDOS colonia']) {
      expect(await search(typo), typo).toContain('Tejidos Colonia')
    }
    expect(await search('tejdos')).not.toContain('Café del Puerto')
  })

  it('forgives only a swap in a word of 4 letters', async () => {
    expect(await search('cfae')).toContain('Café del Puerto')
    expect(await search('cafa')).not.toContain('Café del Puerto')
  })

  it('does not forgive two edits, nor any in codes and numbers', async () => {
    expect(await search('tjeidso')).not.toContain('Tejidos Colonia')
    expect(await search('tejidos 2')).toEqual([])
  })

  it('lists matches as written before typo matches, and counts both', async () => {
    const found = await search('lampara')
    expect(found.indexOf('Lámpara Sur')).toBeGreaterThanOrEqual(0)
    expect(found.indexOf('Lámpara Sur')).toBeLessThan(found.indexOf('Lampera Norte'))
    const res = await t.app.inject({ method: 'GET', url: '/api/businesses?search=lampara' })
    expect((res.json() as BusinessListResponse).total).toBeGreaterThanOrEqual(2)
  })

  it('keeps LIKE wildcards typed by the visitor literal in the typo patterns', async () => {
    expect(directoryTypoPatterns('tej%dos')).toContain('%tej\\%os%')
    expect(directoryTypoPatterns('cfae')).toEqual(['%fcae%', '%cafe%', '%cfea%'])
    expect(await search('%%%%%')).toEqual([])
    expect(directoryTypoPatterns('abc')).toEqual([])
    expect(directoryTypoPatterns('caf12')).toEqual([])
  })
})
