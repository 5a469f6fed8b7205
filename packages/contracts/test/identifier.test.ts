import { describe, expect, it } from 'vitest'
import {
  canonicalIdentifierFor,
  deriveIdentifier,
  isReservedIdentifier,
  isValidIdentifier,
  RESERVED_IDENTIFIERS,
} from '../src/index.js'

describe('deriveIdentifier (SPEC §5)', () => {
  it.each([
    ['Café Niño', 'cafe-nino'],
    ['  Mi Tienda  ', 'mi-tienda'],
    ['Ferretería El Tornillo', 'ferreteria-el-tornillo'],
    ['Lanas del Ñandú', 'lanas-del-nandu'],
    ['La--Casa---Verde', 'la-casa-verde'],
    ['Pan & Dulces 24/7', 'pan-dulces-247'],
    ['ÁÉÍÓÚ ñ ü', 'aeiou-n-u'],
    ['Mi   Tienda\tNueva', 'mi-tienda-nueva'],
    ['- Tienda -', 'tienda'],
    ['¡Hola! Mundo', 'hola-mundo'],
    ['!!!', ''],
  ])('%s → %s', (name, expected) => {
    expect(deriveIdentifier(name)).toBe(expected)
  })

  it('caps the length', () => {
    expect(deriveIdentifier('a'.repeat(200))).toHaveLength(60)
  })

  it('never ends in a hyphen after the cut', () => {
    const derived = deriveIdentifier(`${'a'.repeat(59)} bcd`)
    expect(derived).toBe('a'.repeat(59))
    expect(isValidIdentifier(derived)).toBe(true)
  })
})

describe('canonicalIdentifierFor (issue 41: addresses typed with accents)', () => {
  it.each([
    ['café-del-puerto', 'cafe-del-puerto'],
    ['Café-Del-Puerto', 'cafe-del-puerto'],
    ['Mi Tienda', 'mi-tienda'],
    ['MI-TIENDA', 'mi-tienda'],
  ])('%s → %s', (segment, expected) => {
    expect(canonicalIdentifierFor(segment)).toBe(expected)
  })
  it.each(['mi-tienda', 'mi_tienda!', 'Productos', 'ADMIN', '', '¡hola!'])(
    'leaves %j alone (canonical already, or names nothing valid)',
    (segment) => {
      expect(canonicalIdentifierFor(segment)).toBeUndefined()
    },
  )
})

describe('isValidIdentifier', () => {
  it('accepts lowercase letters, digits and hyphens', () => {
    expect(isValidIdentifier('mi-tienda-2')).toBe(true)
  })
  it.each(['', 'Mi-Tienda', 'mi tienda', 'mi_tienda', 'café', 'a/b', 'x'.repeat(61)])(
    'refuses %j',
    (value) => {
      expect(isValidIdentifier(value)).toBe(false)
    },
  )
  it('refuses every reserved identifier', () => {
    for (const reserved of RESERVED_IDENTIFIERS) {
      expect(isReservedIdentifier(reserved)).toBe(true)
      expect(isValidIdentifier(reserved)).toBe(false)
    }
  })
  it('reserves the app and server top-level paths', () => {
    for (const path of [
      'api',
      'media',
      'assets',
      'admin',
      'auth',
      'plataforma',
      'login',
      'productos',
    ]) {
      expect(isReservedIdentifier(path)).toBe(true)
    }
  })
})
