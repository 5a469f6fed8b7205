import { useEffect } from 'react'
import { documentTitle, SITE_NAME } from '@vitrina/contracts'

export { SITE_NAME }

/**
 * Sets the tab title ("Planes · Vitrina"); without a title, the site's default. The platform's own
 * pages get the same title from the server first (contracts' PLATFORM_PAGE_TITLES, issue 41).
 */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
