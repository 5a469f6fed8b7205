import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import type { Business, Product } from '@vitrina/contracts'
import { businessKeys } from '../api/businesses'
import { productKeys } from '../api/products'
import { prefersReducedMotion } from '../hooks/use-reduced-motion'
import { trackPageView } from '../lib/page-views'
import { storefrontPageOf } from '../lib/site'

/**
 * SPEC §2.1: the page scrolls smoothly to the top on every route change. Not on the first
 * render: the browser places a loaded page, and a server-rendered one may hydrate after the
 * visitor has scrolled (ADR 017).
 */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation()
  const isFirst = useRef(true)
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false
      return
    }
    if (hash) return // an in-page anchor decides where to scroll
    window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }, [pathname, hash])
}

/**
 * SPEC §2.18: every page view is reported to the analytics adapter; a storefront's (its business
 * loaded by the route, issue 26) also to the owner's insights.
 */
function usePageViews() {
  const { pathname, search } = useLocation()
  const queryClient = useQueryClient()
  useEffect(() => {
    // Its segments as the route params read them (contracts' storefront paths).
    const page = storefrontPageOf(pathname)
    const business = page
      ? queryClient.getQueryData<Business>(businessKeys.byIdentifier(page.identifier))
      : undefined
    // Issue 27 §3: a product's page is read by its slug; its insights count its id.
    const product =
      business && page?.kind === 'product'
        ? queryClient.getQueryData<Product>(
            productKeys.bySlug(page.identifier, page.slug.toLowerCase()),
          )
        : undefined
    // Child pages set their title in their own effects, which run before this one.
    trackPageView({
      path: `${pathname}${search}`,
      title: document.title,
      businessId: business?._id,
      productId: product?._id,
    })
  }, [pathname, search, queryClient])
}

export function RootLayout() {
  useScrollToTopOnNavigate()
  usePageViews()
  return <Outlet />
}
