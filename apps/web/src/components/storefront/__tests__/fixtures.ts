/** Test data shaped exactly like the API's replies (contracts businessSchema / productSchema). */
import type { Business, Product } from '@vitrina/contracts'

export const OWNER_ID = '5b0e7a52-2f0c-4d7e-9a0b-3c1d2e4f5a6b'
export const BUSINESS_ID = '0f6c3f4e-8d1a-4a59-9f0e-1b2c3d4e5f60'

export function makeBusiness(overrides: Partial<Business> = {}): Business {
  return {
    _id: BUSINESS_ID,
    name: 'Almacén Lucía',
    identifier: 'almacen-lucia',
    description: 'Productos de almacén seleccionados, con envíos a todo el país.',
    category: 'alimentos',
    categories: [
      {
        name: 'Bebidas',
        description: 'Frías y calientes',
        subCategories: [{ name: 'Café' }, { name: 'Té' }],
      },
      { name: 'Dulces', subCategories: [{ name: 'Chocolates' }] },
      { name: 'Regalos', subCategories: [] },
    ],
    logo: {
      url: '/media/logo-640.webp',
      srcset: '/media/logo-320.webp 320w, /media/logo-640.webp 640w',
      width: 640,
      height: 640,
      favicon: '/media/logo-32.png',
    },
    address: 'Av. 18 de Julio 1234, Montevideo',
    phone: '+598 99 123 456',
    email: 'hola@almacenlucia.uy',
    socialLinks: { instagram: 'https://instagram.com/almacenlucia' },
    whatsapp: null,
    deliveryOptions: { pickup: true, delivery: { enabled: false, fee: {} } },
    paymentMethods: [{ type: 'efectivo' }],
    openingHours: null,
    timeZone: 'America/Montevideo',
    primaryColor: '#1B4332',
    secondaryColor: '#D8F3DC',
    bgColor: '#1B4332',
    features: {
      nationwide_shipping: true,
      same_day_delivery: false,
      physical_store: true,
      card_payment: false,
      mercadopago: true,
    },
    slides: [
      { image: { url: '/media/slide1-1280.webp', width: 1280, height: 720 } },
      { image: { url: '/media/slide2-1280.webp', width: 1280, height: 720 } },
    ],
    planType: 'free',
    mainCurrency: 'UYU',
    exchangeRate: 40,
    exchangeRateDate: null,
    userId: OWNER_ID,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}

let sequence = 0

export function makeProduct(overrides: Partial<Product> = {}): Product {
  sequence += 1
  const price = overrides.price ?? 1000
  const discount = overrides.discount ?? 0
  return {
    _id: `7a9d0c1e-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    businessId: BUSINESS_ID,
    slug: `producto-${sequence}`,
    name: `Producto ${sequence}`,
    description: 'Una descripción corta.',
    info: null,
    price,
    discount,
    finalPrice: Math.round((price - (price * discount) / 100) * 100) / 100,
    currency: 'UYU',
    currencySymbol: overrides.currency === 'USD' ? 'US$' : '$',
    code: null,
    isFeatured: false,
    isNew: false,
    isOffer: discount > 0,
    image: {
      url: `/media/p${sequence}-640.webp`,
      srcset: `/media/p${sequence}-320.webp 320w, /media/p${sequence}-640.webp 640w`,
      width: 640,
      height: 640,
    },
    images: [],
    tags: [],
    specifications: [],
    category: 'Bebidas',
    subCategory: null,
    status: 'active',
    options: [],
    variants: [],
    trackStock: false,
    available: true,
    lowStock: null,
    priceFrom: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}
