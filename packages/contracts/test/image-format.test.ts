import { describe, expect, it } from 'vitest'
import { imageFormatOf } from '../src/image-format.js'

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  )

describe('imageFormatOf (SPEC §5: PNG, JPG or WEBP by content)', () => {
  it('names PNG, JPEG and WEBP by their first bytes', () => {
    expect(imageFormatOf(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0))).toBe('png')
    expect(imageFormatOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg')
    expect(imageFormatOf(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp')
  })

  it('refuses text, SVG, GIF, a RIFF that is not WEBP and truncated signatures', () => {
    expect(imageFormatOf(bytes('esto no es una imagen'))).toBeNull()
    expect(imageFormatOf(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull()
    expect(imageFormatOf(bytes('GIF89a'))).toBeNull()
    expect(imageFormatOf(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull()
    expect(imageFormatOf(bytes(0x89, 'PNG'))).toBeNull()
    expect(imageFormatOf(new Uint8Array())).toBeNull()
  })
})
