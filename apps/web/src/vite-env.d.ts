/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Page-view analytics service: unset/'none' or 'console' (see src/lib/page-views.ts). */
  readonly VITE_ANALYTICS_PROVIDER?: string
  /** Platform contact details shown in the footer and contact page (src/config/site.ts). */
  readonly VITE_CONTACT_EMAIL?: string
  readonly VITE_SUPPORT_EMAIL?: string
  readonly VITE_CONTACT_PHONE?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
