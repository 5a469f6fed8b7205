import { describe, expect, it } from 'vitest'
import { FIELD_MESSAGES, isStorableText } from '../src/index.js'

describe('text PostgreSQL can store (issue 22)', () => {
  it.each(['abc\u0000def', '\u0000', 'a\ud800', '\ud800b', 'a\udc00b', '\udc00\ud800'])(
    'refuses %j',
    (text) => expect(isStorableText(text)).toBe(false),
  )
  it.each(['', 'Ñandú café', 'emoji 😀 ok', '\u0001 tab\t and line\n', '\ud83d\ude00'])(
    'accepts %j',
    (text) => expect(isStorableText(text)).toBe(true),
  )
  it('names the field in Spanish', () => {
    expect(FIELD_MESSAGES.unstorableText('search')).toBe(
      'El campo «search» contiene caracteres no permitidos (por ejemplo, un carácter nulo)',
    )
  })
})
