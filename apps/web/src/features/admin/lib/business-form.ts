/**
 * The business wizard and the edit screen share one form model (SPEC §2.13, §2.15): the values
 * the owner edits, the defaults of a new business, the values of a stored one, and the schema —
 * the contracts' step schemas joined, so the form reports exactly what the API would.
 */
import {
  businessAppearanceSchema,
  businessBasicSchema,
  businessContactSchema,
  businessFeaturesSchema,
  DEFAULT_COLORS,
  DEFAULT_FEATURES,
  DEFAULT_PLAN,
  EDIT_BG_FALLBACK,
  planTypeSchema,
} from '@vitrina/contracts'
import {
  newShopSettingsValues,
  shopSettingsToFormValues,
  type ShopSettingsFormValues,
} from './shop-settings-form'
import type {
  Business,
  BusinessCategory,
  CreateBusiness,
  Features,
  ImageAsset,
  PlanType,
} from '@vitrina/contracts'

/** A cover slide being edited: a new file, a URL typed in, or one already stored. */
export type SlideValue =
  | { id: string; kind: 'file'; file: File }
  | { id: string; kind: 'url'; url: string }
  | { id: string; kind: 'stored'; image: ImageAsset }

/** The logo: a newly picked file, the stored one, or none. */
export type LogoValue = File | ImageAsset | null

export interface SubCategoryValue {
  name: string
  /** The stored name this entry had when the edit began (lets the API cascade renames). */
  previousName?: string
}

export interface CategoryValue {
  /** Editor-only key (never sent). */
  uid: string
  name: string
  description?: string
  subCategories: SubCategoryValue[]
  previousName?: string
}

export interface BusinessFormValues extends ShopSettingsFormValues {
  name: string
  identifier: string
  category: BusinessCategory | ''
  description: string
  logo: LogoValue
  phone: string
  email: string
  address: string
  socialLinks: { facebook: string; instagram: string }
  primaryColor: string
  secondaryColor: string
  bgColor: string
  slides: SlideValue[]
  features: Features
  categories: CategoryValue[]
  planType: PlanType
}

/**
 * Every step's contracts schema joined. Logo and slides are checked when picked (type, size,
 * URL), so the schema lets them through untouched (`loose`).
 */
export const businessFormSchema = businessBasicSchema
  .extend(businessContactSchema.shape)
  .extend(businessAppearanceSchema.shape)
  .extend(businessFeaturesSchema.shape)
  .extend({ planType: planTypeSchema })
  .loose()

/** The validated values: trimmed texts, blank optionals dropped, plus the files as picked. */
export type BusinessFormOutput = Omit<CreateBusiness, 'logo' | 'slides'> & {
  logo: LogoValue
  slides: SlideValue[]
}

export type BusinessField = keyof BusinessFormValues

export interface WizardStep {
  id: 'basic' | 'contact' | 'appearance' | 'features' | 'summary'
  title: string
  /** The fields this step edits: what "Siguiente" validates before moving on. */
  fields: BusinessField[]
}

/** SPEC §2.13: the five steps, with their exact titles. The edit screen uses the first four. */
export const WIZARD_STEPS: readonly WizardStep[] = [
  {
    id: 'basic',
    title: 'Información Básica',
    fields: ['name', 'identifier', 'category', 'description'],
  },
  {
    id: 'contact',
    title: 'Información de Contacto',
    fields: [
      'logo',
      'phone',
      'email',
      'address',
      'socialLinks',
      // Issue 24 §1: how the business takes orders.
      'whatsapp',
      'deliveryOptions',
      'paymentMethods',
      'openingHours',
      // Issue 25: the currency prices are compared in, and the owner's exchange rate.
      'mainCurrency',
      'exchangeRate',
    ],
  },
  {
    id: 'appearance',
    title: 'Apariencia',
    fields: ['primaryColor', 'secondaryColor', 'bgColor', 'slides'],
  },
  { id: 'features', title: 'Características', fields: ['features', 'categories'] },
  { id: 'summary', title: 'Resumen', fields: ['planType'] },
]

export const EDIT_STEPS: readonly WizardStep[] = WIZARD_STEPS.slice(0, 4)

/** The step that edits `field` (for jumping to a server-reported error). */
export function stepOfField(steps: readonly WizardStep[], field: string): number {
  const root = field.split('.')[0] as BusinessField
  const index = steps.findIndex((step) => step.fields.includes(root))
  return index === -1 ? steps.length - 1 : index
}

/** SPEC §9: a new business starts with the default colours and every feature off. */
export function newBusinessValues(planType: PlanType = DEFAULT_PLAN): BusinessFormValues {
  return {
    name: '',
    identifier: '',
    category: '',
    description: '',
    logo: null,
    phone: '',
    email: '',
    address: '',
    socialLinks: { facebook: '', instagram: '' },
    ...DEFAULT_COLORS,
    slides: [],
    features: { ...DEFAULT_FEATURES },
    categories: [],
    planType,
    ...newShopSettingsValues(),
  }
}

let sequence = 0
/** A stable React key for an entry of an editable list (entries are removed and replaced). */
export function newListKey(): string {
  sequence += 1
  return `k${sequence}`
}

/** The stored business as editable values; every category remembers its stored name. */
export function businessToFormValues(business: Business): BusinessFormValues {
  return {
    name: business.name,
    identifier: business.identifier,
    category: business.category,
    description: business.description,
    logo: business.logo,
    phone: business.phone,
    email: business.email,
    address: business.address ?? '',
    socialLinks: {
      facebook: business.socialLinks.facebook ?? '',
      instagram: business.socialLinks.instagram ?? '',
    },
    primaryColor: business.primaryColor,
    secondaryColor: business.secondaryColor,
    // SPEC §9: the edit screen falls back to white for the background.
    bgColor: business.bgColor || EDIT_BG_FALLBACK,
    slides: business.slides.map((slide) => ({
      id: newListKey(),
      kind: 'stored' as const,
      image: slide.image,
    })),
    features: { ...DEFAULT_FEATURES, ...business.features },
    categories: business.categories.map((category) => ({
      uid: newListKey(),
      name: category.name,
      ...(category.description ? { description: category.description } : {}),
      previousName: category.name,
      subCategories: category.subCategories.map((sub) => ({
        name: sub.name,
        previousName: sub.name,
      })),
    })),
    planType: business.planType,
    ...shopSettingsToFormValues(business),
  }
}

/** SPEC §5 summary: the required fields still empty, with the labels the summary lists. */
export const REQUIRED_SUMMARY_FIELDS = [
  ['name', 'Nombre del negocio'],
  ['identifier', 'Identificador'],
  ['description', 'Descripción'],
  ['phone', 'Teléfono'],
  ['email', 'Correo electrónico'],
  ['planType', 'Plan'],
] as const

export function missingRequiredFields(values: Partial<BusinessFormValues>): string[] {
  return REQUIRED_SUMMARY_FIELDS.filter(([field]) => {
    const value = values[field]
    return typeof value !== 'string' || value.trim() === ''
  }).map(([, label]) => label)
}
