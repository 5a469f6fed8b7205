/**
 * Test kit of the owner area: a signed-in owner, stored businesses and products as the API
 * returns them, image files, and the two browser APIs jsdom lacks that the screens use
 * (XMLHttpRequest uploads, object URLs). Uploads go through the fake `fetch` of
 * `test/fake-api.ts`, so every multipart body is recorded there like any other call.
 */
import { vi } from 'vitest'
import { DEFAULT_FEATURES, STORAGE_KEYS } from '@vitrina/contracts'
import type { OwnerBusiness, OwnerOrder, PlanState, Product } from '@vitrina/contracts'

export const owner = {
  _id: '0b6f9a7e-3c1d-4f3a-9d51-5c2e8f1a7b10',
  name: 'Ana',
  email: 'ana@example.com',
}

export function signInOwner(): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(owner))
  localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1')
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1')
}

export const BUSINESS_ID = '5a0c3f2e-8d4b-4c6a-9e1f-2b7d6c5a4e30'

/** The plan state of GET /businesses/user/me: free, active, 3 of 20 products by default. */
export function makePlan(
  overrides: Partial<Omit<PlanState, 'usage'>> & { usage?: Partial<PlanState['usage']> } = {},
): PlanState {
  const { usage, ...rest } = overrides
  return {
    requested: 'free',
    effective: 'free',
    status: 'active',
    ...rest,
    usage: { products: 3, hidden: 0, limit: 20, ...usage },
  }
}

/** The owner's business as GET /businesses/user/me returns it (the public fields and the plan). */
export function makeBusiness(overrides: Partial<OwnerBusiness> = {}): OwnerBusiness {
  return {
    _id: BUSINESS_ID,
    name: 'La Tienda de Ana',
    identifier: 'tienda-ana',
    description: 'Ropa y accesorios hechos a mano.',
    category: 'moda',
    categories: [
      {
        name: 'Ropa',
        description: 'Prendas',
        subCategories: [{ name: 'Camisas' }, { name: 'Pantalones' }],
      },
      { name: 'Calzado', subCategories: [] },
    ],
    logo: { url: '/media/logo-640.webp', width: 640, height: 640 },
    address: 'Av. Italia 1234',
    phone: '+598 99 123 456',
    email: 'hola@tienda-ana.uy',
    socialLinks: { instagram: 'https://instagram.com/tiendaana' },
    whatsapp: null,
    deliveryOptions: { pickup: true, delivery: { enabled: false, fee: {} } },
    paymentMethods: [{ type: 'efectivo' }],
    openingHours: null,
    timeZone: 'America/Montevideo',
    primaryColor: '#1D4ED8',
    secondaryColor: '#DBEAFE',
    bgColor: '#1D4ED8',
    features: { ...DEFAULT_FEATURES, physical_store: true },
    slides: [
      { image: { url: '/media/slide-a-1280.webp' } },
      { image: { url: '/media/slide-b-1280.webp' } },
    ],
    planType: 'free',
    mainCurrency: 'UYU',
    exchangeRate: 40,
    exchangeRateDate: null,
    userId: owner._id,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    plan: makePlan(),
    ...overrides,
  }
}

let productSequence = 0
export function makeProduct(overrides: Partial<Product> = {}): Product {
  productSequence += 1
  const n = String(productSequence).padStart(12, '0')
  return {
    _id: `9c1e2d3f-4a5b-4c6d-8e7f-${n}`,
    businessId: BUSINESS_ID,
    slug: `camisa-${productSequence}`,
    name: `Camisa ${productSequence}`,
    description: 'Camisa de lino',
    info: null,
    price: 1000,
    discount: 0,
    finalPrice: 1000,
    currency: 'UYU',
    currencySymbol: overrides.currency === 'USD' ? 'US$' : '$',
    code: null,
    isFeatured: false,
    isNew: false,
    isOffer: false,
    image: { url: `/media/p${productSequence}-640.webp` },
    images: [],
    tags: [],
    specifications: [],
    category: 'Ropa',
    subCategory: null,
    status: 'active',
    options: [],
    variants: [],
    trackStock: false,
    stock: null,
    available: true,
    lowStock: null,
    priceFrom: null,
    createdAt: '2026-01-11T12:00:00.000Z',
    updatedAt: '2026-01-11T12:00:00.000Z',
    ...overrides,
  }
}

/** The first bytes of each image type (what the browser's check and the API look at). */
const SIGNATURES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/webp': [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [0, 0, 0, 0],
      [...'WEBP'].map((c) => c.charCodeAt(0)),
    ),
}

/**
 * A picked file of `size` bytes that starts like an image of its `type`; `text` makes its content
 * that text instead (a text file renamed `.png`).
 */
/** An order of Flor de Ceibo as the owner reads it: confirmed, pickup, in cash, $ 1.200. */
export function makeOwnerOrder(overrides: Partial<OwnerOrder> = {}): OwnerOrder {
  const id = '7a9d0c1e-0000-4000-8000-000000000999'
  return {
    _id: id,
    code: 'P-7K3Q',
    status: 'confirmado',
    createdAt: '2026-11-25T22:50:00.000Z',
    updatedAt: '2026-11-25T22:50:00.000Z',
    business: { _id: id, name: 'Flor de Ceibo', identifier: 'flor-de-ceibo' },
    items: [],
    subtotals: { UYU: 1200 },
    deliveryFee: {},
    totals: { UYU: 1200 },
    customer: { name: 'Lucía Pérez', phone: '099 555 123' },
    delivery: { method: 'pickup' },
    payment: { type: 'efectivo' },
    history: [],
    ...overrides,
  }
}

export function imageFile(
  name = 'foto.png',
  { type = 'image/png', size = 2048, text }: { type?: string; size?: number; text?: string } = {},
): File {
  if (text !== undefined) return new File([text], name, { type })
  const bytes = new Uint8Array(size)
  bytes.set((SIGNATURES[type] ?? []).slice(0, size))
  return new File([bytes], name, { type })
}

/**
 * XMLHttpRequest (used by the client's `upload` for progress) on top of the stubbed `fetch`:
 * the request is recorded by the fake API, one progress event is reported, then the reply.
 */
export function installUploadsOverFetch(): { progressEvents: number[] } {
  const progressEvents: number[] = []
  class FetchBackedXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    status = 0
    responseText = ''
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    private method = 'GET'
    private url = ''
    private headers: Record<string, string> = {}
    private replyHeaders: Headers | null = null

    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    getResponseHeader(name: string) {
      return this.replyHeaders?.get(name) ?? null
    }
    abort() {
      this.onabort?.()
    }
    send(body: Document | XMLHttpRequestBodyInit | null) {
      void (async () => {
        try {
          this.upload.onprogress?.({
            loaded: 50,
            total: 100,
            lengthComputable: true,
          } as ProgressEvent)
          progressEvents.push(50)
          const reply = await fetch(this.url, {
            method: this.method,
            headers: this.headers,
            body: body as BodyInit,
          })
          this.status = reply.status
          this.replyHeaders = reply.headers
          this.responseText = await reply.text()
          this.onload?.()
        } catch {
          this.onerror?.()
        }
      })()
    }
  }
  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr)
  return { progressEvents }
}

/** jsdom has no object URLs; previews only need distinct, revocable strings. */
export function stubObjectUrls(): { created: string[]; revoked: string[] } {
  let sequence = 0
  const created: string[] = []
  const revoked: string[] = []
  URL.createObjectURL = () => {
    const url = `blob:vista-${++sequence}`
    created.push(url)
    return url
  }
  URL.revokeObjectURL = (url: string) => void revoked.push(url)
  return { created, revoked }
}

/** The multipart body of a recorded call, as a plain list of [name, text or file name]. */
export function formEntries(body: unknown): [string, string][] {
  if (!(body instanceof FormData)) throw new Error('The call did not send a FormData body')
  return [...body.entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `file:${value.name}`,
  ])
}
