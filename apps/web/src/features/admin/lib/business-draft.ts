/**
 * Issue 41 §4: the business wizard's draft, kept in this browser until the business is created
 * or the owner discards it — a reload, pull-to-refresh or a phone killing the tab no longer
 * loses five steps of work. The wizard uploads nothing before "Crear negocio" (the logo and the
 * cover images go with the create request), so the chosen images are kept too: the whole draft
 * — texts, the step reached, and each picked File as its bytes, name and type — is one IndexedDB
 * record per user (idb-keyval; localStorage holds strings only and ~5 MB, too little for images).
 * Nothing of it leaves the browser.
 */
import { del, get, set } from 'idb-keyval'
import type { BusinessFormValues, SlideValue } from './business-form'

const VERSION = 1
const keyOf = (userId: string) => `vitrina:business-draft:${userId}`

interface StoredFile {
  name: string
  type: string
  lastModified: number
  bytes: ArrayBuffer
}

type StoredSlide =
  Exclude<SlideValue, { kind: 'file' }> | { id: string; kind: 'file'; file: StoredFile }

type StoredValues = Omit<BusinessFormValues, 'logo' | 'slides'> & {
  logo: StoredFile | BusinessFormValues['logo'] | null
  logoIsFile: boolean
  slides: StoredSlide[]
}

interface DraftRecord {
  version: number
  savedAt: number
  step: number
  furthest: number
  values: StoredValues
}

export interface BusinessDraft {
  savedAt: number
  step: number
  furthest: number
  values: BusinessFormValues
}

/** A File's bytes are read once, however often the draft is written. */
const stored = new WeakMap<File, Promise<StoredFile>>()

function storeFile(file: File): Promise<StoredFile> {
  let entry = stored.get(file)
  if (!entry) {
    entry = file.arrayBuffer().then((bytes) => ({
      name: file.name,
      type: file.type,
      lastModified: file.lastModified,
      bytes,
    }))
    stored.set(file, entry)
  }
  return entry
}

function restoreFile(file: StoredFile): File {
  return new File([file.bytes], file.name, { type: file.type, lastModified: file.lastModified })
}

async function toRecord(
  values: BusinessFormValues,
  step: number,
  furthest: number,
): Promise<DraftRecord> {
  const logoIsFile = values.logo instanceof File
  const slides = await Promise.all(
    values.slides.map(async (slide): Promise<StoredSlide> =>
      slide.kind === 'file' ? { ...slide, file: await storeFile(slide.file) } : slide,
    ),
  )
  return {
    version: VERSION,
    savedAt: Date.now(),
    step,
    furthest,
    values: {
      ...values,
      logo: values.logo instanceof File ? await storeFile(values.logo) : values.logo,
      logoIsFile,
      slides,
    },
  }
}

function fromRecord(record: DraftRecord): BusinessDraft {
  const { logo, logoIsFile, slides, ...rest } = record.values
  return {
    savedAt: record.savedAt,
    step: record.step,
    furthest: record.furthest,
    values: {
      ...rest,
      logo: logoIsFile ? restoreFile(logo as StoredFile) : (logo as BusinessFormValues['logo']),
      slides: slides.map((slide) =>
        slide.kind === 'file' ? { ...slide, file: restoreFile(slide.file) } : slide,
      ),
    },
  }
}

/** The user's draft, or null (none, another version, or IndexedDB unavailable). */
export async function loadBusinessDraft(userId: string): Promise<BusinessDraft | null> {
  try {
    const record = await get<DraftRecord>(keyOf(userId))
    if (!record || record.version !== VERSION) return null
    return fromRecord(record)
  } catch (error) {
    console.warn('No se pudo leer el borrador del negocio', error)
    return null
  }
}

export async function saveBusinessDraft(
  userId: string,
  values: BusinessFormValues,
  step: number,
  furthest: number,
): Promise<void> {
  try {
    await set(keyOf(userId), await toRecord(values, step, furthest))
  } catch (error) {
    // Private browsing or a full disk: the wizard still works, only without a draft.
    console.warn('No se pudo guardar el borrador del negocio', error)
  }
}

export async function discardBusinessDraft(userId: string): Promise<void> {
  try {
    await del(keyOf(userId))
  } catch (error) {
    console.warn('No se pudo borrar el borrador del negocio', error)
  }
}
