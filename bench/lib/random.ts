/** A seeded PRNG (mulberry32) and helpers, so every generated catalogue is the same for a seed. */
export type Random = () => number

export function prng(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error('pick from an empty list')
  return item
}

export function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min)
}

/** A version-4 UUID drawn from the PRNG (repeatable ids make runs comparable). */
export function uuid(random: Random): string {
  const hex: string[] = []
  for (let i = 0; i < 16; i++) {
    let byte = Math.floor(random() * 256)
    if (i === 6) byte = (byte & 0x0f) | 0x40
    if (i === 8) byte = (byte & 0x3f) | 0x80
    hex.push(byte.toString(16).padStart(2, '0'))
  }
  const h = hex.join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
