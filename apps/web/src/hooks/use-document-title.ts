import { useEffect } from 'react'

export const SITE_NAME = 'Vitrina'

/** Sets the tab title ("Planes · Vitrina"); without a title, the site's default. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title
      ? `${title} · ${SITE_NAME}`
      : `${SITE_NAME} — Tu catálogo online en minutos`
  }, [title])
}
