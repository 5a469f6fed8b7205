/**
 * What decides a page's `<head>` and HTTP status (issue 42 §1): the matched routes. A route
 * module may export `head(args)`, read from the same query cache its loader filled; the deepest
 * matched route that answers wins, and a page whose routes say nothing gets the platform's head.
 * The server writes the result into the document it sends (ssr/document.ts); the browser applies
 * it at each navigation (ssr/head-updater.ts). Nothing else sets these tags.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { Business, Product } from '@vitrina/contracts'
import type { Params } from 'react-router'
import {
  documentTitle,
  PLATFORM_DESCRIPTION,
  PLATFORM_PAGE_TITLES,
  PLATFORM_THEME_COLOR,
} from '@vitrina/contracts'

export interface PageHead {
  /** The whole `<title>`. */
  title: string
  description?: string
  keywords?: readonly string[]
  author?: string
  robots?: 'index,follow' | 'noindex'
  /** Absolute: the page's one address (also its `og:url`). */
  canonical?: string
  ogType?: 'website' | 'product'
  /** The share image (absolute), with its size when known. */
  image?: { url: string; width?: number; height?: number }
  /** A 32×32 PNG; without one, the platform's SVG icon. */
  favicon?: string
  /** The browser's bar colour. */
  themeColor: string
  /** An installable storefront (ADR 026): its manifest and home-screen icon. */
  app?: { manifest: string; touchIcon: string }
  /** What the page's JSON-LD describes (written by the server: ssr/structured-data.ts). */
  structuredData?: StructuredData
}

export type StructuredData =
  { type: 'store'; business: Business } | { type: 'product'; business: Business; product: Product }

/** The response's status as the route decides it (a redirect is its loader's `redirect`). */
export type PageStatus = 200 | 404 | 410

export interface RouteDocument {
  head: PageHead
  status?: PageStatus
  /** The business the page shows: the server's copy of the page goes with its writes. */
  businessId?: string
}

export interface HeadArgs {
  queryClient: QueryClient
  params: Params
  url: URL
}

/** A route module's `head` export: null when the route leaves the page to its parent's. */
export type RouteHead = (args: HeadArgs) => RouteDocument | null

/** The platform's own pages: their title (contracts' PLATFORM_PAGE_TITLES) and description. */
export function platformHead(pathname: string): PageHead {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return {
    title: documentTitle(PLATFORM_PAGE_TITLES[path]),
    description: PLATFORM_DESCRIPTION,
    themeColor: PLATFORM_THEME_COLOR,
  }
}

interface Match {
  route: object
  params: Params
}

/** The head and status of the page `matches` make at `url`. */
export function pageDocument(
  matches: readonly Match[],
  queryClient: QueryClient,
  url: URL,
): RouteDocument & { status: PageStatus } {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const { route, params } = matches[index]!
    const head = (route as { head?: RouteHead }).head
    const answer = head?.({ queryClient, params, url })
    if (answer) return { ...answer, status: answer.status ?? 200 }
  }
  return { head: platformHead(url.pathname), status: 200 }
}
