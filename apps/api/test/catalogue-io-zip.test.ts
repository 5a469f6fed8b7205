/**
 * Issue 27 (closing note): an uploaded XLSX is unzipped with limits (docs/decisions/028, "Zip
 * bombs"). The zips are built here in code — a bomb is a few hundred KB of deflate that inflates
 * to hundreds of MB — never stored as binary fixtures.
 */
import { randomBytes } from 'node:crypto'
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { XLSX_LIMITS, XLSX_MESSAGES, type ImportPreview } from '@vitrina/contracts'
import { writeSheet } from '../src/modules/catalogue-io/export.js'
import { EXAMPLE_ROW } from '../src/modules/catalogue-io/sheet.js'
import {
  ZipLimitExceeded,
  ZipUnreadable,
  checkZipLimits,
  type ZipLimits,
} from '../src/modules/catalogue-io/zip-limits.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'

const MB = 1024 * 1024

interface ZipEntry {
  name: string
  /** The bytes as stored in the zip (deflated when `deflated`). */
  data: Buffer
  deflated: boolean
  /** What the header says the entry inflates to. */
  size: number
  /** Written as a streaming zip does: sizes unknown in the header, a data descriptor after. */
  streamed?: boolean
}

/** A zip of the entries, as any zip writer lays it out (local headers, central directory). */
function zip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const crc = e.deflated ? 0 : crc32(e.data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(e.streamed ? 0x08 : 0, 6)
    local.writeUInt16LE(e.deflated ? 8 : 0, 8)
    local.writeUInt32LE(e.streamed ? 0 : crc, 14)
    local.writeUInt32LE(e.streamed ? 0 : e.data.length, 18)
    local.writeUInt32LE(e.streamed ? 0 : e.size, 22)
    local.writeUInt16LE(name.length, 26)
    parts.push(local, name, e.data)
    let length = local.length + name.length + e.data.length
    if (e.streamed) {
      const descriptor = Buffer.alloc(16)
      descriptor.writeUInt32LE(0x08074b50, 0)
      descriptor.writeUInt32LE(crc, 4)
      descriptor.writeUInt32LE(e.data.length, 8)
      descriptor.writeUInt32LE(e.size >>> 0, 12)
      parts.push(descriptor)
      length += descriptor.length
    }
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(e.streamed ? 0x08 : 0, 8)
    header.writeUInt16LE(e.deflated ? 8 : 0, 10)
    header.writeUInt32LE(crc, 16)
    header.writeUInt32LE(e.data.length, 20)
    header.writeUInt32LE(e.size >>> 0, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(offset, 42)
    central.push(header, name)
    offset += length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, directory, end])
}

/** `megabytes` of XML-ish filler deflated a megabyte at a time (never held whole). */
async function deflatedFiller(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const ended = new Promise((resolve) => deflate.on('end', resolve))
  const piece = Buffer.from('<row>'.padEnd(MB, ' '))
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await ended
  return Buffer.concat(out)
}

const small = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text)
  return { name, data: deflateRawSync(data), deflated: true, size: data.length }
}
/** Stored random bytes: makes the file big enough that the ratio check is not what trips. */
const padding = (bytes: number): ZipEntry => {
  const data = randomBytes(bytes)
  return { name: 'xl/media/image1.png', data, deflated: false, size: data.length }
}
const CONTENT_TYPES = small('[Content_Types].xml', '<?xml version="1.0"?><Types/>')

async function refusal(buffer: Buffer, limits: ZipLimits = XLSX_LIMITS): Promise<ZipLimitExceeded> {
  const error = await checkZipLimits(buffer, limits).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ZipLimitExceeded)
  return error as ZipLimitExceeded
}

describe('checkZipLimits', () => {
  it('stops a 200 MB bomb with no declared size once 40 MB are inflated', async () => {
    const bomb = await deflatedFiller(200)
    const file = zip([
      CONTENT_TYPES,
      padding(MB),
      { name: 'xl/worksheets/sheet1.xml', data: bomb, deflated: true, size: 0, streamed: true },
    ])
    expect(file.length).toBeLessThan(2 * MB)
    const error = await refusal(file)
    expect(error.breach).toBe('size')
    // Stopped while inflating (the 1 MB padding, then the entry up to its limit and at most a
    // chunk past it), never the 200 MB.
    expect(error.inflated).toBeGreaterThan(XLSX_LIMITS.maxEntryBytes)
    expect(error.inflated).toBeLessThan(XLSX_LIMITS.maxEntryBytes + 2 * MB)
  })

  it('refuses an entry whose header declares more than the limit before inflating it', async () => {
    const entry = small('xl/worksheets/sheet1.xml', '<worksheet/>')
    const error = await refusal(zip([CONTENT_TYPES, { ...entry, size: 0xfffffff0 }]))
    expect(error.breach).toBe('size')
    // Only the small first entry was inflated: the declared 4 GB were never allocated.
    expect(error.inflated).toBeLessThan(1024)
  })

  it('counts entries together: many entries under the per-entry limit still add up', async () => {
    const limits = { ...XLSX_LIMITS, maxEntryBytes: 2 * MB, maxTotalBytes: 5 * MB, maxRatio: 1e6 }
    const part = await deflatedFiller(2)
    const entries = Array.from({ length: 4 }, (_, i) => ({
      name: `xl/worksheets/sheet${i + 1}.xml`,
      data: part,
      deflated: true,
      size: 2 * MB,
    }))
    expect((await refusal(zip(entries), limits)).breach).toBe('size')
    await expect(checkZipLimits(zip(entries.slice(0, 2)), limits)).resolves.toBeUndefined()
    // One entry inflating past its own limit (declared small, really 3 MB).
    const liar = { ...entries[0]!, data: await deflatedFiller(3), size: 10 }
    const error = await refusal(zip([liar]), limits)
    expect(error.breach).toBe('size')
    expect(error.inflated).toBeLessThan(2 * MB + 256 * 1024)
  })

  it('refuses more entries than the limit', async () => {
    const entries = Array.from({ length: XLSX_LIMITS.maxEntries + 1 }, (_, i) =>
      small(`xl/part${i}.xml`, '<a/>'),
    )
    expect((await refusal(zip(entries))).breach).toBe('entries')
  })

  it('refuses a small file that inflates more than a hundred-fold', async () => {
    // 20 MB from about 20 KB: under the size limit, far over the ratio.
    const file = zip([
      CONTENT_TYPES,
      {
        name: 'xl/sharedStrings.xml',
        data: await deflatedFiller(20),
        deflated: true,
        size: 20 * MB,
      },
    ])
    const error = await refusal(file)
    expect(error.breach).toBe('ratio')
    expect(error.inflated).toBeLessThan(2 * MB)
  })

  it('passes a real 5,000-row export, and says when a zip cannot be read', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      ...EXAMPLE_ROW,
      code: `P-${i}`,
      name: `Producto ${i}`,
      description: `Descripción del producto ${i} `.repeat(8),
    }))
    const file = await writeSheet(rows, 'xlsx')
    await expect(checkZipLimits(file)).resolves.toBeUndefined()
    await expect(checkZipLimits(Buffer.from('PK\x03\x04garbage'))).rejects.toBeInstanceOf(
      ZipUnreadable,
    )
  })
})

describe('POST /api/products/import refuses zip bombs in Spanish (413)', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })

  const upload = async (file: Buffer) => {
    const owner = await registerAndLogin(t.app)
    await createTestBusiness(t.app, owner)
    const form = new FormData()
    form.append('file', new Blob([file]), 'productos.xlsx')
    return t.app.inject({
      method: 'POST',
      url: '/api/products/import?dryRun=true',
      headers: bearer(owner.accessToken),
      payload: form,
    })
  }

  it('too large once unzipped', async () => {
    const file = zip([
      CONTENT_TYPES,
      padding(MB),
      {
        name: 'xl/worksheets/sheet1.xml',
        data: await deflatedFiller(60),
        deflated: true,
        size: 0,
        streamed: true,
      },
    ])
    const res = await upload(file)
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe(XLSX_MESSAGES.tooLargeUnzipped(50))
    expect(XLSX_MESSAGES.tooLargeUnzipped(50)).toBe(
      'El archivo Excel es demasiado grande una vez descomprimido (más de 50MB). Divídelo en varios archivos o guárdalo como «CSV UTF-8»',
    )
  })

  it('too many entries', async () => {
    const entries = Array.from({ length: 1001 }, (_, i) => small(`xl/part${i}.xml`, '<a/>'))
    const res = await upload(zip(entries))
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe(XLSX_MESSAGES.tooManyEntries(1000))
    expect(res.json().message).toBe(
      'El archivo Excel tiene demasiadas partes internas (más de 1000). Guárdalo de nuevo desde Excel o como «CSV UTF-8»',
    )
  })

  it('inflating far more than a sheet does', async () => {
    const file = zip([
      CONTENT_TYPES,
      {
        name: 'xl/sharedStrings.xml',
        data: await deflatedFiller(20),
        deflated: true,
        size: 20 * MB,
      },
    ])
    const res = await upload(file)
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe(XLSX_MESSAGES.compressedOddly(100))
    expect(res.json().message).toBe(
      'El archivo Excel se descomprime a más de 100 veces su tamaño, algo que una hoja de cálculo no hace. Guárdalo de nuevo desde Excel o como «CSV UTF-8»',
    )
  })

  it('a real XLSX still imports', async () => {
    const file = await writeSheet([{ ...EXAMPLE_ROW, category: 'Ropa' }], 'xlsx')
    const res = await upload(file)
    expect(res.statusCode).toBe(200)
    expect(res.json() as ImportPreview).toMatchObject({ create: 1, errors: [] })
  })
})
